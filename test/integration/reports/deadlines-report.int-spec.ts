import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { loadEnv } from '#server/config/env';
import { localIsoDate, monthLabel } from '#server/contracts/dates';
import {
  REPORT_MESSAGES,
  type DeadlineFigures,
  type DeadlinesReport,
  type ReportFilters,
} from '#server/contracts/reports';
import type { Role } from '#server/contracts/users';
import { BusinessCalendar } from '#server/domain/calendar/business-calendar';
import { Clock } from '#server/domain/clock';
import { formatNup } from '#server/modules/processes/nup';
import { ProcessDeadlinesRepository } from '#server/repositories/process-deadlines.repository';
import { seedDeadlines, seedProcesses } from '#test/factories/process-seed';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

const run = promisify(execFile);
const TODAY = '2026-11-27';

interface Person {
  key: string;
  id: string;
  role: Role;
  token: string;
}

interface Row {
  id: string;
  process_id: string;
  kind: 'process' | 'return';
  status: 'open' | 'suspended' | 'met';
  due: string;
  met_at: Date | null;
  met_late: boolean | null;
  to_department: string | null;
  current_department: string;
  confidential: boolean;
  created_by: string;
  listed: string[];
}

/**
 * 'Cumprimento de Prazos' (docs/deadlines.md#dashboard-card-and-report) against a computation in
 * JavaScript from every deadline row, with the visibility rule, the counting and the business-day
 * delay written out again; filters; the PDF and XLSX exports; and what a user who may not see a
 * confidential process never gets.
 */
