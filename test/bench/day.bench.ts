import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'pg';
import { io, type Socket } from 'socket.io-client';
import { loadEnv, resetEnvCache } from '#server/config/env';
import type { ExportReadyPayload } from '#server/contracts/audit';
import type { LoginResponse } from '#server/contracts/auth';
import type { DocumentView } from '#server/contracts/documents';
import type { ProcessListResponse, ProcessSummary } from '#server/contracts/processes';
import type { ReportExportQueued } from '#server/contracts/reports';
import type { ClientToServerEvents, ServerToClientEvents } from '#server/contracts/socket-events';
import { deleteKeysWithPrefix } from '#test/setup/redis';
import { type Bench, type BenchRow, describeFetchError, loadRows, percentile, row } from './bench-kit';
import { type CapitalDataset, ensureCapitalDataset } from './capital-dataset';
import { type AppChild, startApp, waitForDrain } from './notifications.bench';

/**
 * 'A day's load' (README, Benchmarks): USERS simulated staff, a sample of the capital dataset's users
 * (capital-dataset.ts), on two server instances and one worker (each its own process, Redis
 * coordination as in the notifications bench) for DURATION_S. Each logs in (the logins spread over the first RAMP_S), opens a socket on
 * the instance its requests do not go to (events cross instances through Redis) and loops, with
 * THINK_MS of think time before each action: first page of the list, open a process, forward one
 * of their department, respond to one ('despacho'), write and sign a document (simple
 * signature), read their notifications, search; once each, a report export (XLSX of their
 * department's last 30 days, queued: its `export:ready` ends it). Forwards and responses take
 * processes no other simulated user holds at that moment, so no error comes from two users
 * racing for one process.
 * Figures: p95 of each action (the export from request to `export:ready`), total requests,
 * errors (any answer outside 2xx or failed fetch; the first few are printed), lost notifications
 * (each forward must reach, within LOST_AFTER_MS of its answer, every socket open at that moment
 * of the destination department's other users who keep live notifications on) and the load average.
 * Environment: BENCH_DAY_USERS, BENCH_DAY_SECONDS, BENCH_DAY_SCALE (dataset scale, 1 = the capital).
 * Goals: 0 errors, 0 lost notifications, every action's p95 within 1 s, the export's within 30 s.
 */
const USERS = Number(process.env.BENCH_DAY_USERS ?? 500);
const DURATION_S = Number(process.env.BENCH_DAY_SECONDS ?? 120);
const SCALE = Number(process.env.BENCH_DAY_SCALE ?? 1);
const RAMP_S = Math.min(30, DURATION_S / 4);
const THINK_MS = { min: 4_000, max: 14_000 };
const LOST_AFTER_MS = 5_000;
const EXPORT_WAIT_MS = 60_000;
const ERRORS_SHOWN = 10;

const ACTIONS = [
  'login',
  'lista',
  'lista do setor',
  'abrir processo',
  'encaminhar',
  'despacho',
  'criar documento',
  'assinar',
  'notificações',
  'busca',
  'exportar relatório',
] as const;
type Action = (typeof ACTIONS)[number];
type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const now = () => performance.timeOrigin + performance.now();
const think = () => sleep(THINK_MS.min + Math.random() * (THINK_MS.max - THINK_MS.min));
/** A copy of `items` in random order (Fisher–Yates). */
function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}
const pick = <T>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
const SEARCH_WORDS = ['processo', 'ofício', 'licitação', 'obras', 'saúde', 'contrato', 'descrição', 'teste'];

/** What every simulated user shares: timings, errors, held processes, forwards and events heard. */
class Day {
  readonly samples = new Map<Action, number[]>(ACTIONS.map((a) => [a, []]));
  readonly errors: string[] = [];
  errorCount = 0;
  requests = 0;
  /** Processes a simulated user is forwarding or answering right now. */
  readonly held = new Set<string>();
  /** Where the forwards of this run left each process (a list read before one is stale). */
  readonly movedTo = new Map<string, string>();
  /** Per user (index): sockets open now, and the forwards each heard (process id → when). */
  readonly connected = new Set<number>();
  readonly heard = new Map<number, Map<string, number[]>>();
  /** Each forward answered: the recipients it must reach and when it was answered. */
  readonly expected: { processId: string; recipients: number[]; answeredAt: number }[] = [];
  readonly exportsPending = new Set<Promise<void>>();
  /** Set when the bench closes the sockets itself: a disconnect is then no error. */
  closing = false;

