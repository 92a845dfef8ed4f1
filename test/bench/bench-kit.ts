/** Small helpers shared by the benchmarks: percentiles and a uniform result row. */
export interface BenchRow {
  suite: string;
  metric: string;
  value: string;
  goal?: string;
  ok?: boolean;
}

export interface Bench {
  name: string;
  run: () => Promise<BenchRow[]>;
}

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export const ms = (value: number) => `${value.toFixed(2)} ms`;

/** Times `fn` `iterations` times after `warmup` untimed runs; returns milliseconds per call. */
export async function timeCalls(fn: () => Promise<unknown>, iterations: number, warmup = 20): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return samples;
}
