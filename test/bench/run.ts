import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import type { Bench, BenchRow } from './bench-kit';
import { coordinationBench } from './coordination.bench';
import { notificationsBench } from './notifications.bench';
import { notificationPageBench } from './notification-page.bench';
import { dashboardBench } from './dashboard.bench';
import { deadlineRemindersBench } from './deadline-reminders.bench';
import { logsBench } from './logs.bench';
import { processesBench } from './processes.bench';
import { purchaseOrdersBench } from './purchase-orders.bench';
import { reportsBench } from './reports.bench';
import { signatureBlocksBench } from './signature-blocks.bench';
import { templatesBench } from './templates.bench';

/**
 * `npm run bench [NAME] [--json FILE]`: runs every benchmark (or NAME) against the local PostgreSQL
 * and Redis (each in its own throw-away database and Redis prefix). Each bench's rows print as it
 * finishes and, with --json, the file holds every row so far (an array of {suite, metric, value,
 * goal, ok}). A failing bench is reported and the others still run; the exit code is 1 when one failed.
 * A bench adds itself to BENCHES.
 */
const BENCHES: Bench[] = [
  processesBench,
  dashboardBench,
  notificationsBench,
  notificationPageBench,
  purchaseOrdersBench,
  logsBench,
  reportsBench,
  templatesBench,
  coordinationBench,
  deadlineRemindersBench,
  signatureBlocksBench,
];

function parseArgs(args: string[]): { only?: string; json?: string } {
  const jsonAt = args.indexOf('--json');
  const json = jsonAt >= 0 ? args[jsonAt + 1] : undefined;
  if (jsonAt >= 0 && !json) throw new Error('--json exige o caminho do arquivo');
  const only = args.filter((_, i) => jsonAt < 0 || (i !== jsonAt && i !== jsonAt + 1))[0];
  if (only && !BENCHES.some((b) => b.name === only)) {
    throw new Error(`benchmark desconhecido: ${only} (há: ${BENCHES.map((b) => b.name).join(', ')})`);
  }
  return { only, json };
}

function printRows(rows: BenchRow[]): void {
  const shown = (value: number) => value.toLocaleString('pt-BR', { maximumFractionDigits: 2 });
  console.table(
    rows.map((r) => ({
      suite: r.suite,
      metric: r.metric,
      value: shown(r.value),
      goal: r.goal ?? '',
      ok: r.ok === undefined ? '' : r.ok ? 'sim' : 'NÃO',
    })),
  );
}

async function main(): Promise<number> {
  const { only, json } = parseArgs(process.argv.slice(2));
  const rows: BenchRow[] = [];
  const failed: string[] = [];
  console.log(
    `Máquina: ${cpus().length}× ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
  );
  // An error nobody awaited (a stray socket or request) is reported against the bench that runs,
  // instead of killing the whole run before any table prints.
  let current = '';
  process.on('unhandledRejection', (error) => {
    console.error(`\n✖ erro não tratado durante ${current}:`, error);
    if (!failed.includes(current)) failed.push(current);
  });
  for (const bench of BENCHES.filter((b) => !only || b.name === only)) {
    current = bench.name;
    console.log(`\n▶ ${bench.name}`);
    try {
      const benchRows = await bench.run();
      printRows(benchRows);
      rows.push(...benchRows);
    } catch (error) {
      console.error(`\n✖ ${bench.name} falhou:`, error);
      failed.push(bench.name);
    }
    if (json) await writeFile(json, `${JSON.stringify(rows, null, 2)}\n`);
  }
  if (failed.length) console.error(`\nBenchmarks que falharam: ${failed.join(', ')}`);
  return failed.length ? 1 : 0;
}

// Ctrl-C or a kill ends the run; the children see their IPC channel close and exit (bench-children.ts).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
