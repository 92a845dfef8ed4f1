import type { INestApplicationContext } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { QUEUES } from '#server/contracts/jobs';
import { BullBackend } from '#server/coordination/bull-backend';
import type { DeadlineKind } from '#server/contracts/deadlines';
import { ProcessDeadlinesRepository } from '#server/repositories/process-deadlines.repository';
import { formatNup } from '#server/modules/processes/nup';
import { eventually } from '#test/setup/eventually';

let next = 1;

/** Waits until the deadlines queue holds nothing waiting or running: the workers' boot sweeps are over. */
export async function bootSweepsOver(app: INestApplicationContext): Promise<void> {
  const queue = app.get(BullBackend).queue(QUEUES.deadlines);
  await eventually(async () => {
    const counts = await queue.getJobCounts('waiting', 'active', 'prioritized');
    return Object.values(counts).every((n) => n === 0);
  }, 'a varredura do início terminar');
}

/** Departments the deadline tests use, added when missing. */
export async function ensureDepartments(dataSource: DataSource, names: string[]): Promise<void> {
  await dataSource.query(`INSERT INTO departments (name) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING`, [names]);
}

export interface ProcessFixture {
  subject: string;
  department: string;
  createdBy: string;
  confidential?: boolean;
  /** User ids on a confidential process's access list. */
  access?: string[];
}

/** One process straight in SQL (a NUP of unit 99998, never issued by the API); returns its id. */
export async function insertProcess(dataSource: DataSource, fixture: ProcessFixture): Promise<string> {
  const id = formatNup('99998', next++, 2026);
  await dataSource.query(
    `INSERT INTO processes (id, subject, description, current_department, origin_department, confidential, created_by)
     VALUES ($1, $2, $2, $3, $3, $4, $5)`,
    [id, fixture.subject, fixture.department, fixture.confidential ?? false, fixture.createdBy],
  );
  if (fixture.access?.length) {
    await dataSource.query(
      `INSERT INTO process_confidential_access (process_id, user_id) SELECT $1, unnest($2::uuid[])`,
      [id, fixture.access],
    );
  }
  return id;
}

export interface DeadlineFixture {
  processId: string;
  due: string;
  setBy: string | null;
  kind?: DeadlineKind;
  /** A return deadline: the department asked to return the process (and the one that asked). */
  toDepartment?: string;
  fromDepartment?: string;
}

/** An open deadline through ProcessDeadlinesRepository (the HTTP actions are not needed); returns its id. */
export async function insertDeadline(dataSource: DataSource, fixture: DeadlineFixture): Promise<string> {
  const repository = new ProcessDeadlinesRepository(dataSource);
  const saved = await repository.insert({
    processId: fixture.processId,
    kind: fixture.kind ?? 'process',
    unit: 'business',
    days: null,
    startDate: '2026-01-02',
    dueDate: fixture.due,
    fromDepartment: fixture.fromDepartment ?? null,
    toDepartment: fixture.toDepartment ?? null,
    setBy: fixture.setBy,
    setAt: new Date('2026-01-02T12:00:00Z'),
    maxExtensions: 1,
    maxExtensionDays: 10,
  });
  await repository.refreshShown(fixture.processId);
  return saved.id;
}

export interface OpenDeadlineSeed {
  processes: number;
  /** Open deadlines per process: its own, then return deadlines asked of another department. */
  perProcess: number;
  departments: string[];
  /** Creators and setters (user ids). */
  userIds: string[];
  /** Due days spread evenly from `dueFrom` over `dueSpreadDays` days (a weekend moves to Monday). */
  dueFrom: string;
  dueSpreadDays: number;
  confidentialRatio?: number;
  /** First sequence number of the NUPs (unit 99997), for several calls in one database. */
  firstNumber?: number;
}

/**
 * Processes with open deadlines straight in set-based SQL (generate_series; a million deadlines in
 * about a minute): each process in a random department of `departments`, its own deadline and
 * `perProcess - 1` return deadlines asked of another one. Returns how many deadlines it made.
 */
export async function seedOpenDeadlines(dataSource: DataSource, seed: OpenDeadlineSeed): Promise<number> {
  const first = seed.firstNumber ?? 1;
  const ids = Array.from({ length: seed.processes }, (_, i) => formatNup('99997', first + i, 2026));
  await dataSource.transaction(async (tx) => {
    await tx.query('SELECT setseed(0.23)');
    await tx.query(
      `INSERT INTO processes (id, subject, description, current_department, origin_department, confidential, created_by)
       SELECT t.id, 'Processo com prazo ' || t.n, 'Gerado para o teste de prazos', dep, dep, random() < $4,
              ($3::uuid[])[1 + floor(random() * cardinality($3::uuid[]))::int]
         FROM unnest($1::text[]) WITH ORDINALITY AS t(id, n),
              LATERAL (SELECT ($2::text[])[1 + floor(random() * cardinality($2::text[]) + t.n * 0)::int] AS dep) d`,
      [ids, seed.departments, seed.userIds, seed.confidentialRatio ?? 0],
    );
    await tx.query(
      `INSERT INTO process_deadlines (process_id, kind, unit, start_date, due_date, from_department, to_department,
                                      set_by, max_extensions, max_extension_days)
       SELECT s.id, CASE WHEN k = 1 THEN 'process' ELSE 'return' END, 'business', $3::date - 30,
              due + CASE extract(isodow FROM due) WHEN 6 THEN 2 WHEN 7 THEN 1 ELSE 0 END,
              CASE WHEN k > 1 THEN s.current_department END,
              CASE WHEN k > 1 THEN ($2::text[])[1 + floor(random() * cardinality($2::text[]))::int] END,
              s.created_by, 1, 10
         FROM (SELECT p.id, p.current_department, p.created_by, k, $3::date + floor(random() * $4::int)::int AS due
                 FROM processes p JOIN unnest($1::text[]) AS batch(id) ON batch.id = p.id,
                      generate_series(1, $5::int) AS k) AS s`,
      [ids, seed.departments, seed.dueFrom, seed.dueSpreadDays, seed.perProcess],
    );
    // Statistics of the rows just inserted, or the planner joins 250,000 processes by nested loop.
    await tx.query('ANALYZE processes, process_deadlines');
    await tx.query(
      `UPDATE processes p SET deadline_id = d.id
         FROM (SELECT DISTINCT ON (process_id) process_id, id FROM process_deadlines ORDER BY process_id, due_date, id) d
        WHERE d.process_id = p.id AND p.id = ANY($1::text[])`,
      [ids],
    );
  });
  await dataSource.query('ANALYZE processes, process_deadlines');
  return seed.processes * seed.perProcess;
}

/** `processes` processes in `department`, each with its own deadline open and due on `day`. */
export function seedDueOn(
  dataSource: DataSource,
  seed: { processes: number; department: string; userIds: string[]; day: string },
): Promise<number> {
  return seedOpenDeadlines(dataSource, {
    processes: seed.processes,
    perProcess: 1,
    departments: [seed.department],
    userIds: seed.userIds,
    dueFrom: seed.day,
    dueSpreadDays: 1,
  });
}
