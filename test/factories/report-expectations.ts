import type { DataSource } from 'typeorm';
import { loadEnv } from '#server/config/env';
import { localIsoDate } from '#server/contracts/dates';
import { PROCESS_HISTORY_ACTIONS, type ProcessStatus } from '#server/contracts/processes';
import type {
  DocumentsReport,
  ProcessesReport,
  ReportCount,
  ReportFilters,
  ReportRecentProcess,
  ReportRequesterOption,
  RequestersReport,
  UsersReport,
} from '#server/contracts/reports';
import type { Level, Role } from '#server/contracts/users';

/**
 * The reports computed directly in JavaScript from every row of the database, with the visibility
 * rules written out again (not the server's SQL fragments): the reference the API must equal.
 */
export interface Viewer {
  id: string;
  role: Role;
  level: Level;
  department: string;
}

interface ProcessRow {
  id: string;
  subject: string;
  status: ProcessStatus;
  department: string;
  confidential: boolean;
  createdBy: string;
  createdAt: Date;
  lastUpdate: Date;
  finalizedAt: Date | null;
  requesterUserId: string | null;
  requesterExternalId: string | null;
}
interface DocumentRow {
  id: string;
  department: string;
  confidential: boolean;
  createdBy: string;
  createdAt: Date;
  fileName: string;
  size: number;
  departments: string[];
  confidentialUsers: string[];
  signers: string[];
}
interface UserRow {
  id: string;
  name: string;
  department: string;
  email: string;
  role: Role;
  status: string;
}
interface ExternalRow {
  id: string;
  name: string;
  department: string | null;
  email: string | null;
}

export interface ReportSnapshot {
  processes: ProcessRow[];
  access: Set<string>;
  documents: DocumentRow[];
  users: UserRow[];
  externals: ExternalRow[];
}

export async function loadSnapshot(dataSource: DataSource): Promise<ReportSnapshot> {
  const processes = await dataSource.query<ProcessRow[]>(
    `SELECT p.id, p.subject, p.status, p.current_department AS department, p.confidential,
            p.created_by AS "createdBy", p.created_at AS "createdAt", p.last_update AS "lastUpdate",
            (SELECT max(h.date) FROM process_history h WHERE h.process_id = p.id AND h.action = $1) AS "finalizedAt",
            p.requester_user_id AS "requesterUserId", p.requester_external_id AS "requesterExternalId"
       FROM processes p`,
    [PROCESS_HISTORY_ACTIONS.finalized],
  );
  const access = await dataSource.query<{ process_id: string; user_id: string }[]>(
    'SELECT process_id, user_id FROM process_confidential_access',
  );
  const documents = await dataSource.query<(DocumentRow & { size: string })[]>(
    `SELECT d.id, d.department, d.confidential, d.created_by AS "createdBy", d.created_at AS "createdAt",
            f.original_name AS "fileName", f.size_bytes::text AS size,
            ARRAY(SELECT department FROM document_department_access a WHERE a.document_id = d.id) AS departments,
            ARRAY(SELECT user_id::text FROM document_confidential_access a WHERE a.document_id = d.id) AS "confidentialUsers",
            ARRAY(SELECT user_id::text FROM document_signing_flow a WHERE a.document_id = d.id) AS signers
       FROM documents d JOIN stored_files f ON f.id = d.file_id`,
  );
  return {
    processes,
    access: new Set(access.map((a) => `${a.process_id}|${a.user_id}`)),
    documents: documents.map((d) => ({ ...d, size: Number(d.size) })),
    users: await dataSource.query<UserRow[]>('SELECT id, name, department, email, role, status FROM users'),
    externals: await dataSource.query<ExternalRow[]>('SELECT id, name, department, email FROM external_requesters'),
  };
}

const mayseeProcess = (s: ReportSnapshot, v: Viewer, p: ProcessRow) =>
  v.role === 'admin' || !p.confidential || p.createdBy === v.id || s.access.has(`${p.id}|${v.id}`);

