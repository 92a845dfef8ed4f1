import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { seedDeadlines, seedProcesses } from '#test/factories/process-seed';
import type { DashboardDeadlines, DashboardResponse } from '#server/contracts/dashboard';
import type { ProcessListResponse } from '#server/contracts/processes';
import type { Role } from '#server/contracts/users';
import { formatNup } from '#server/modules/processes/nup';
import { Clock } from '#server/domain/clock';
import { DeadlineClock } from '#server/domain/deadlines/deadline-clock';
import { ProcessDeadlinesRepository } from '#server/repositories/process-deadlines.repository';
import { DashboardAggregatesService } from '#worker/dashboard/dashboard-aggregates.service';

const DAY = 86_400_000;

interface Person {
  key: string;
  id: string;
  role: Role;
  token: string;
}

/** The Sunday ending the week of `day` (YYYY-MM-DD), written out again for the reference. */
function sundayOf(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  const weekday = date.getUTCDay();
  return new Date(date.getTime() + ((7 - weekday) % 7) * DAY).toISOString().slice(0, 10);
}

/**
 * The 'Prazos' card (docs/deadlines.md#dashboard-card-and-report) against the truth: a realistic
 * mix of deadlines on random processes (a third confidential), every user's card compared with a
 * computation in JavaScript from every row and with GET /processes?deadline=overdue; the clock
 * moving a day and into the next week (between recomputations and after one); a confidential
 * overdue process counted only for those who may see it.
 */
