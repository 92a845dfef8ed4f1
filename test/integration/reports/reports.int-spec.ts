import type { Level, Role } from '#server/contracts/users';
import {
  REPORT_MESSAGES,
  type ReportFilters,
  type ReportRequesterOption,
  type ReportsByType,
  type ReportType,
} from '#server/contracts/reports';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { seedReportData } from '#test/factories/report-seed';
import {
  byKey,
  expectedDocuments,
  expectedProcesses,
  expectedRequesterOptions,
  expectedRequesters,
  expectedUsers,
  loadSnapshot,
  type ReportSnapshot,
  type Viewer,
} from '#test/factories/report-expectations';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

interface Person extends Viewer {
  key: string;
  token: string;
}

const PEOPLE: { key: string; department: string; role?: Role; level?: Level }[] = [
  { key: 'admin', department: 'Administração', role: 'admin' },
  { key: 'criador', department: 'Jurídico' },
  { key: 'lista', department: 'Infraestrutura' },
  { key: 'chefe', department: 'Infraestrutura', level: 'Chefia' },
  { key: 'gabinete', department: 'Gabinete' },
  { key: 'estranho', department: 'Financeiro' },
];

const FILTER_SETS: ReportFilters[] = [
  {},
  { startDate: '', endDate: '', department: '' },
  { department: 'Jurídico' },
  { startDate: 'START', endDate: 'END' },
  { startDate: 'START', endDate: 'END', department: 'Infraestrutura' },
];

const query = (filters: ReportFilters) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return params.size ? `?${params.toString()}` : '';
};

/** Lists come out by count (desc); the reference is sorted by key: compare as sets, check the order. */
function canonical<T extends ReportType>(type: T, report: ReportsByType[T]): ReportsByType[T] {
  type Row = Record<string, unknown>;
  const sorted = (list: unknown, key: string, countKey = 'count') => {
    const rows = list as Row[];
    const counts = rows.map((r) => r[countKey] as number);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    return [...rows].sort(byKey<Row>(key));
  };
  const r = report as unknown as Row;
  const out: Row = { ...r };
  if (type === 'processes') out.byDepartment = sorted(r.byDepartment, 'department');
  if (type === 'documents') out.byType = sorted(r.byType, 'type');
  if (type === 'users') {
    out.byDepartment = sorted(r.byDepartment, 'department');
    out.mostActive = sorted(r.mostActive, 'name', 'processCount');
  }
  if (type === 'requesters') {
    out.topRequesters = sorted(r.topRequesters, 'name', 'requestCount');
    out.departmentDistribution = sorted(r.departmentDistribution, 'department');
    const detail = r.requesterDetail as Row | undefined;
    if (detail) out.requesterDetail = { ...detail, topDepartments: sorted(detail.topDepartments, 'department') };
  }
  return out as unknown as ReportsByType[T];
}

/**
 * GET /reports/*: each report, for each kind of viewer (admin, creator, access list, Chefia,
 * Gabinete, outsider) and each set of filters, equals the same figures computed directly from every
 * row with the visibility rules written out again; plus the picker, the 400s and the 403s.
 */
