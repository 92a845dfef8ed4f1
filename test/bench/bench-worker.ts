import { fork } from 'node:child_process';

type Message = { kind: string; message?: string; rss?: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The worker in its own process (bench-app.ts), without --expose-gc: RSS as in production. */
export function forkWorker(env: NodeJS.ProcessEnv = process.env) {
  const child = fork(require.resolve('./bench-app'), ['worker'], { stdio: 'inherit', env });
  const next = (kind: string) =>
    new Promise<Message>((resolve, reject) => {
      const onMessage = (message: Message) => {
        if (message.kind !== kind && message.kind !== 'error') return;
        child.off('message', onMessage);
        if (message.kind === 'error') reject(new Error(message.message));
        else resolve(message);
      };
      child.on('message', onMessage);
    });
  const rss = async () => {
    const answer = next('heap');
    child.send({ kind: 'heap' });
    return (await answer).rss ?? 0;
  };
  const stop = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.send({ kind: 'stop' });
    await Promise.race([exited, sleep(15_000).then(() => child.kill())]);
  };
  return { ready: next('ready'), rss, stop };
}

export type ForkedWorker = ReturnType<typeof forkWorker>;