const maySeeDocument = (v: Viewer, d: DocumentRow) =>
  v.role === 'admin' ||
  d.createdBy === v.id ||
  d.signers.includes(v.id) ||
  d.confidentialUsers.includes(v.id) ||
  ((!d.confidential || v.level === 'Chefia') && d.departments.includes(v.department));

const day = (date: Date) => localIsoDate(date, loadEnv().TIME_ZONE);
const inPeriod = (date: Date, f: ReportFilters) =>
  (!f.startDate || day(date) >= f.startDate) && (!f.endDate || day(date) <= f.endDate);

/** Counts by key, sorted by key (compare with the API's list sorted the same way). */
function tally<K extends string>(
  keys: (string | null)[],
  name: K,
): ({ [P in K]: string | null } & { count: number })[] {
  const map = new Map<string | null, number>();
  for (const key of keys) map.set(key, (map.get(key) ?? 0) + 1);
  return [...map.entries()]
    .map(([key, count]) => ({ [name]: key, count }) as { [P in K]: string | null } & { count: number })
    .sort(byKey(name));
}

export function byKey<T>(key: keyof T) {
  return (a: T, b: T) => String(a[key] ?? '').localeCompare(String(b[key] ?? '')) || 0;
}

const DAY = 86_400_000;
function averageDays(list: ProcessRow[]): number | null {
  const done = list.filter((p) => p.status === 'concluído');
  if (!done.length) return null;
  const mean =
    done.reduce((sum, p) => sum + ((p.finalizedAt ?? p.lastUpdate).getTime() - p.createdAt.getTime()), 0) /
    done.length /
    DAY;
  return Math.round(mean * 10) / 10;
}

const recent = (list: ProcessRow[]): ReportRecentProcess[] =>
  [...list]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
    .slice(0, 10)
    .map((p) => ({
      id: p.id,
      subject: p.subject,
      status: p.status,
      department: p.department,
      date: p.createdAt.toISOString(),
    }));

export function visibleProcesses(s: ReportSnapshot, v: Viewer, f: ReportFilters, withDepartment = true) {
  return s.processes.filter(
    (p) =>
      mayseeProcess(s, v, p) &&
      inPeriod(p.createdAt, f) &&
      (!withDepartment || !f.department || p.department === f.department),
  );
}

export function expectedProcesses(s: ReportSnapshot, v: Viewer, f: ReportFilters): ProcessesReport {
  const list = visibleProcesses(s, v, f);
  return {
    totalProcesses: list.length,
    completed: list.filter((p) => p.status === 'concluído').length,
    inProgress: list.filter((p) => p.status === 'em andamento').length,
    averageCompletionTime: averageDays(list),
    byDepartment: tally(
      list.map((p) => p.department),
      'department',
    ) as ReportCount[],
    processesByMonth: tally(
      list.map((p) => day(p.createdAt).slice(0, 7)),
      'month',
    ) as { month: string; count: number }[],
  };
}

export function expectedDocuments(s: ReportSnapshot, v: Viewer, f: ReportFilters): DocumentsReport {
  const list = s.documents.filter(
    (d) => maySeeDocument(v, d) && inPeriod(d.createdAt, f) && (!f.department || d.department === f.department),
  );
  const extension = (name: string) => /.\.([A-Za-z0-9]+)$/.exec(name)?.[1].toLowerCase() ?? null;
  return {
    totalDocuments: list.length,
    byType: tally(
      list.map((d) => extension(d.fileName)),
      'type',
    ),
    largestFiles: [...list]
      .sort((a, b) => b.size - a.size)
      .slice(0, 10)
      .map((d) => ({ name: d.fileName.trim() || null, size: d.size })),
  };
}