describe('reports', () => {
  const { server } = useServerSuite();
  let snapshot: ReportSnapshot;
  const people: Person[] = [];
  const filterSets: ReportFilters[] = [];
  let hiddenRequesterId: string;

  const get = <T>(person: Person, path: string) => api<T>(server.url, 'GET', path, { token: person.token });
  const report = async <T extends ReportType>(person: Person, type: T, filters: ReportFilters) => {
    const res = await get<ReportsByType[T]>(person, `/reports/${type}${query(filters)}`);
    expect(res.status).toBe(200);
    return canonical(type, res.body);
  };
  const nonEmpty = (f: ReportFilters): ReportFilters =>
    Object.fromEntries(Object.entries(f).filter(([, value]) => value !== ''));
  const person = (key: string) => people.find((p) => p.key === key)!;

  beforeAll(async () => {
    for (const seed of PEOPLE) {
      const user = await createUser(server.dataSource, { username: `rel.${seed.key}`, ...seed });
      const session = await login(server.url, user.username, TEST_PASSWORD);
      people.push({
        key: seed.key,
        id: user.id,
        role: user.role,
        level: user.level,
        department: user.department,
        token: session.token,
      });
    }
    await seedReportData(
      server.dataSource,
      people.map((p) => p.id),
    );
    // A requester known only through one confidential process the outsider may not see.
    const [hidden] = await server.dataSource.query<{ id: string }[]>(
      `INSERT INTO external_requesters (name, document, phone) VALUES ('Solicitante Sigiloso', '11122233344', '') RETURNING id`,
    );
    hiddenRequesterId = hidden.id;
    await server.dataSource.query(
      `UPDATE processes SET requester_external_id = $1, requester_user_id = NULL
        WHERE id = (SELECT p.id FROM processes p WHERE p.confidential AND p.created_by = $2
                     AND NOT EXISTS (SELECT 1 FROM process_confidential_access a WHERE a.process_id = p.id AND a.user_id = $3)
                     ORDER BY p.id LIMIT 1)`,
      [hiddenRequesterId, person('criador').id, person('estranho').id],
    );
    snapshot = await loadSnapshot(server.dataSource);
    // The middle of the data's period.
    const days = snapshot.processes.map((p) => p.createdAt.toISOString().slice(0, 10)).sort();
    const start = days[Math.floor(days.length / 4)];
    const end = days[Math.floor((days.length * 3) / 4)];
    for (const f of FILTER_SETS) {
      filterSets.push(
        Object.fromEntries(Object.entries(f).map(([k, v]) => [k, v === 'START' ? start : v === 'END' ? end : v])),
      );
    }
  });

  it('the data covers every case: confidential processes seen by some and hidden from others', () => {
    const confidential = snapshot.processes.filter((p) => p.confidential);
    expect(confidential.length).toBeGreaterThan(50);
    expect(confidential.some((p) => p.createdBy === person('criador').id)).toBe(true);
    expect(snapshot.access.size).toBeGreaterThan(20);
    expect(snapshot.documents.filter((d) => d.confidential).length).toBeGreaterThan(20);
    expect(snapshot.processes.filter((p) => p.status === 'concluído' && p.finalizedAt).length).toBeGreaterThan(10);
    // The rules matter: the outsider sees fewer processes and documents than the admin.
    const [admin, outsider] = [person('admin'), person('estranho')];
    expect(expectedProcesses(snapshot, outsider, {}).totalProcesses).toBeLessThan(
      expectedProcesses(snapshot, admin, {}).totalProcesses,
    );
    expect(expectedDocuments(snapshot, outsider, {}).totalDocuments).toBeLessThan(
      expectedDocuments(snapshot, admin, {}).totalDocuments,
    );
  });

  it.each(PEOPLE.map((p) => p.key))(
    'processes and documents reports equal the direct computation for %s',
    async (key) => {
      const viewer = person(key);
      for (const filters of filterSets) {
        expect(await report(viewer, 'processes', filters)).toEqual(
          expectedProcesses(snapshot, viewer, nonEmpty(filters)),
        );
        expect(await report(viewer, 'documents', filters)).toEqual(
          expectedDocuments(snapshot, viewer, nonEmpty(filters)),
        );
      }
    },
  );

  it.each(PEOPLE.map((p) => p.key))('users and requesters reports equal the direct computation for %s', async (key) => {
    const viewer = person(key);
    for (const filters of filterSets) {
      expect(await report(viewer, 'users', filters)).toEqual(expectedUsers(snapshot, viewer, nonEmpty(filters)));
      expect(await report(viewer, 'requesters', filters)).toEqual(
        expectedRequesters(snapshot, viewer, nonEmpty(filters)),
      );
    }
  });

  it.each(PEOPLE.map((p) => p.key))(
    'the user and requester details equal the direct computation for %s',
    async (key) => {
      const viewer = person(key);
      const mayPick = ['admin', 'chefe', 'gabinete'].includes(key);
      const options = (await get<ReportRequesterOption[]>(viewer, '/reports/unique-requesters')).body;
      expect([...options].sort(byKey('id'))).toEqual(expectedRequesterOptions(snapshot, viewer));
      for (const filters of filterSets.slice(2)) {
        const own = { ...nonEmpty(filters), userId: viewer.id };
        const mine = await report(viewer, 'users', own);
        expect(mine.userDetail).toBeDefined();
        expect(mine).toEqual(expectedUsers(snapshot, viewer, own));
        const other = { ...nonEmpty(filters), userId: person('criador').id };
        if (mayPick) expect(await report(viewer, 'users', other)).toEqual(expectedUsers(snapshot, viewer, other));
        for (const option of options.slice(0, 4)) {
          const withRequester = { ...nonEmpty(filters), requesterId: option.id };
          const result = await report(viewer, 'requesters', withRequester);
          expect(result.requesterDetail?.name).toBe(option.name);
          expect(result).toEqual(expectedRequesters(snapshot, viewer, withRequester));
        }
      }
    },
  );

  it('a requester known only through a hidden confidential process does not exist for the outsider', async () => {
    const ids = async (key: string) =>
      (await get<ReportRequesterOption[]>(person(key), '/reports/unique-requesters')).body.map((o) => o.id);
    expect(await ids('admin')).toContain(hiddenRequesterId);
    expect(await ids('criador')).toContain(hiddenRequesterId);
    expect(await ids('estranho')).not.toContain(hiddenRequesterId);
    const res = await get<{ message: string }>(
      person('estranho'),
      `/reports/requesters?requesterId=${hiddenRequesterId}`,
    );
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(REPORT_MESSAGES.requesterNotFound);
  });

  it('only admins, Gabinete and Chefia may pick another user (403 otherwise); a missing user is 404', async () => {
    for (const key of ['criador', 'lista', 'estranho']) {
      const res = await get<{ message: string }>(person(key), `/reports/users?userId=${person('admin').id}`);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(REPORT_MESSAGES.userForbidden);
    }
    const missing = await get<{ message: string }>(
      person('admin'),
      '/reports/users?userId=00000000-0000-4000-8000-000000000000',
    );
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(REPORT_MESSAGES.userNotFound);
  });

  it.each([
    ['/reports/sales', REPORT_MESSAGES.invalidType],
    ['/reports/processes?startDate=2026-02-30', REPORT_MESSAGES.dateInvalid],
    ['/reports/processes?startDate=2026-13-01', REPORT_MESSAGES.dateInvalid],
    ['/reports/documents?endDate=ontem', REPORT_MESSAGES.dateInvalid],
    ['/reports/users?startDate=2026-05-10&endDate=2026-05-09', REPORT_MESSAGES.dateRange],
    ['/reports/users?userId=abc', REPORT_MESSAGES.userIdInvalid],
    ['/reports/requesters?requesterId=1%27%20OR%201=1', REPORT_MESSAGES.requesterIdInvalid],
    ['/reports/processes?department=a&department=b', REPORT_MESSAGES.departmentInvalid],
  ])('GET %s answers 400 with the pt-BR message', async (path, message) => {
    const res = await get<{ message: string }>(person('admin'), path);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('needs a signed-in user', async () => {
    expect((await api(server.url, 'GET', '/reports/processes')).status).toBe(401);
  });
});
