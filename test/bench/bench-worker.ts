import { forkChild } from './bench-children';

/** The worker in its own process (bench-app.ts), without --expose-gc: RSS as in production. */
export function forkWorker(env: NodeJS.ProcessEnv = process.env) {
  const worker = forkChild('./bench-app', ['worker'], { env });
  const rss = async () => {
    const answer = worker.next<{ rss?: number }>('heap');
    worker.child.send({ kind: 'heap' });
    return (await answer).rss ?? 0;
  };
  return { ready: worker.next('ready'), rss, stop: worker.stop };
}

export type ForkedWorker = ReturnType<typeof forkWorker>;