export function expectedUsers(s: ReportSnapshot, v: Viewer, f: ReportFilters): UsersReport {
  const people = s.users.filter((u) => !f.department || u.department === f.department);
  const seen = visibleProcesses(s, v, f, false);
  const activity = people
    .map((u) => {
      const createdProcesses = seen.filter((p) => p.createdBy === u.id).length;
      const requestedProcesses = seen.filter((p) => p.requesterUserId === u.id).length;
      return {
        name: u.name,
        department: u.department,
        createdProcesses,
        requestedProcesses,
        processCount: createdProcesses + requestedProcesses,
      };
    })
    .filter((u) => u.processCount > 0);
  const report: UsersReport = {
    totalUsers: people.length,
    activeUsers: people.filter((u) => u.status === 'active').length,
    byDepartment: tally(
      people.map((u) => u.department),
      'department',
    ) as ReportCount[],
    mostActive: activity.sort(byKey('name')),
  };
  const person = f.userId ? s.users.find((u) => u.id === f.userId) : undefined;
  if (person) {
    const created = seen.filter((p) => p.createdBy === person.id);
    const requested = seen.filter((p) => p.requesterUserId === person.id);
    report.userDetail = {
      name: person.name,
      department: person.department,
      email: person.email,
      role: person.role,
      active: person.status === 'active',
      metrics: {
        createdProcesses: created.length,
        requestedProcesses: requested.length,
        confidentialProcesses: created.filter((p) => p.confidential).length,
        totalActivity: created.length + requested.length,
      },
      recentProcesses: recent(seen.filter((p) => p.createdBy === person.id || p.requesterUserId === person.id)),
    };
  }
  return report;
}

function requesterOf(s: ReportSnapshot, p: ProcessRow) {
  if (p.requesterExternalId) {
    const e = s.externals.find((x) => x.id === p.requesterExternalId)!;
    return { id: e.id, name: e.name, department: e.department, email: e.email, isExternal: true };
  }
  if (p.requesterUserId) {
    const u = s.users.find((x) => x.id === p.requesterUserId)!;
    return { id: u.id, name: u.name, department: u.department, email: u.email, isExternal: false };
  }
  return null;
}

export function expectedRequesters(s: ReportSnapshot, v: Viewer, f: ReportFilters): RequestersReport {
  const list = visibleProcesses(s, v, f).filter((p) => requesterOf(s, p));
  const byRequester = new Map<
    string,
    { name: string; department: string | null; isExternal: boolean; requestCount: number }
  >();
  for (const p of list) {
    const r = requesterOf(s, p)!;
    const entry = byRequester.get(r.id) ?? {
      name: r.name,
      department: r.department,
      isExternal: r.isExternal,
      requestCount: 0,
    };
    entry.requestCount += 1;
    byRequester.set(r.id, entry);
  }
  const report: RequestersReport = {
    totalRequesters: byRequester.size,
    totalRequests: list.length,
    topRequesters: [...byRequester.values()].sort(byKey('name')),
    departmentDistribution: tally(
      list.map((p) => p.department),
      'department',
    ) as ReportCount[],
  };
  if (f.requesterId) {
    const mine = list.filter((p) => requesterOf(s, p)!.id === f.requesterId);
    const anyVisible = s.processes.find((p) => mayseeProcess(s, v, p) && requesterOf(s, p)?.id === f.requesterId);
    const r = anyVisible && requesterOf(s, anyVisible)!;
    if (r) {
      report.requesterDetail = {
        name: r.name,
        department: r.department,
        email: r.email,
        isExternal: r.isExternal,
        requestCount: mine.length,
        statusBreakdown: {
          completed: mine.filter((p) => p.status === 'concluído').length,
          inProgress: mine.filter((p) => p.status === 'em andamento').length,
        },
        averageCompletionDays: averageDays(mine),
        topDepartments: tally(
          mine.map((p) => p.department),
          'department',
        ) as ReportCount[],
        recentProcesses: recent(mine),
      };
    }
  }
  return report;
}

export function expectedRequesterOptions(s: ReportSnapshot, v: Viewer): ReportRequesterOption[] {
  const map = new Map<string, ReportRequesterOption>();
  for (const p of s.processes) {
    const r = mayseeProcess(s, v, p) ? requesterOf(s, p) : null;
    if (r) map.set(r.id, { id: r.id, name: r.name, department: r.department, isExternal: r.isExternal });
  }
  return [...map.values()].sort(byKey('id'));
}
