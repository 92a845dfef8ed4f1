import type { INestApplicationContext } from '@nestjs/common';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { loadEnv } from '#server/config/env';
import { localIsoDate } from '#server/contracts/dates';
import { REPORT_EXPORT_MESSAGES } from '#server/contracts/reports';
import { seedProcesses } from '#test/factories/process-seed';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { startWorker } from '#test/setup/app';
import { eventually } from '#test/setup/eventually';
import { clickButton, loginThroughUi, useBrowserSuite } from '#test/setup/browser';

// Read when the suite's server and worker start: the server answers 202 after 300 ms and the
// worker pauses every 100 detail rows (test-only knob), so the export outlives the request.
process.env.REPORT_EXPORT_WAIT_MS = '300';
process.env.REPORT_EXPORT_TEST_DELAY_MS = '100';

const PROCESSES = 1500;

/** docs/reports.md#exports: an export that outlives the request keeps its bar, says so, and downloads when ready. */
describe('a long report export in the browser', () => {
  const suite = useBrowserSuite();
  let worker: INestApplicationContext;

  beforeAll(async () => {
    worker = await startWorker();
    const gestora = await createUser(suite.server.dataSource, { username: 'gestora.longa', role: 'admin' });
    await seedProcesses(suite.server.dataSource, { count: PROCESSES, userIds: [gestora.id] });
  });
  afterAll(() => worker.close());

  it('keeps the progress bar with the notice after the 202 and downloads the file on export:ready', async () => {
    const { app } = suite;
    await loginThroughUi(app, 'gestora.longa', TEST_PASSWORD);
    await app.goto('/reports');
    await clickButton(app.page, 'Gerar Relatório');
    await app.page.waitForSelector('.report-result');
    const downloads = mkdtempSync(join(tmpdir(), 'semgi-relatorio-longo-'));
    try {
      const cdp = await app.page.createCDPSession();
      await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
      await clickButton(app.page, 'Exportar Excel');
      await app.waitForText(REPORT_EXPORT_MESSAGES.queued, '.report-result__actions');
      expect(await app.page.$('.report-export-progress')).not.toBeNull();
      const file = join(downloads, `relatorio-processes-${localIsoDate(new Date(), loadEnv().TIME_ZONE)}.xlsx`);
      await eventually(() => existsSync(file) && readFileSync(file).length > 0, 'o Excel baixado', {
        timeoutMs: 60_000,
        intervalMs: 100,
      });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(file);
      expect(workbook.getWorksheet('Detalhamento dos Processos')!.rowCount).toBe(PROCESSES + 1);
      await app.page.waitForFunction(`!document.querySelector('.report-export-progress')`);
      expect(app.dialogs).toEqual([]);
    } finally {
      rmSync(downloads, { recursive: true, force: true });
    }
  });
});
