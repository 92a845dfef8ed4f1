import type { INestApplicationContext } from '@nestjs/common';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { HTTPRequest } from 'puppeteer-core';
import { loadEnv } from '#server/config/env';
import { localIsoDate } from '#server/contracts/dates';
import type { ReportRequesterOption, ReportsByType, ReportType } from '#server/contracts/reports';
import { REPORT_EXPORT_MESSAGES, REPORT_MESSAGES } from '#server/contracts/reports';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { seedReportData } from '#test/factories/report-seed';
import { seedDeadlines } from '#test/factories/process-seed';
import { DeadlineClock } from '#server/domain/deadlines/deadline-clock';
import { api, login, startWorker } from '#test/setup/app';
import { eventually } from '#test/setup/eventually';
import { chooseOption, clickButton, loginThroughUi, openSelect, useBrowserSuite } from '#test/setup/browser';

const pt = (n: number) => new Intl.NumberFormat('pt-BR').format(n);

/** docs/reports.md#screen: /reports generates each report type with cards, tables and charts; print; errors. */
describe('reports in the browser', () => {
  const suite = useBrowserSuite();
  let adminToken: string;
  let userIds: string[];
  let worker: INestApplicationContext;

  beforeAll(async () => {
    worker = await startWorker();
    const { dataSource } = suite.server;
    const people = [
      await createUser(dataSource, {
        username: 'gestora',
        name: 'Gestora Lima',
        department: 'Gabinete',
        role: 'admin',
      }),
      await createUser(dataSource, { username: 'operador', name: 'Operador Souza', department: 'Financeiro' }),
      await createUser(dataSource, { username: 'juliana', name: 'Juliana Prado', department: 'Jurídico' }),
    ];
    userIds = people.map((p) => p.id);
    await seedReportData(dataSource, userIds);
    const processIds = (await dataSource.query<{ id: string }[]>('SELECT id FROM processes')).map((p) => p.id);
    await seedDeadlines(dataSource, processIds, suite.server.app.get(DeadlineClock).today());
    adminToken = (await login(suite.server.url, 'gestora', TEST_PASSWORD)).token;
  });
  afterAll(() => worker.close());

  const apiReport = async <T extends ReportType>(type: T, query = '', token = adminToken) =>
    (await api<ReportsByType[T]>(suite.server.url, 'GET', `/reports/${type}${query}`, { token })).body;

  const summaryValue = (label: string) =>
    suite.app.page.evaluate(
      `Array.from(document.querySelectorAll('.report-summary__card'))
         .find((c) => c.querySelector('.report-summary__label').textContent === ${JSON.stringify(label)})
         ?.querySelector('.report-summary__value').textContent ?? null`,
    ) as Promise<string | null>;

  const count = (selector: string) =>
    suite.app.page.evaluate(`document.querySelectorAll(${JSON.stringify(selector)}).length`) as Promise<number>;

  const chooseType = async (label: string) => {
    await openSelect(suite.app.page, '.report-filters', 'Tipo de Relatório');
    await chooseOption(suite.app.page, label);
  };

  const generate = async () => {
    await clickButton(suite.app.page, 'Gerar Relatório');
    await suite.app.page.waitForSelector('.report-result');
    await suite.app.page.waitForFunction(`!document.querySelector('.reports-results[aria-busy="true"]')`);
  };

  it('generates the five reports with their figures, charts and details', async () => {
    const { app } = suite;
    await loginThroughUi(app, 'gestora', TEST_PASSWORD);
    await app.goto('/reports');
    await app.waitForText('Relatórios e Indicadores', 'h1');
    await app.waitForText(REPORT_MESSAGES.empty, '.reports-results');

    // Processes: the four cards, both charts drawn, the tables.
    const processes = await apiReport('processes');
    await generate();
    await app.waitForText('Relatório de Processos', '.report-result');
    expect(await summaryValue('Total')).toBe(pt(processes.totalProcesses));
    expect(await summaryValue('Concluídos')).toBe(pt(processes.completed));
    expect(await summaryValue('Em Andamento')).toBe(pt(processes.inProgress));
    expect(await summaryValue('Tempo Médio')).toMatch(/^\d+,\d dias?$/);
    await app.page.waitForSelector('.report-chart .echart__canvas svg');
    expect(await count('.report-chart .echart__canvas svg')).toBe(2);
    await app.waitForText('Processos por Mês', '.report-result');
    await app.waitForText(processes.byDepartment[0].department, '.report-result table');

    // Changing the type clears the result.
    await chooseType('Documentos');
    await app.waitForText(REPORT_MESSAGES.empty, '.reports-results');
    const documents = await apiReport('documents');
    await generate();
    expect(await summaryValue('Total de Documentos')).toBe(pt(documents.totalDocuments));
    await app.waitForText('Maiores Arquivos', '.report-result');
    await app.waitForText('Desconhecido', '.report-result table');

    // Users, with one user picked in the searchable picker.
    await chooseType('Usuários');
    // The picker's list comes with the screen's user lookup: type again until the option shows (under
    // load the first keystrokes can land before the list is there).
    const input = await app.page.waitForSelector('.report-user-picker input:not([disabled])');
    await eventually(
      async () => {
        await input!.click({ count: 3 });
        await input!.type('Juliana');
        return (await app.page.$('::-p-aria([name="Juliana Prado (Jurídico)"][role="option"])')) !== null;
      },
      'a opção Juliana Prado no seletor de usuários',
      { timeoutMs: 15_000, intervalMs: 500 },
    );
    await chooseOption(app.page, 'Juliana Prado (Jurídico)');
    const users = await apiReport('users', `?userId=${userIds[2]}`);
    await generate();
    expect(await summaryValue('Total de Usuários')).toBe(pt(users.totalUsers));
    expect(await summaryValue('Processos Criados')).toBe(pt(users.userDetail!.metrics.createdProcesses));
    await app.waitForText('Juliana Prado', '.report-detail h3');
    await app.waitForText('Usuários Mais Ativos', '.report-result');

    // Requesters, with one requester picked.
    await chooseType('Solicitantes');
    const options = (
      await api<ReportRequesterOption[]>(suite.server.url, 'GET', '/reports/unique-requesters', { token: adminToken })
    ).body;
    const external = options.find((o) => o.isExternal)!;
    await openSelect(app.page, '.report-filters', 'Solicitante');
    await chooseOption(app.page, `${external.name} (Externo)`);
    const requesters = await apiReport('requesters', `?requesterId=${external.id}`);
    await generate();
    expect(await summaryValue('Total de Solicitantes')).toBe(pt(requesters.totalRequesters));
    expect(await summaryValue('Solicitações')).toBe(pt(requesters.requesterDetail!.requestCount));
    await app.waitForText(external.name, '.report-detail h3');
    await app.waitForText('Externo', '.report-detail');

    // Cumprimento de Prazos: the figures, the chart by month and both tables.
    await chooseType('Cumprimento de Prazos');
    const deadlines = await apiReport('deadlines');
    expect(deadlines.total).toBeGreaterThan(0);
    await generate();
    await app.waitForText('Relatório de Cumprimento de Prazos', '.report-result');
    expect(await summaryValue('Prazos Apurados')).toBe(pt(deadlines.total));
    expect(await summaryValue('Cumpridos no Prazo')).toBe(pt(deadlines.metOnTime));
    expect(await summaryValue('Vencidos em Aberto')).toBe(pt(deadlines.overdue));
    expect(await summaryValue('Cumprimento no Prazo')).toMatch(/^\d+,\d%$/);
    await app.page.waitForSelector('.report-chart .echart__canvas svg');
    await app.waitForText('Prazos por Departamento Responsável', '.report-result');
    await app.waitForText(deadlines.byDepartment[0].department, '.report-result table');
  });

  it('keeps the previous result under the error banner when generating fails; a failed export alerts', async () => {
    const { app } = suite;
    await loginThroughUi(app, 'gestora', TEST_PASSWORD);
    await app.goto('/reports');
    await generate();
    const before = await summaryValue('Total');
    await app.page.setRequestInterception(true);
    const failReports = (request: HTTPRequest) => {
      if (request.url().includes('/api/reports/processes')) {
        void request.respond({ status: 500, contentType: 'application/json', body: '{"statusCode":500}' });
      } else void request.continue();
    };
    app.page.on('request', failReports);
    await clickButton(app.page, 'Gerar Relatório');
    await app.waitForText(REPORT_MESSAGES.generateFailed, '[role="alert"]');
    expect(await summaryValue('Total')).toBe(before);

    // A failed export is an alert with the spec's text.
    await clickButton(app.page, 'Exportar PDF');
    await eventually(() => app.dialogs.length > 0, 'o alerta de exportação');
    expect(app.dialogs).toEqual([REPORT_EXPORT_MESSAGES.failed('pdf')]);
  });

  it('limits the user picker to oneself without permission, and prints without sidebar or buttons', async () => {
    const { app } = suite;
    await loginThroughUi(app, 'operador', TEST_PASSWORD);
    await app.goto('/reports');
    await app.page.waitForSelector('.report-filters');
    await chooseType('Usuários');
    await app.waitForText(REPORT_MESSAGES.usersLimited, '.report-filters');
    const input = await app.page.waitForSelector('.report-user-picker input');
    await input!.click();
    await app.page.waitForSelector('[role="option"]');
    expect(await count('[role="option"]')).toBe(1);
    await chooseOption(app.page, 'Operador Souza (Financeiro)');
    await generate();
    const own = await apiReport(
      'users',
      `?userId=${userIds[1]}`,
      (await login(suite.server.url, 'operador', TEST_PASSWORD)).token,
    );
    expect(await summaryValue('Atividade Total')).toBe(pt(own.userDetail!.metrics.totalActivity));

    await app.page.emulateMediaType('print');
    const shown = (selector: string) =>
      app.page.evaluate(
        `Array.from(document.querySelectorAll(${JSON.stringify(selector)})).filter((el) => getComputedStyle(el).display !== 'none').length`,
      ) as Promise<number>;
    expect(await shown('.sidebar')).toBe(0);
    expect(await shown('.header')).toBe(0);
    expect(await shown('.report-filters')).toBe(0);
    expect(await shown('.reports-page button')).toBe(0);
    expect(await shown('.report-result')).toBe(1);
    expect(await shown('.report-summary')).toBe(2);
    await app.page.emulateMediaType('screen');
  });

  it('downloads the report as Excel and PDF files rendered by the worker, with a live progress bar', async () => {
    const { app } = suite;
    await loginThroughUi(app, 'gestora', TEST_PASSWORD);
    await app.goto('/reports');
    await generate();
    const processes = await apiReport('processes');
    const downloads = mkdtempSync(join(tmpdir(), 'semgi-relatorio-'));
    const cdp = await app.page.createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
    const day = localIsoDate(new Date(), loadEnv().TIME_ZONE);

    // Records the progress bar while it exists (it goes away once the file is downloaded).
    await app.page.evaluate(`(() => {
      window.__progress = [];
      const observer = new MutationObserver(() => {
        const bar = document.querySelector('.report-export-progress');
        if (bar) window.__progress.push(Number(bar.value));
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    })()`);
    await clickButton(app.page, 'Exportar Excel');
    const xlsxPath = join(downloads, `relatorio-processes-${day}.xlsx`);
    await eventually(() => existsSync(xlsxPath) && readFileSync(xlsxPath).length > 0, 'o Excel baixado', {
      intervalMs: 100,
      // The worker renders it; on a CI machine shared by two test files, 10 s was once too short.
      timeoutMs: 30_000,
    });
    const seen = (await app.page.evaluate('window.__progress')) as number[];
    expect(seen.length).toBeGreaterThan(0);
    expect(Math.max(...seen)).toBeGreaterThanOrEqual(5);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(xlsxPath);
    const facts = new Map<string, unknown>();
    workbook.getWorksheet('Resumo')!.eachRow((row) => facts.set(row.getCell(1).text, row.getCell(2).value));
    expect(facts.get('Total')).toBe(processes.totalProcesses);

    await clickButton(app.page, 'Exportar PDF');
    const pdfPath = join(downloads, `relatorio-processes-${day}.pdf`);
    await eventually(() => existsSync(pdfPath) && readFileSync(pdfPath).length > 0, 'o PDF baixado', {
      intervalMs: 100,
      // The worker renders it; on a CI machine shared by two test files, 10 s was once too short.
      timeoutMs: 30_000,
    });
    expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
    expect(app.dialogs).toEqual([]);
  });
});
