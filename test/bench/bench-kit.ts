import { loadavg } from 'node:os';

/**
 * Small helpers shared by the benchmarks: percentiles, timing and a uniform result row. A row's
 * value is a number; its unit is in the metric's name ('API p95 (ms)'), so `--json` output can be
 * compared across runs by a program (docs/README "Benchmarks").
 */
export interface BenchRow {
  suite: string;
  metric: string;
  value: number;
  goal?: string;
  ok?: boolean;
}

export interface Bench {
  name: string;
  run: () => Promise<BenchRow[]>;
}

/** A goal a figure is held to: at most, at least, or exactly a number (in the row's unit). */
export type Goal = { atMost: number } | { atLeast: number } | { equals: number };

function judge(value: number, goal: Goal): { goal: string; ok: boolean } {
  if ('atMost' in goal) return { goal: `≤ ${goal.atMost}`, ok: value <= goal.atMost };
  if ('atLeast' in goal) return { goal: `≥ ${goal.atLeast}`, ok: value >= goal.atLeast };
  return { goal: `= ${goal.equals}`, ok: value === goal.equals };
}

/**
 * One result row. `unit` goes into the metric's name ('' for a pure count or ratio named as such);
 * the value is rounded to two decimals.
 */
export function row(suite: string, metric: string, unit: string, value: number, goal?: Goal): BenchRow {
  const rounded = Math.round(value * 100) / 100;
  return { suite, metric: unit ? `${metric} (${unit})` : metric, value: rounded, ...(goal && judge(rounded, goal)) };
}

/** The machine's load average (1, 5 and 15 min) at a moment of a suite ('no início', 'no fim'). */
export function loadRows(suite: string, when: string): BenchRow[] {
  const [one, five, fifteen] = loadavg();
  return [
    row(suite, `carga ${when}, média 1 min`, '', one),
    row(suite, `carga ${when}, média 5 min`, '', five),
    row(suite, `carga ${when}, média 15 min`, '', fifteen),
  ];
}

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

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

/** 'fetch failed' says little on its own: its cause (ECONNRESET, ECONNREFUSED…) is what matters. */
export function describeFetchError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  return cause ? `${String(error)} (${cause.code ?? cause.message})` : String(error);
}