  /** Where a forward may go: the departments of the dataset's users. */
  departments: string[] = [];
  /** When the loops stop starting actions. */
  ends = Infinity;

  /** Errors by action and kind (status or cause), all of them: the printed ones are only the first. */
  readonly errorKinds = new Map<string, number>();

  /** `kind` groups alike errors ('403', 'ECONNRESET', 'timeout'). */
  error(action: Action | 'socket', kind: string, message: string): void {
    this.errorCount++;
    const key = `${action} ${kind}`;
    this.errorKinds.set(key, (this.errorKinds.get(key) ?? 0) + 1);
    if (this.errors.length < ERRORS_SHOWN) this.errors.push(`${action}: ${message}`);
  }

  /** One timed request; its JSON (or null for an empty body), or undefined when it failed. */
  async call<T>(action: Action, url: string, init: RequestInit = {}, token?: string): Promise<T | null | undefined> {
    const headers: Record<string, string> = { ...(init.body ? { 'content-type': 'application/json' } : {}) };
    if (token) headers.authorization = `Bearer ${token}`;
    this.requests++;
    const start = now();
    try {
      const res = await fetch(url, { ...init, headers });
      const text = await res.text();
      if (res.status < 200 || res.status >= 300) {
        const request = `${init.method ?? 'GET'} ${new URL(url).pathname}`;
        this.error(action, String(res.status), `${request} → ${res.status} ${text.slice(0, 200)}`);
        return undefined;
      }
      this.samples.get(action)?.push(now() - start);
      return text ? (JSON.parse(text) as T) : null;
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? 'fetch';
      this.error(action, cause, `${init.method ?? 'GET'} ${new URL(url).pathname} → ${describeFetchError(error)}`);
      return undefined;
    }
  }
}

interface Staff {
  index: number;
  username: string;
  department: string;
  /** Does this user get live notifications (preferences.notifications.system)? */
  live: boolean;
}

/** The process id a forward notification links to (`/semgi/process-details/{id}`), if it is one. */
function forwardedProcess(notification: { title: string; link: string }): string | undefined {
  if (notification.title !== 'Processo encaminhado') return undefined;
  return decodeURIComponent(notification.link.split('/').pop() ?? '');
}