describe('reports: Cumprimento de Prazos', () => {
  const { server, worker } = useServerSuite({ worker: true });
  let people: Person[];
  let dir: string;
  let closed: Set<string>;
  const secretId = formatNup('99999', 900_002, 2024);
  const byKey = (key: string) => people.find((p) => p.key === key)!;
  const zone = loadEnv().TIME_ZONE;

  const report = async (person: Person, query = '') => {
    const res = await api<DeadlinesReport>(server.url, 'GET', `/reports/deadlines${query}`, { token: person.token });
    expect(res.status).toBe(200);
    return res.body;
  };
  const download = async (person: Person, pathAndQuery: string) => {
    const res = await fetch(`${server.url}/api${pathAndQuery}`, {
      headers: { authorization: `Bearer ${person.token}` },
    });
    const data = await res.arrayBuffer();
    return { res, data, bytes: Buffer.from(data) };
  };

  /** Business days after `from` up to `to`, skipping weekends and the calendar's days. */
  const businessDaysAfter = (from: string, to: string) => {
    let count = 0;
    for (let t = Date.parse(`${from}T00:00:00Z`) + 86_400_000; t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      const weekday = new Date(t).getUTCDay();
      if (weekday !== 0 && weekday !== 6 && !closed.has(day)) count += 1;
    }
    return count;
  };

  const expected = async (person: Person, filters: ReportFilters): Promise<DeadlinesReport> => {
    const rows = await server.dataSource.query<Row[]>(
      `SELECT d.id, d.process_id, d.kind, d.status, to_char(d.due_date, 'YYYY-MM-DD') AS due, d.met_at, d.met_late,
              d.to_department, p.current_department, p.confidential, p.created_by,
              ARRAY(SELECT a.user_id::text FROM process_confidential_access a WHERE a.process_id = p.id) AS listed
         FROM process_deadlines d JOIN processes p ON p.id = d.process_id`,
    );
    const counted = rows
      .filter(
        (r) => person.role === 'admin' || !r.confidential || r.created_by === person.id || r.listed.includes(person.id),
      )
      .filter((r) => r.status === 'met' || (r.status === 'open' && r.due < TODAY))
      .map((r) => {
        const day = r.met_at ? localIsoDate(r.met_at, zone) : r.due;
        const late = r.status === 'open' || !!r.met_late;
        return {
          department: r.kind === 'return' ? r.to_department! : r.current_department,
          day,
          month: day.slice(0, 7),
          status: r.status,
          late,
          delay: late ? businessDaysAfter(r.due, r.status === 'met' ? day : TODAY) : null,
        };
      })
      .filter(
        (r) =>
          (!filters.startDate || r.day >= filters.startDate) &&
          (!filters.endDate || r.day <= filters.endDate) &&
          (!filters.department || r.department === filters.department),
      );
    const figures = (list: typeof counted): DeadlineFigures => {
      const delays = list.flatMap((r) => (r.delay === null ? [] : [r.delay]));
      const metOnTime = list.filter((r) => r.status === 'met' && !r.late).length;
      return {
        total: list.length,
        metOnTime,
        metLate: list.filter((r) => r.status === 'met' && r.late).length,
        overdue: list.filter((r) => r.status === 'open').length,
        onTimeRate: list.length ? Math.round((metOnTime * 1000) / list.length) / 10 : null,
        averageDelay: delays.length ? Math.round((delays.reduce((a, b) => a + b, 0) * 10) / delays.length) / 10 : null,
      };
    };
    const groups = (key: 'department' | 'month') =>
      [...new Set(counted.map((r) => r[key]))].map((value) => ({
        value,
        ...figures(counted.filter((r) => r[key] === value)),
      }));
    return {
      today: TODAY,
      ...figures(counted),
      byDepartment: groups('department')
        .sort((a, b) => b.total - a.total || a.value.localeCompare(b.value))
        .map(({ value, ...f }) => ({ department: value, ...f })),
      byMonth: groups('month')
        .sort((a, b) => a.value.localeCompare(b.value))
        .map(({ value, ...f }) => ({ month: value, ...f })),
    };
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'semgi-prazos-'));
    const specs: { key: string; department: string; role: Role }[] = [
      { key: 'admin', department: 'Gabinete', role: 'admin' },
      { key: 'fin', department: 'Financeiro', role: 'operator' },
      { key: 'outsider', department: 'Pedidos', role: 'operator' },
    ];
    people = [];
    for (const spec of specs) {
      const user = await createUser(server.dataSource, { username: `rel.prazos.${spec.key}`, ...spec });
      const { token } = await login(server.url, user.username, TEST_PASSWORD);
      people.push({ ...spec, id: user.id, token });
    }
    // Friday 27 November 2026, 12:00 in São Paulo, for server and worker alike.
    for (const clock of [server.app.get(Clock), worker.get(Clock)]) {
      jest.spyOn(clock, 'now').mockImplementation(() => new Date('2026-11-27T15:00:00Z'));
    }
    const ids = await seedProcesses(server.dataSource, {
      count: 300,
      userIds: [byKey('fin').id, byKey('admin').id],
      confidentialRatio: 0.3,
    });
    await seedDeadlines(server.dataSource, ids, TODAY);

    // A confidential process of Financeiro's, its deadline due Friday 13 November and met on Monday
    // the 23rd: 5 business days late (Friday the 20th, Dia da Consciência Negra, does not count).
    await server.dataSource.query(
      `INSERT INTO processes (id, subject, description, status, current_department, origin_department, confidential, created_by)
       VALUES ($1, 'Sindicância sigilosa de prazos', 'Apuração', 'concluído', 'Financeiro', 'Financeiro', true, $2)`,
      [secretId, byKey('fin').id],
    );
    const deadlines = server.app.get(ProcessDeadlinesRepository);
    const secret = await deadlines.insert({
      processId: secretId,
      kind: 'process',
      unit: 'business',
      days: 5,
      startDate: '2026-11-06',
      dueDate: '2026-11-13',
      fromDepartment: null,
      toDepartment: null,
      setBy: byKey('fin').id,
      setAt: new Date('2026-11-06T12:00:00Z'),
      maxExtensions: 1,
      maxExtensionDays: 10,
    });
    await deadlines.update(secret.id, { status: 'met', metAt: new Date('2026-11-23T15:00:00Z'), metLate: true });
    await deadlines.refreshShown(secretId);
    closed = new Set((await server.app.get(BusinessCalendar).nonBusinessDays(2026, 2026)).map((day) => day.date));
    expect(closed.has('2026-11-20')).toBe(true);
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await rm(dir, { recursive: true, force: true });
  });

  it('equals the computation from every row, for each user and filter', async () => {
    const filterSets = [
      '',
      '?startDate=2026-09-01&endDate=2026-10-31',
      '?department=Financeiro',
      '?startDate=2026-11-01&department=Jur%C3%ADdico',
    ];
    for (const person of people) {
      for (const query of filterSets) {
        const filters = Object.fromEntries(new URLSearchParams(query)) as ReportFilters;
        expect([person.key, query, await report(person, query)]).toEqual([
          person.key,
          query,
          await expected(person, filters),
        ]);
      }
    }
    const all = await report(byKey('admin'));
    // A real mix: met on time and late, overdue, several departments and months.
    expect(all.metOnTime).toBeGreaterThan(10);
    expect(all.metLate).toBeGreaterThan(3);
    expect(all.overdue).toBeGreaterThan(10);
    expect(all.byDepartment.length).toBeGreaterThan(3);
    expect(all.byMonth.length).toBeGreaterThan(2);
  });

  it('counts the delay in business days and shows a confidential deadline only to who may see it', async () => {
    const [fin, outsider, admin] = ['fin', 'outsider', 'admin'].map(byKey);
    const november = '?startDate=2026-11-23&endDate=2026-11-23&department=Financeiro';
    const own = await report(fin, november);
    const hidden = await report(outsider, november);
    expect(own.metLate - hidden.metLate).toBe(1);
    expect(own.total - hidden.total).toBe(1);
    expect((await report(admin, november)).metLate).toBe(own.metLate);

    // Bad filters are a pt-BR 400, and nobody reads it unsigned.
    const bad = await api(server.url, 'GET', '/reports/deadlines?startDate=2026-13-01', { token: fin.token });
    expect([bad.status, (bad.body as { message?: string }).message]).toEqual([400, REPORT_MESSAGES.dateInvalid]);
    const reversed = await api(server.url, 'GET', '/reports/deadlines?startDate=2026-11-02&endDate=2026-11-01', {
      token: fin.token,
    });
    expect([reversed.status, (reversed.body as { message?: string }).message]).toEqual([
      400,
      REPORT_MESSAGES.dateRange,
    ]);
    expect((await api(server.url, 'GET', '/reports/deadlines')).status).toBe(401);
  });

  it('exports the figures and the detail as XLSX, with exactly the rows the caller may see', async () => {
    for (const person of [byKey('fin'), byKey('outsider')]) {
      const expectedReport = await report(person, '?department=Financeiro');
      const { res, data } = await download(person, '/reports/deadlines/export/xlsx?department=Financeiro');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain('relatorio-deadlines-');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(data);
      const summary = workbook.getWorksheet('Resumo')!;
      const facts = new Map<string, unknown>();
      summary.eachRow((row) => facts.set(row.getCell(1).text, row.getCell(2).value));
      expect(summary.getCell('A1').value).toBe('Relatório de Cumprimento de Prazos');
      expect(facts.get('Prazos Apurados')).toBe(expectedReport.total);
      expect(facts.get('Cumpridos no Prazo')).toBe(expectedReport.metOnTime);
      expect(facts.get('Cumpridos com Atraso')).toBe(expectedReport.metLate);
      expect(facts.get('Vencidos em Aberto')).toBe(expectedReport.overdue);
      expect(facts.get('Cumprimento no Prazo (%)')).toBe(expectedReport.onTimeRate ?? 'N/A');
      expect(facts.get('Atraso Médio (dias úteis)')).toBe(expectedReport.averageDelay ?? 'N/A');
      expect(facts.get('Situação em')).toBe('27/11/2026');

      const months = workbook.getWorksheet('Prazos por Mês')!;
      expect(months.rowCount - 1).toBe(expectedReport.byMonth.length);
      expectedReport.byMonth.forEach((m, i) => {
        expect(months.getRow(i + 2).getCell(1).value).toBe(monthLabel(m.month));
        expect(months.getRow(i + 2).getCell(2).value).toBe(m.total);
        expect(months.getRow(i + 2).getCell(5).value).toBe(m.overdue);
      });

      const detail = workbook.getWorksheet('Detalhamento dos Prazos')!;
      expect(detail.getRow(1).values).toEqual([
        undefined,
        'Número',
        'Assunto',
        'Tipo de Prazo',
        'Departamento Responsável',
        'Sigiloso',
        'Vencimento',
        'Cumprido em',
        'Situação',
        'Atraso (dias úteis)',
      ]);
      const rows = Array.from({ length: detail.rowCount - 1 }, (_, i) => detail.getRow(i + 2));
      expect(rows).toHaveLength(expectedReport.total);
      expect(rows.every((row) => row.getCell(4).value === 'Financeiro')).toBe(true);
      const situations = (label: string) => rows.filter((row) => row.getCell(8).value === label).length;
      expect([situations('Cumprido no prazo'), situations('Cumprido com atraso'), situations('Vencido')]).toEqual([
        expectedReport.metOnTime,
        expectedReport.metLate,
        expectedReport.overdue,
      ]);
      const delays = rows.flatMap((row) =>
        typeof row.getCell(9).value === 'number' ? [row.getCell(9).value as number] : [],
      );
      const mean = delays.length ? Math.round((delays.reduce((a, b) => a + b, 0) * 10) / delays.length) / 10 : null;
      expect(mean).toBe(expectedReport.averageDelay);
      const secret = rows.find((row) => row.getCell(1).value === secretId);
      if (person.key === 'fin') {
        expect(secret?.getCell(8).value).toBe('Cumprido com atraso');
        expect(secret?.getCell(9).value).toBe(5);
        expect(secret?.getCell(6).value).toBe('13/11/2026');
      } else {
        expect(secret).toBeUndefined();
      }
    }
  });

  it('exports the PDF with the figures, and without what the caller may not see', async () => {
    const outsider = byKey('outsider');
    const expectedReport = await report(outsider);
    const { res, bytes } = await download(outsider, '/reports/deadlines/export/pdf');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const file = path.join(dir, 'prazos.pdf');
    await writeFile(file, bytes);
    const text = (await run('pdftotext', ['-layout', file, '-'])).stdout.replace(/[ \u00a0]+/g, ' ');
    expect(text).toContain('Relatório de Cumprimento de Prazos');
    expect(text).toContain('Prazos por Departamento Responsável');
    expect(text).toContain('Detalhamento dos Prazos');
    const pt = (n: number) => new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1 }).format(n);
    const r = expectedReport;
    expect(text).toContain(
      `Prazos Apurados Cumpridos no Prazo Cumpridos com Atraso Vencidos em Aberto\n ${r.total} ${r.metOnTime} ${r.metLate} ${r.overdue}`,
    );
    expect(text).toContain(`${pt(r.onTimeRate!)} ${pt(r.averageDelay!)}`);
    expect(text).not.toContain(secretId);
    expect(text).not.toContain('Sindicância sigilosa de prazos');

    const fin = await download(byKey('fin'), '/reports/deadlines/export/pdf?department=Financeiro');
    expect(fin.res.status).toBe(200);
    await writeFile(file, fin.bytes);
    expect((await run('pdftotext', ['-layout', file, '-'])).stdout).toContain(secretId);
  });
});
