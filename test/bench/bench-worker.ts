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

/**
 * Samples the worker's RSS every 200 ms from now; `stop()` ends it and answers how far the peak
 * rose above the first sample, in MB (the export benches' 'crescimento do RSS').
 */
export async function watchRssGrowth(worker: ForkedWorker): Promise<{ stop: () => Promise<number> }> {
  const before = await worker.rss();
  let peak = before;
  let running = true;
  const sampling = (async () => {
    while (running) {
      peak = Math.max(peak, await worker.rss());
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await sampling;
      return (peak - before) / 2 ** 20;
    },
  };
}