function openSocket(day: Day, me: Staff, url: string, token: string): Promise<ClientSocket> {
  const socket: ClientSocket = io(url, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  const heard = new Map<string, number[]>();
  day.heard.set(me.index, heard);
  socket.on('notification:new', ({ notification }) => {
    const processId = forwardedProcess(notification);
    if (processId) heard.set(processId, [...(heard.get(processId) ?? []), now()]);
  });
  socket.on('disconnect', (reason) => {
    day.connected.delete(me.index);
    if (!day.closing) day.error('socket', reason, `o de ${me.username} caiu: ${reason}`);
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      day.connected.add(me.index);
      resolve(socket);
    });
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/**
 * One simulated staff member's day: log in, open a socket, then the mixed loop until the end. The
 * socket is returned open (undefined when the login failed): late notifications still count.
 */
async function workday(
  day: Day,
  staff: Staff[],
  me: Staff,
  api: string,
  socketUrl: string,
  password: string,
): Promise<ClientSocket | undefined> {
  const login = await day.call<LoginResponse>('login', `${api}/api/auth/login`, {
    method: 'POST',
    body: JSON.stringify({ username: me.username, password }),
  });
  if (!login) return undefined;
  me.live = login.user.preferences.notifications.system;
  const token = login.token;
  let socket: ClientSocket;
  try {
    socket = await openSocket(day, me, socketUrl, token);
  } catch (error) {
    day.error('socket', (error as Error).message, `${me.username} não conectou: ${String(error)}`);
    return undefined;
  }
  const get = <T>(action: Action, path: string) => day.call<T>(action, `${api}/api${path}`, {}, token);
  const post = <T>(action: Action, path: string, body: unknown) =>
    day.call<T>(action, `${api}/api${path}`, { method: 'POST', body: JSON.stringify(body) }, token);
  /** An open, not confidential process of my department nobody else here holds (held by me now). */
  const holdOne = async (): Promise<ProcessSummary | undefined> => {
    for (const status of ['em andamento', 'pendente']) {
      const query = new URLSearchParams({ q: me.department, status, limit: '50' });
      const list = await get<ProcessListResponse>('lista do setor', `/processes?${query.toString()}`);
      const mine = list?.data.processes.filter(
        (p) =>
          (day.movedTo.get(p.id) ?? p.currentDepartment) === me.department && !p.confidential && !day.held.has(p.id),
      );
      const chosen = pick(mine ?? []);
      if (chosen) {
        day.held.add(chosen.id);
        return chosen;
      }
    }
    return undefined;
  };
  let lastPage: ProcessSummary[] = [];
  let exported = false;
  const steps: Record<Exclude<Action, 'login' | 'lista do setor' | 'criar documento'>, () => Promise<unknown>> = {
    lista: async () => {
      lastPage = (await get<ProcessListResponse>('lista', '/processes?page=1'))?.data.processes ?? lastPage;
    },
    'abrir processo': async () => {
      const process = pick(lastPage);
      if (process) await get('abrir processo', `/processes/${encodeURIComponent(process.id)}`);
    },
    encaminhar: async () => {
      const process = await holdOne();
      if (!process) return;
      try {
        const to = pick(day.departments.filter((d) => d !== me.department)) ?? me.department;
        const answer = await post('encaminhar', `/processes/${encodeURIComponent(process.id)}/forward`, {
          destinationDepartment: to,
          comment: 'Encaminho para análise e providências.',
        });
        if (answer) {
          day.movedTo.set(process.id, to);
          const recipients = [...day.connected].filter(
            (i) => i !== me.index && staff[i].department === to && staff[i].live,
          );
          day.expected.push({ processId: process.id, recipients, answeredAt: now() });
        }
      } finally {
        day.held.delete(process.id);
      }
    },
    despacho: async () => {
      const process = await holdOne();
      if (!process) return;
      try {
        await post('despacho', `/processes/${encodeURIComponent(process.id)}/response-simple`, {
          response: 'Despacho: ciente; prossiga-se conforme o parecer.',
        });
      } finally {
        day.held.delete(process.id);
      }
    },
    assinar: async () => {
      const document = await post<DocumentView>('criar documento', '/documents', {
        title: `Despacho ${randomBytes(3).toString('hex')}`,
        content: `Despacho de ${me.username}: de acordo.`,
      });
      if (document) {
        await post('assinar', `/documents/${document.id}/sign`, {
          signatureType: 'simple',
          certificateType: 'password',
          password,
        });
      }
    },
    notificações: () => get('notificações', '/notifications?page=1'),
    busca: () => get('busca', `/search?q=${encodeURIComponent(pick(SEARCH_WORDS) ?? 'processo')}`),
    'exportar relatório': async () => {
      if (exported) return;
      exported = true;
      day.exportsPending.add(exportReport(day, socket, api, token, me.department));
    },
  };
  // Each user's own order of the actions (a slow run still samples every action); the export, in
  // it, happens once.
  const order = shuffled(Object.keys(steps) as (keyof typeof steps)[]);
  for (let turn = 0; ; turn++) {
    await think();
    if (now() >= day.ends) return socket;
    await steps[order[turn % order.length]]();
  }
}

/** The report export, queued: timed from the request to its `export:ready` on the socket. */
async function exportReport(day: Day, socket: ClientSocket, api: string, token: string, department: string) {
  const start = now();
  const since = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const query = new URLSearchParams({ startDate: since, department });
  // The worker announces every export on the socket, answered 200 or 202: listen before asking.
  let onReady: (payload: ExportReadyPayload) => void = () => undefined;
  const ready = new Promise<ExportReadyPayload>((resolve) => (onReady = resolve));
  const queued = new Set<string>();
  const listener = (payload: ExportReadyPayload) => {
    if (queued.has(payload.exportId)) onReady(payload);
  };
  socket.on('export:ready', listener);
  try {
    const exportId = crypto.randomUUID();
    queued.add(exportId);
    query.set('exportId', exportId);
    day.requests++;
    const res = await fetch(`${api}/api/reports/processes/export/xlsx?${query.toString()}`, {
      headers: { authorization: `Bearer ${token}` },
    }).catch((error: unknown) => error as Error);
    if (res instanceof Error) return day.error('exportar relatório', 'fetch', describeFetchError(res));
    const body = await res.text();
    if (res.status !== 202 && res.status !== 200) {
      return day.error('exportar relatório', String(res.status), `${res.status} ${body.slice(0, 200)}`);
    }
    if (res.status === 202) queued.add((JSON.parse(body) as ReportExportQueued).exportId);
    const outcome = await Promise.race([ready, sleep(EXPORT_WAIT_MS).then(() => undefined)]);
    if (!outcome)
      return day.error('exportar relatório', 'sem export:ready', `sem export:ready em ${EXPORT_WAIT_MS / 1000} s`);
    day.samples.get('exportar relatório')?.push(now() - start);
  } finally {
    socket.off('export:ready', listener);
  }
}

/**
 * Of the expected deliveries: those never heard (lost), those heard later than LOST_AFTER_MS after
 * the forward's answer (late), and the answer → event delays of all heard.
 */
function deliveries(day: Day): { lost: number; late: number; expected: number; delays: number[] } {
  const used = new Map<string, number>();
  const delays: number[] = [];
  let lost = 0;
  let late = 0;
  let expected = 0;
  for (const forward of day.expected) {
    for (const recipient of forward.recipients) {
      expected++;
      // The same process may reach the same user twice (forwarded back and forth): in order.
      const key = `${recipient} ${forward.processId}`;
      const times = day.heard.get(recipient)?.get(forward.processId) ?? [];
      const next = used.get(key) ?? 0;
      const at = times[next];
      if (at === undefined) {
        lost++;
        continue;
      }
      used.set(key, next + 1);
      if (at > forward.answeredAt + LOST_AFTER_MS) late++;
      delays.push(at - forward.answeredAt);
    }
  }
  return { lost, late, expected, delays };
}

/** CPU time each app process has used so far (ms), in the order of `apps`. */
function cpuTimes(apps: AppChild[]): Promise<number[]> {
  return Promise.all(
    apps.map(async (app) => {
      const answer = app.next<{ cpuMs: number }>('cpu');
      app.child.send({ kind: 'cpu' });
      return (await answer).cpuMs;
    }),
  );
}

/** A random sample of `count` of the dataset's users, spread over the departments as it is. */
function sample(dataset: CapitalDataset, count: number): Staff[] {
  const users = shuffled(dataset.users);
  if (users.length < count) throw new Error(`o conjunto de dados tem ${users.length} usuários, menos que ${count}`);
  return users
    .slice(0, count)
    .map((u, index) => ({ index, username: u.username, department: u.department, live: true }));
}

async function run(): Promise<BenchRow[]> {
  const prefix = `semgi-bench-${randomBytes(4).toString('hex')}`;
  Object.assign(process.env, {
    REDIS_PREFIX: prefix,
    STORAGE_DIR: `/tmp/${prefix}/uploads`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
  });
  const dataset = await ensureCapitalDataset({ scale: SCALE });
  console.log(
    `  conjunto de dados (escala ${SCALE}): ${dataset.users.length} usuários, ${(dataset.sizeBytes / 2 ** 20).toFixed(0)} MiB` +
      (dataset.built ? `, construído em ${dataset.buildSeconds?.toFixed(0)} s` : ', já existente'),
  );
  process.env.DATABASE_URL = dataset.databaseUrl;
  resetEnvCache();
  const apps: AppChild[] = [];
  const sockets: ClientSocket[] = [];
  const day = new Day();
  const pool = new Pool({ connectionString: dataset.databaseUrl, max: 1 });
  const suite = `dia: ${USERS} servidores / 2 instâncias por ${DURATION_S} s (escala ${SCALE})`;
  try {
    apps.push(await startApp('server'));
    apps.push(...(await Promise.all([startApp('server'), startApp('worker')])));
    const servers = [apps[0], apps[1]];
    const staff = sample(dataset, USERS);
    const rows: BenchRow[] = loadRows(suite, 'no início');
    const cpuBefore = await cpuTimes(apps);
    const start = now();
    day.ends = start + DURATION_S * 1000;
    day.departments = [...new Set(dataset.users.map((u) => u.department))];
    // Logins spread over the ramp; requests to one instance, the socket on the other.
    const days = staff.map(async (me) => {
      await sleep((me.index / staff.length) * RAMP_S * 1000);
      const api = servers[me.index % 2].url;
      const socket = await workday(day, staff, me, api, servers[(me.index + 1) % 2].url, dataset.password);
      if (socket) sockets.push(socket);
    });
    await Promise.all(days);
    await Promise.all(day.exportsPending);
    const loadAtEnd = loadRows(suite, 'no fim');
    const cpu = (await cpuTimes(apps)).map((ms, i) => ms - cpuBefore[i]);
    const wall = now() - start;
    // Late events still count as delivered (late), until the worker's relay has sent everything.
    await sleep(LOST_AFTER_MS);
    await waitForDrain(pool);
    await sleep(2_000);
    const { lost, late, expected, delays } = deliveries(day);
    if (day.errors.length)
      console.error(
        `  erros por ação e tipo: ${[...day.errorKinds].map(([kind, n]) => `${kind} ×${n}`).join(', ')}\n` +
          `  primeiros erros:\n    ${day.errors.join('\n    ')}`,
      );
    const target = (action: Action) => (action === 'exportar relatório' ? 30_000 : 1_000);
    for (const action of ACTIONS) {
      // An action no user reached (a short run) has no figure, so no goal either.
      const samples = day.samples.get(action) ?? [];
      const goal = samples.length ? { atMost: target(action) } : undefined;
      rows.push(row(suite, `${action} p95 (${samples.length} vezes)`, 'ms', percentile(samples, 95), goal));
    }
    rows.push(
      row(suite, 'requisições', '', day.requests),
      row(suite, 'requisições por segundo', '', day.requests / (wall / 1000)),
      // The CPU the product itself used, which other work on the machine does not inflate as it
      // does latencies: the cores the day needs, and per request.
      row(suite, 'CPU dos 2 servidores', 's', (cpu[0] + cpu[1]) / 1000),
      row(suite, 'CPU do worker', 's', cpu[2] / 1000),
      row(suite, 'CPU dos servidores por requisição', 'ms', (cpu[0] + cpu[1]) / day.requests),
      row(suite, 'núcleos usados (servidores + worker, média)', '', (cpu[0] + cpu[1] + cpu[2]) / wall),
      row(suite, 'erros', '', day.errorCount, { equals: 0 }),
      row(suite, 'encaminhamentos', '', day.expected.length),
      row(suite, 'notificações esperadas nos sockets', '', expected),
      row(suite, 'notificações perdidas (nunca chegaram)', '', lost, { equals: 0 }),
      row(suite, `notificações atrasadas (mais de ${LOST_AFTER_MS / 1000} s)`, '', late, { equals: 0 }),
      row(suite, 'resposta do encaminhamento → notificação p95', 'ms', percentile(delays, 95)),
      ...loadAtEnd,
    );
    return rows;
  } finally {
    // Every socket first, then the worker (its relay may still be pushing), then the servers.
    day.closing = true;
    sockets.forEach((socket) => socket.close());
    await apps[2]?.stop();
    await Promise.all(apps.slice(0, 2).map((app) => app.stop()));
    await rm(`/tmp/${prefix}`, { recursive: true, force: true });
    await pool.end();
    await deleteKeysWithPrefix(loadEnv().REDIS_URL, prefix);
  }
}

export const dayBench: Bench = { name: 'day', run };