describe('dashboard: the Prazos card', () => {
  const { server, worker } = useServerSuite({ worker: true });
  let people: Person[];
  // Friday 27 November 2026, 12:00 in São Paulo: the week ends on Sunday the 29th.
  let now = new Date('2026-11-27T15:00:00Z');
  const byKey = (key: string) => people.find((p) => p.key === key)!;

  const card = async (person: Person): Promise<DashboardDeadlines> => {
    const res = await api<DashboardResponse>(server.url, 'GET', '/dashboard', { token: person.token });
    expect(res.status).toBe(200);
    return res.body.deadlines;
  };
  const overdueListed = async (person: Person) => {
    const res = await api<ProcessListResponse>(server.url, 'GET', '/processes?deadline=overdue&limit=1', {
      token: person.token,
    });
    expect(res.status).toBe(200);
    return res.body.data.total;
  };
  const recompute = () => worker.get(DashboardAggregatesService).recompute();

  /** Every user's figures on `today`, from all rows, with the visibility rule written out again. */
  const expected = async (person: Person, today: string): Promise<DashboardDeadlines> => {
    const rows = await server.dataSource.query<
      { id: string; confidential: boolean; created_by: string; status: string; due: string; listed: string[] }[]
    >(
      `SELECT p.id, p.confidential, p.created_by, d.status, to_char(d.due_date, 'YYYY-MM-DD') AS due,
              ARRAY(SELECT a.user_id::text FROM process_confidential_access a WHERE a.process_id = p.id) AS listed
         FROM processes p JOIN process_deadlines d ON d.id = p.deadline_id`,
    );
    const sunday = sundayOf(today);
    const seen = rows.filter(
      (r) =>
        r.status === 'open' &&
        (person.role === 'admin' || !r.confidential || r.created_by === person.id || r.listed.includes(person.id)),
    );
    return {
      overdue: seen.filter((r) => r.due < today).length,
      dueThisWeek: seen.filter((r) => r.due >= today && r.due <= sunday).length,
    };
  };

  beforeAll(async () => {
    const specs: { key: string; department: string; role: Role }[] = [
      { key: 'admin', department: 'Gabinete', role: 'admin' },
      { key: 'fin', department: 'Financeiro', role: 'operator' },
      { key: 'jur', department: 'Jurídico', role: 'operator' },
      { key: 'outsider', department: 'Pedidos', role: 'operator' },
    ];
    people = [];
    for (const spec of specs) {
      const user = await createUser(server.dataSource, { username: `prazos.${spec.key}`, ...spec });
      const { token } = await login(server.url, user.username, TEST_PASSWORD);
      people.push({ ...spec, id: user.id, token });
    }
    for (const clock of [server.app.get(Clock), worker.get(Clock)]) {
      jest.spyOn(clock, 'now').mockImplementation(() => new Date(now));
    }
    const ids = await seedProcesses(server.dataSource, {
      count: 400,
      userIds: [byKey('fin').id, byKey('jur').id],
      confidentialRatio: 0.3,
    });
    expect(server.app.get(DeadlineClock).today()).toBe('2026-11-27');
    await seedDeadlines(server.dataSource, ids, '2026-11-27');
    await recompute();
  });

  afterAll(() => jest.restoreAllMocks());

  it('every user sees the overdue and this week figures of what they may see', async () => {
    const distinct = new Set<string>();
    for (const person of people) {
      const figures = await card(person);
      expect([person.key, figures]).toEqual([person.key, await expected(person, '2026-11-27')]);
      expect(await overdueListed(person)).toBe(figures.overdue);
      distinct.add(JSON.stringify(figures));
    }
    // Sorted by deadline, the overdue ones come by due day.
    const sorted = await api<ProcessListResponse>(
      server.url,
      'GET',
      '/processes?deadline=overdue&sort=deadline&limit=50',
      {
        token: byKey('admin').token,
      },
    );
    const dues = sorted.body.data.processes.map((p) => p.deadline?.due ?? '');
    expect(dues).toHaveLength(Math.min(50, await overdueListed(byKey('admin'))));
    expect(dues).toEqual([...dues].sort());
    expect(sorted.body.data.processes.every((p) => p.deadline?.state === 'overdue')).toBe(true);
    // The mix is real: every kind of figure is there, and confidential processes make users differ.
    const admin = await card(byKey('admin'));
    expect(admin.overdue).toBeGreaterThan(20);
    expect(admin.dueThisWeek).toBeGreaterThan(3);
    expect(distinct.size).toBeGreaterThan(2);
  });

  it('moves with the clock: a day later, and into the next week, before and after a recomputation', async () => {
    for (const [instant, today] of [
      ['2026-11-28T15:00:00Z', '2026-11-28'],
      ['2026-11-30T15:00:00Z', '2026-11-30'],
    ] as const) {
      const before = await card(byKey('fin'));
      now = new Date(instant);
      for (const person of people) {
        // No recomputation yet: the stored days are read against the new day.
        expect([person.key, today, await card(person)]).toEqual([person.key, today, await expected(person, today)]);
      }
      await recompute();
      for (const person of people) {
        expect([person.key, today, await card(person)]).toEqual([person.key, today, await expected(person, today)]);
        expect(await overdueListed(person)).toBe((await card(person)).overdue);
      }
      const after = await card(byKey('fin'));
      expect(after.overdue).toBeGreaterThanOrEqual(before.overdue);
    }
    // Monday: the week runs to Sunday 6 December.
    const admin = await card(byKey('admin'));
    expect(admin).toEqual(await expected(byKey('admin'), '2026-11-30'));
  });

  it('a confidential overdue process counts only for who may see it', async () => {
    const [fin, jur, outsider, admin] = ['fin', 'jur', 'outsider', 'admin'].map(byKey);
    await recompute();
    const before = await Promise.all([fin, jur, outsider, admin].map(card));
    const id = formatNup('99999', 900_001, 2024);
    await server.dataSource.query(
      `INSERT INTO processes (id, subject, description, status, current_department, origin_department, confidential, created_by)
       VALUES ($1, 'Sindicância sigilosa', 'Apuração', 'em andamento', 'Financeiro', 'Financeiro', true, $2)`,
      [id, fin.id],
    );
    const deadlines = server.app.get(ProcessDeadlinesRepository);
    await deadlines.insert({
      processId: id,
      kind: 'process',
      unit: 'business',
      days: 5,
      startDate: '2026-11-20',
      dueDate: '2026-11-27',
      fromDepartment: null,
      toDepartment: null,
      setBy: fin.id,
      setAt: new Date('2026-11-20T12:00:00Z'),
      maxExtensions: 1,
      maxExtensionDays: 10,
    });
    await deadlines.refreshShown(id);
    await recompute();
    const after = await Promise.all([fin, jur, outsider, admin].map(card));
    expect(after.map((f, i) => f.overdue - before[i].overdue)).toEqual([1, 0, 0, 1]);
    expect(after.map((f, i) => f.dueThisWeek - before[i].dueThisWeek)).toEqual([0, 0, 0, 0]);
    for (const person of [fin, jur, outsider, admin]) {
      expect(await overdueListed(person)).toBe((await card(person)).overdue);
    }

    // Suspended: no longer counted by anyone.
    await server.dataSource.query(
      `UPDATE process_deadlines SET status = 'suspended', suspended_at = now(), suspend_reason = 'Aguardando', remaining_days = 0
        WHERE process_id = $1`,
      [id],
    );
    await deadlines.refreshShown(id);
    await recompute();
    expect((await card(fin)).overdue).toBe(before[0].overdue);
    expect((await card(admin)).overdue).toBe(before[3].overdue);
    expect(await overdueListed(fin)).toBe(before[0].overdue);
    // Resumed (a status change with no refresh of the shown deadline): listed overdue again.
    await server.dataSource.query(
      `UPDATE process_deadlines SET status = 'open', suspended_at = NULL, suspend_reason = NULL WHERE process_id = $1`,
      [id],
    );
    expect(await overdueListed(fin)).toBe(before[0].overdue + 1);
  });
});
