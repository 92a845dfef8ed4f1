import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { loadEnv } from '#server/config/env';
import type { ExportProgressPayload } from '#server/contracts/audit';
import { localIsoDate, monthLabel } from '#server/contracts/dates';
import { PROCESS_STATUS_LABELS, type ProcessStatus } from '#server/contracts/processes';
import {
  REPORT_EXPORT_MESSAGES,
  REPORT_MESSAGES,
  REPORT_PDF_DETAIL_CAP,
  type ReportsByType,
} from '#server/contracts/reports';
import { seedProcesses } from '#test/factories/process-seed';
import { createProcessViaApi } from '#test/factories/processes';
import { loadSnapshot, type Viewer, visibleProcesses } from '#test/factories/report-expectations';
import { seedReportData } from '#test/factories/report-seed';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, connectSocket, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';
import { quietPeriod } from '#test/setup/eventually';

const run = promisify(execFile);
const pt = (n: number) => new Intl.NumberFormat('pt-BR').format(n);
const statusLabel = (status: string) => PROCESS_STATUS_LABELS[status as ProcessStatus];

/** GET /reports/{type}/export/{pdf|xlsx}: the server computes the report, the worker renders the file. */
describe('report exports', () => {
  const { server } = useServerSuite({ worker: true });
  let dir: string;
  let admin: string;
  let outsider: string;
  let outsiderViewer: Viewer;

  const download = async (token: string, pathAndQuery: string) => {
    const res = await fetch(`${server.url}/api${pathAndQuery}`, { headers: { authorization: `Bearer ${token}` } });
    const data = await res.arrayBuffer();
    return { res, data, bytes: Buffer.from(data) };
  };
  const report = async <T extends keyof ReportsByType>(token: string, type: T, query = '') =>
    (await api<ReportsByType[T]>(server.url, 'GET', `/reports/${type}${query}`, { token })).body;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'semgi-relatorio-'));
    const people = [
      await createUser(server.dataSource, { username: 'exp.admin', name: 'Gestora Export', role: 'admin' }),
      await createUser(server.dataSource, { username: 'exp.fora', name: 'Fulano de Fora', department: 'Financeiro' }),
    ];
    await seedReportData(
      server.dataSource,
      people.map((p) => p.id),
    );
    // More processes than a PDF prints in its detail table.
    await seedProcesses(server.dataSource, { count: 200, userIds: [people[0].id], firstNumber: 5000, seed: 0.3 });
    outsiderViewer = { id: people[1].id, role: people[1].role, level: people[1].level, department: 'Financeiro' };
    // A file name a spreadsheet would read as a formula.
    await server.dataSource.query(
      `UPDATE stored_files SET original_name = '=HYPERLINK("http://mal.example","x")', size_bytes = 999999999
        WHERE id = (SELECT file_id FROM documents ORDER BY protocol_number LIMIT 1)`,
    );
    await server.dataSource.query(
      `UPDATE documents SET title = '-2+3+cmd|'' /C calc''!A0'
        WHERE id = (SELECT id FROM documents ORDER BY protocol_number LIMIT 1)`,
    );
    admin = (await login(server.url, 'exp.admin', TEST_PASSWORD)).token;
    outsider = (await login(server.url, 'exp.fora', TEST_PASSWORD)).token;
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("exports the processes report as XLSX with real numbers, the caller's figures and frozen filtered headers", async () => {
    const query = '?department=Jur%C3%ADdico';
    const expected = await report(outsider, 'processes', query);
    const { res, data } = await download(outsider, `/reports/processes/export/xlsx${query}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const today = localIsoDate(new Date(), loadEnv().TIME_ZONE);
    expect(res.headers.get('content-disposition')).toContain(`relatorio-processes-${today}.xlsx`);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(data);
    const summary = workbook.getWorksheet('Resumo')!;
    const facts = new Map<string, unknown>();
    summary.eachRow((row) => facts.set(row.getCell(1).text, row.getCell(2).value));
    expect(summary.getCell('A1').value).toBe('Relatório de Processos');
    expect(facts.get('Departamento')).toBe('Jurídico');
    expect(facts.get('Gerado por')).toBe('Fulano de Fora');
    expect(facts.get('Gerado em')).toBeInstanceOf(Date);
    expect(facts.get('Total')).toBe(expected.totalProcesses);
    expect(facts.get('Concluídos')).toBe(expected.completed);
    expect(facts.get('Em Andamento')).toBe(expected.inProgress);
    expect(facts.get('Tempo Médio (dias)')).toBe(expected.averageCompletionTime ?? 'N/A');

    const months = workbook.getWorksheet('Processos por Mês')!;
    expect(months.getRow(1).values).toEqual([undefined, 'Mês', 'Quantidade']);
    expect(months.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(months.autoFilter).toBeDefined();
    expect(months.rowCount - 1).toBe(expected.processesByMonth.length);
    expected.processesByMonth.forEach((m, i) => {
      // As the screen names the month ('jul/2026').
      expect(months.getRow(i + 2).getCell(1).value).toBe(monthLabel(m.month));
      expect(months.getRow(i + 2).getCell(2).value).toBe(m.count);
    });

    // The detail sheet: one row per process the caller may see in the period, nothing else.
    const detail = workbook.getWorksheet('Detalhamento dos Processos')!;
    expect(detail.getRow(1).values).toEqual([
      undefined,
      'Número',
      'Assunto',
      'Status',
      'Departamento Atual',
      'Departamento de Origem',
      'Solicitante',
      'Sigiloso',
      'Criado em',
      'Concluído em',
      'Dias até a Conclusão',
    ]);
    expect(detail.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(detail.autoFilter).toBeDefined();
    expect(detail.getColumn(2).width).toBe(40);
    const visible = visibleProcesses(await loadSnapshot(server.dataSource), outsiderViewer, {
      department: 'Jurídico',
    });
    expect(detail.rowCount - 1).toBe(expected.totalProcesses);
    const byId = new Map(visible.map((p) => [p.id, p]));
    const rows = Array.from({ length: detail.rowCount - 1 }, (_, i) => detail.getRow(i + 2));
    expect(new Set(rows.map((r) => r.getCell(1).value))).toEqual(new Set(byId.keys()));
    const zone = loadEnv().TIME_ZONE;
    for (const row of rows) {
      const p = byId.get(row.getCell(1).value as string)!;
      expect(row.getCell(2).value).toBe(p.subject);
      expect(row.getCell(3).value).toBe(statusLabel(p.status));
      expect(row.getCell(4).value).toBe('Jurídico');
      expect(row.getCell(7).value).toBe(p.confidential ? 'Sim' : 'Não');
      // A real Excel date showing the local wall-clock time of the creation.
      const created = row.getCell(8).value as Date;
      expect(created).toBeInstanceOf(Date);
      expect(created.toISOString().slice(0, 10)).toBe(localIsoDate(p.createdAt, zone));
      expect(row.getCell(8).numFmt).toBe('dd/mm/yyyy hh:mm');
      const days = row.getCell(10).value;
      expect(row.getCell(10).numFmt).toBe('0.0');
      if (p.status === 'concluído') {
        const finished = (p.finalizedAt ?? p.lastUpdate).getTime();
        expect(days).toBeCloseTo((finished - p.createdAt.getTime()) / 86_400_000, 1);
        expect(row.getCell(9).value).toBeInstanceOf(Date);
      } else {
        expect([days, row.getCell(9).value]).toEqual([null, null]);
      }
    }
  });

  it('neutralises formulas in text cells and keeps sizes as numbers', async () => {
    const expected = await report(admin, 'documents');
    const { res, data } = await download(admin, '/reports/documents/export/xlsx');
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(data);
    const largest = workbook.getWorksheet('Maiores Arquivos')!;
    expect(largest.getCell('A2').value).toBe(`'=HYPERLINK("http://mal.example","x")`);
    expect(largest.getCell('B2').value).toBe(999999999);
    expect(largest.getCell('A2').formula).toBeUndefined();
    expected.largestFiles.slice(1).forEach((f, i) => expect(largest.getRow(i + 3).getCell(2).value).toBe(f.size));

    const detail = workbook.getWorksheet('Detalhamento dos Documentos')!;
    expect(detail.rowCount - 1).toBe(expected.totalDocuments);
    const rows = Array.from({ length: detail.rowCount - 1 }, (_, i) => detail.getRow(i + 2));
    const [{ protocol, title }] = await server.dataSource.query<{ protocol: string; title: string }[]>(
      `SELECT d.protocol_number AS protocol, d.title FROM documents d ORDER BY d.protocol_number LIMIT 1`,
    );
    const hostile = rows.find((r) => r.getCell(1).value === protocol)!;
    expect(hostile.getCell(2).value).toBe(`'${title}`);
    expect(hostile.getCell(3).value).toBe('Desconhecido');
    expect(hostile.getCell(9).value).toBe(999999999);
    expect(hostile.getCell(9).numFmt).toBe('#,##0');
    // Negative-looking and formula-looking text is text with the guard; numbers are untouched numbers.
    for (const row of rows) {
      for (const column of [1, 2, 5, 6]) expect(row.getCell(column).text).not.toMatch(/^[=+\-@\t\r]/);
      expect(typeof row.getCell(9).value).toBe('number');
    }
  });

  it('lists in the users export only what the same user may see (their own row; Chefia no login names)', async () => {
    await createUser(server.dataSource, {
      username: 'exp.chefia',
      name: 'Chefe Exportadora',
      department: 'Financeiro',
      level: 'Chefia',
    });
    const chefia = (await login(server.url, 'exp.chefia', TEST_PASSWORD)).token;
    const accounts = await server.dataSource.query<{ name: string; username: string }[]>(
      'SELECT name, username FROM users ORDER BY name, id',
    );
    const detailOf = async (token: string) => {
      const { res, data } = await download(token, '/reports/users/export/xlsx');
      expect(res.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(data);
      const sheet = workbook.getWorksheet('Detalhamento dos Usuários')!;
      const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
      return { header: values(1), rows: Array.from({ length: sheet.rowCount - 1 }, (_, i) => values(i + 2)) };
    };

    const everyone = await detailOf(admin);
    expect(everyone.header.slice(0, 6)).toEqual(['Nome', 'Usuário', 'Departamento', 'Nível', 'Perfil', 'Status']);
    expect(everyone.rows.map((row) => row[1])).toEqual(accounts.map((a) => a.username));

    // A plain user's screen and API show only themself: so does the export.
    const own = await detailOf(outsider);
    expect(own.rows).toHaveLength(1);
    expect(own.rows[0].slice(0, 6)).toEqual([
      'Fulano de Fora',
      'exp.fora',
      'Financeiro',
      'Funcionário',
      'Usuário',
      'Ativo',
    ]);
    const { res, bytes } = await download(outsider, '/reports/users/export/pdf');
    expect(res.status).toBe(200);
    const file = path.join(dir, 'usuarios.pdf');
    await writeFile(file, bytes);
    const text = (await run('pdftotext', ['-layout', file, '-'])).stdout;
    expect(text).toContain('exp.fora');
    for (const other of accounts.filter((a) => a.username !== 'exp.fora')) expect(text).not.toContain(other.username);
    expect(text).not.toContain('Administrador');

    // Chefia may open anyone's report detail, but reads staff through lookup fields only.
    const lookup = await detailOf(chefia);
    expect(lookup.header.slice(0, 4)).toEqual(['Nome', 'Departamento', 'Perfil', 'Status']);
    expect(lookup.rows.map((row) => row[0])).toEqual(accounts.map((a) => a.name));
    const cells = new Set(lookup.rows.flat());
    for (const account of accounts) expect(cells.has(account.username)).toBe(false);
  });

  it('stops serving an export once its owner is demoted or taken off a confidential process', async () => {
    const people = {
      demoted: await createUser(server.dataSource, { username: 'exp.rebaixada', role: 'admin' }),
      listed: await createUser(server.dataSource, { username: 'exp.sigilo', department: 'Financeiro' }),
      kept: await createUser(server.dataSource, { username: 'exp.mantida', department: 'Financeiro' }),
    };
    const tokens = {
      demoted: (await login(server.url, 'exp.rebaixada', TEST_PASSWORD)).token,
      listed: (await login(server.url, 'exp.sigilo', TEST_PASSWORD)).token,
      kept: (await login(server.url, 'exp.mantida', TEST_PASSWORD)).token,
    };
    const process = await createProcessViaApi(server.url, admin, {
      subject: 'Apuração sigilosa',
      confidential: true,
      confidentialAccess: [people.listed.id, people.kept.id],
    });
    const exportOf = async (token: string) => {
      const { res } = await download(token, '/reports/processes/export/xlsx');
      expect(res.status).toBe(200);
      const path = `/reports/processes/export/xlsx/${res.headers.get('x-export-id')}`;
      expect((await download(token, path)).res.status).toBe(200);
      return path;
    };
    const exports = {
      demoted: await exportOf(tokens.demoted),
      listed: await exportOf(tokens.listed),
      kept: await exportOf(tokens.kept),
    };

    const demote = await api(server.url, 'PUT', `/users/${people.demoted.id}`, {
      token: admin,
      body: { role: 'operator' },
    });
    expect(demote.status).toBe(200);
    expect((await download(tokens.demoted, exports.demoted)).res.status).toBe(404);

    const unlist = await api(server.url, 'PATCH', `/processes/${encodeURIComponent(process.id)}/toggle-confidential`, {
      token: admin,
      body: { confidential: true, confidentialAccess: [people.kept.id] },
    });
    expect(unlist.status).toBe(200);
    expect((await download(tokens.listed, exports.listed)).res.status).toBe(404);
    // Whoever keeps the access keeps the file.
    expect((await download(tokens.kept, exports.kept)).res.status).toBe(200);
  });

  it('exports the requesters report as an A4 PDF with the figures, filters, author and page numbers', async () => {
    const expected = await report(admin, 'requesters', '?startDate=2020-01-01');
    const { res, bytes } = await download(admin, '/reports/requesters/export/pdf?startDate=2020-01-01');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/relatorio-requesters-\d{4}-\d{2}-\d{2}\.pdf/);
    const file = path.join(dir, 'relatorio.pdf');
    await writeFile(file, bytes);
    const text = (await run('pdftotext', ['-layout', file, '-'])).stdout.replace(/[ \u00a0]+/g, ' ');
    for (const line of [
      'Relatório de Solicitantes',
      'Período 01/01/2020 a …',
      'Gerado por Gestora Export',
      'Total de Solicitantes',
      pt(expected.totalRequests),
      'Principais Solicitantes',
      expected.topRequesters[0].name!,
      'Página 1 de',
    ]) {
      expect(text).toContain(line);
    }
  });

  it('prints the first rows of the detail in the PDF and states the cap', async () => {
    const expected = await report(admin, 'processes');
    expect(expected.totalProcesses).toBeGreaterThan(REPORT_PDF_DETAIL_CAP);
    const { res, bytes } = await download(admin, '/reports/processes/export/pdf');
    expect(res.status).toBe(200);
    const file = path.join(dir, 'detalhe.pdf');
    await writeFile(file, bytes);
    const text = (await run('pdftotext', ['-layout', file, '-'])).stdout.replace(/[ \u00a0]+/g, ' ');
    expect(text).toContain('Detalhamento dos Processos');
    expect(text).toContain(
      `Mostrando os primeiros ${pt(REPORT_PDF_DETAIL_CAP)} de ${pt(expected.totalProcesses)} registros; o detalhamento completo está na exportação em Excel.`,
    );
    const ids = await server.dataSource.query<{ id: string }[]>(`SELECT id FROM processes ORDER BY created_at, id`);
    const [first, outside] = [ids[0], ids[REPORT_PDF_DETAIL_CAP]];
    expect([text.includes(first.id), text.includes(outside.id)]).toEqual([true, false]);
  });

  it('draws the processes charts into the PDF as server-side SVG', async () => {
    const expected = await report(admin, 'processes');
    const { res, bytes } = await download(admin, '/reports/processes/export/pdf');
    expect(res.status).toBe(200);
    const file = path.join(dir, 'processos.pdf');
    await writeFile(file, bytes);
    const text = (await run('pdftotext', ['-layout', file, '-'])).stdout.replace(/[ \u00a0]+/g, ' ');
    // Months, statuses and days as the screen writes them: 'jul/2026', 'Pendente', '34,0' beside '31,3'.
    for (const { month } of expected.processesByMonth) {
      expect(text).toContain(monthLabel(month));
      expect(text).not.toMatch(new RegExp(`(^|\\s)${month}(\\s|$)`, 'm'));
    }
    const detail = text.slice(text.indexOf('Detalhamento dos Processos'));
    expect(detail).toContain(statusLabel('pendente'));
    expect(detail).not.toMatch(/ (pendente|em andamento|concluído|cancelado) /);
    // The completion date is followed by the days to completion: always one decimal.
    const dayFigures = [...detail.matchAll(/\d{2}\/\d{2}\/\d{4} (\d+(?:,\d+)?)\s*$/gm)].map((m) => m[1]);
    expect(dayFigures.length).toBeGreaterThan(0);
    for (const figure of dayFigures) expect(figure).toMatch(/^\d+,\d$/);
  });

  it("reports the export's progress to the requesting user's sockets only", async () => {
    const mine = await connectSocket(server.url, admin);
    const theirs = await connectSocket(server.url, outsider);
    const heard: ExportProgressPayload[] = [];
    const overheard: ExportProgressPayload[] = [];
    mine.on('export:progress', (p) => heard.push(p));
    theirs.on('export:progress', (p) => overheard.push(p));
    try {
      const exportId = '6f1c2a9e-3b4d-4e5f-8a7b-1c2d3e4f5a6b';
      const { res } = await download(admin, `/reports/users/export/xlsx?exportId=${exportId}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-export-id')).toBe(exportId);
      await quietPeriod(300);
      for (const event of heard) expect(event).toMatchObject({ exportId, total: 100 });
      const percents = heard.map((e) => e.processed);
      expect(percents).toEqual([...percents].sort((a, b) => a - b));
      expect([percents[0], percents.at(-1)]).toEqual([5, 100]);
      expect(overheard).toEqual([]);
      const bad = await api<{ message: string }>(server.url, 'GET', '/reports/users/export/xlsx?exportId=x', {
        token: admin,
      });
      expect([bad.status, bad.body.message]).toEqual([400, REPORT_EXPORT_MESSAGES.exportIdInvalid]);
    } finally {
      mine.disconnect();
      theirs.disconnect();
    }
  });

  it('answers 400 for an unknown type or format and for bad filters, 403 for another user without permission', async () => {
    const cases: [string, string, number][] = [
      ['/reports/vendas/export/pdf', REPORT_MESSAGES.invalidType, 400],
      ['/reports/processes/export/docx', REPORT_EXPORT_MESSAGES.invalidFormat, 400],
      ['/reports/processes/export/pdf?startDate=2026-13-01', REPORT_MESSAGES.dateInvalid, 400],
      ['/reports/users/export/xlsx?userId=00000000-0000-4000-8000-000000000000', REPORT_MESSAGES.userForbidden, 403],
    ];
    for (const [url, message, status] of cases) {
      const res = await api<{ message: string }>(server.url, 'GET', url, { token: outsider });
      expect([url, res.status, res.body.message]).toEqual([url, status, message]);
    }
  });
});
