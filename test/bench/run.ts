import 'reflect-metadata';
import { cpus, totalmem } from 'node:os';
import type { Bench, BenchRow } from './bench-kit';
import { coordinationBench } from './coordination.bench';
import { notificationsBench } from './notifications.bench';
import { dashboardBench } from './dashboard.bench';
import { deadlineRemindersBench } from './deadline-reminders.bench';
import { logsBench } from './logs.bench';
import { processesBench } from './processes.bench';
import { purchaseOrdersBench } from './purchase-orders.bench';
import { reportsBench } from './reports.bench';
import { signatureBlocksBench } from './signature-blocks.bench';
import { templatesBench } from './templates.bench';

/**
 * `npm run bench`: runs every benchmark against the local PostgreSQL and Redis (each in its own
 * throw-away database and Redis prefix) and prints one table. A benchmark adds itself to BENCHES.
 */
const BENCHES: Bench[] = [
  processesBench,
  dashboardBench,
  notificationsBench,
  purchaseOrdersBench,
  logsBench,
  reportsBench,
  templatesBench,
  coordinationBench,
  deadlineRemindersBench,
  signatureBlocksBench,
];

async function main(): Promise<void> {
  const only = process.argv[2];
  const rows: BenchRow[] = [];
  console.log(
    `Máquina: ${cpus().length}× ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
  );
  for (const bench of BENCHES.filter((b) => !only || b.name === only)) {
    console.log(`\n▶ ${bench.name}`);
    rows.push(...(await bench.run()));
  }
  console.table(rows.map((r) => ({ ...r, ok: r.ok === undefined ? '' : r.ok ? 'sim' : 'NÃO' })));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
