import type { INestApplicationContext } from '@nestjs/common';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { loadEnv, resetEnvCache } from '#server/config/env';
import type { ExportProgressPayload, ExportReadyPayload } from '#server/contracts/audit';
import { reportExportDownloadPath, reportExportLink, type ReportExportQueued } from '#server/contracts/reports';
import { seedProcesses } from '#test/factories/process-seed';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, connectSocket, login, startWorker } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';
import { type BuiltProcess, spawnBuilt } from '#test/setup/built-process';
import { eventually, quietPeriod } from '#test/setup/eventually';

const PROCESSES = 3000;
/** Job lock of both workers: a dead worker's job is taken over within about three times this. */
const LOCK_MS = '3000';

/**
 * A worker killed (SIGKILL) in the middle of an XLSX report export. Another worker takes
 * the stalled job over; the export completes, the user is notified once, and the storage holds
 * exactly one file for it (no half file, no temporary leftover).
 */
describe('a worker killed in the middle of a report export', () => {
  const { server } = useServerSuite({
    before: () => {
      process.env.REPORT_EXPORT_WAIT_MS = '500';
      process.env.WORKER_LOCK_MS = LOCK_MS;
      resetEnvCache();
    },
    after: () => {
      delete process.env.REPORT_EXPORT_WAIT_MS;
      delete process.env.WORKER_LOCK_MS;
    },
  });
  let crashing: BuiltProcess | undefined;
  let worker: INestApplicationContext | undefined;

  afterAll(async () => {
    if (crashing?.child.exitCode === null) crashing.child.kill('SIGKILL');
    await worker?.close();
  });

  it('completes on another worker with exactly one file and one notification', async () => {
    const user = await createUser(server.dataSource, { username: 'exporta.grande', name: 'Gestor Paciente' });
    await seedProcesses(server.dataSource, { count: PROCESSES, userIds: [user.id], confidentialRatio: 0 });
    const { token } = await login(server.url, 'exporta.grande', TEST_PASSWORD);
    const socket = await connectSocket(server.url, token);
    const progress: ExportProgressPayload[] = [];
    const ready: ExportReadyPayload[] = [];
    socket.on('export:progress', (p) => progress.push(p));
    socket.on('export:ready', (p) => ready.push(p));
    try {
      // The built worker, slowed down (a pause every 100 detail rows), starts the export…
      crashing = spawnBuilt('worker/src/main.js', {
        ...process.env,
        REPORT_EXPORT_TEST_DELAY_MS: '100',
        LOG_LEVEL: 'warn',
      });
      const res = await api<ReportExportQueued>(server.url, 'GET', '/reports/processes/export/xlsx', { token });
      expect(res.status).toBe(202);
      const { exportId } = res.body;
      await eventually(
        () => progress.some((p) => p.exportId === exportId && p.processed > 5 && p.processed < 100),
        `o worker escrever parte do detalhamento: ${crashing.output()}`,
        { timeoutMs: 60_000 },
      );
      // …and dies mid-export: a temporary file is left, no final file.
      crashing.child.kill('SIGKILL');
      await crashing.exited;
      const folder = path.join(path.resolve(loadEnv().STORAGE_DIR), 'report-exports', user.id);
      expect(await readdir(folder)).toEqual([`.processes-${exportId}.xlsx.part`]);
      expect(ready).toEqual([]);

      worker = await startWorker();
      await eventually(() => ready.length > 0, 'outro worker concluir a exportação', { timeoutMs: 60_000 });
      const link = reportExportLink('processes', 'xlsx', exportId);
      const notified = () =>
        server.dataSource.query<{ title: string }[]>(
          `SELECT title FROM notifications WHERE user_id = $1 AND link = $2`,
          [user.id, link],
        );
      await eventually(async () => (await notified()).length > 0, 'a notificação', { timeoutMs: 15_000 });
      await quietPeriod(1000);
      expect(await notified()).toEqual([{ title: 'Exportação concluída' }]);
      expect(ready).toEqual([
        { exportId, rows: PROCESSES, downloadPath: reportExportDownloadPath('processes', 'xlsx', exportId) },
      ]);
      expect(await readdir(folder)).toEqual([`processes-${exportId}.xlsx`]);

      const file = await fetch(`${server.url}/api${ready[0].downloadPath}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(file.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await file.arrayBuffer());
      const detail = workbook.getWorksheet('Detalhamento dos Processos')!;
      expect(detail.rowCount).toBe(PROCESSES + 1);
      expect(new Set(detail.getColumn(1).values.slice(2)).size).toBe(PROCESSES);
    } finally {
      socket.disconnect();
    }
  });
});
