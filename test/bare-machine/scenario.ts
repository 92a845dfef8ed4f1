/**
 * What a new user does on a bare machine, run inside test/bare-machine/namespace.sh by
 * test/e2e/bare-machine.e2e-spec.ts: `npm start` from an empty data/, sign in as admin with the
 * printed password and change it, forward a process while the receiver's socket listens, a report
 * PDF, the audit CSV, SIGTERM; start again and find the data, kill the whole tree and start a third
 * time. With `--first-start`, only the first start's part: sign-in, the live notification, SIGTERM. Prints one `RESULT {json}` line with what it saw; the spec judges it.
 * Files it fetched go to data/bare-machine/.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NotificationView } from '#server/contracts/notifications';
import type { ProcessListResponse, ProcessView } from '#server/contracts/processes';
import type { CreateUserResponse } from '#server/contracts/users';
import { parentPid } from '#server/config/local-services';
import { projectRoot } from '#server/config/project-root';
import { createProcessViaApi, pid } from '#test/factories/processes';
import { api, connectSocket, login } from '#test/setup/app';
import { eventually, hold } from '#test/setup/eventually';

const root = projectRoot();
const out = join(root, 'data', 'bare-machine');
const NEW_ADMIN_PASSWORD = 'Prefeitura#2026';

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** The `npm start` running now: stopped if the scenario fails, so nothing outlives it. */
let current: Run | undefined;

function npmStart(name: string): Run {
  const child = spawn('npm', ['start'], { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    writeFileSync(join(out, `${name}.log`), output);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  current = { child, output: () => output, exited };
  return current;
}

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs: number) {
  let value: T | undefined;
  await eventually(async () => (value = await probe()) !== undefined, what, { timeoutMs, intervalMs: 200 });
  return value as T;
}

/** Waits for `npm start`'s ready line; fails at once if it exits first. */
async function ready(run: Run): Promise<{ url: string; ms: number }> {
  const started = Date.now();
  let exitCode: number | null | undefined;
  void run.exited.then((code) => (exitCode = code));
  const url = await until(
    "'SEMGI pronto'",
    () => {
      if (exitCode !== undefined) throw new Error(`npm start terminou (${exitCode}):\n${run.output().slice(-4000)}`);
      return /\[semgi\] SEMGI pronto em (\S+)/.exec(run.output())?.[1];
    },
    150_000,
  );
  return { url, ms: Date.now() - started };
}

/** Every process under `pid` now. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number | undefined>();
  for (const entry of readdirSync('/proc'))
    if (/^\d+$/.test(entry)) parents.set(Number(entry), parentPid(Number(entry)));
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of parents) {
      if (ppid === parent) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

function alive(pids: number[]): number[] {
  return pids.filter((p) => {
    try {
      process.kill(p, 0);
      return true;
    } catch {
      return false;
    }
  });
}

/** SIGTERM to npm itself, as systemd or `kill <pid>` sends it: its exit code and what is left running. */
async function stop(run: Run) {
  const tree = [run.child.pid as number, ...descendants(run.child.pid as number)];
  run.child.kill('SIGTERM');
  const exitCode = await run.exited;
  // A process being reaped may linger for a moment; anything still there after 2 s was left behind.
  await eventually(() => alive(tree).length === 0, 'o fim dos processos', { timeoutMs: 2000 }).catch(() => undefined);
  // A stop that did not end cleanly carries the end of its log, so the failure says which process and why.
  const why = exitCode === 0 ? {} : { outputTail: run.output().slice(-3000) };
  return { exitCode, processes: tree.length, leftRunning: alive(tree), ...why };
}

/**
 * `kill -9` of the whole tree (a power cut, the OOM killer), then `npm start` again: it must get past
 * the stale postmaster.pid and the crash recovery, and the data must be there.
 */
async function killAllThenStart(run: Run, base: string) {
  const tree = [run.child.pid as number, ...descendants(run.child.pid as number)];
  for (const p of tree) process.kill(p, 'SIGKILL');
  await run.exited;
  await until('o fim dos processos mortos', () => (alive(tree).length === 0 ? true : undefined), 10_000);
  const third = npmStart('after-kill-9');
  const thirdReady = await ready(third);
  const admin = await login(base, 'admin', NEW_ADMIN_PASSWORD);
  const list = await api<ProcessListResponse>(base, 'GET', '/processes', { token: admin.token });
  return { killed: tree.length, readyMs: thirdReady.ms, processes: list.body.data.total, stop: await stop(third) };
}

async function main() {
  mkdirSync(out, { recursive: true });
  const first = npmStart('first-start');
  const firstReady = await ready(first);
  const base = firstReady.url.replace(/\/semgi\/$/, '');
  const printedPassword = /primeiro login\): (\S+?)"/.exec(first.output())?.[1];
  if (!printedPassword) throw new Error('a senha inicial do admin não apareceu no log');

  const temporary = await login(base, 'admin', printedPassword);
  const changed = await api(base, 'POST', '/auth/change-temporary-password', {
    token: temporary.token,
    body: { currentPassword: printedPassword, newPassword: NEW_ADMIN_PASSWORD },
  });
  const admin = await login(base, 'admin', NEW_ADMIN_PASSWORD);

  const created = await api<CreateUserResponse>(base, 'POST', '/users', {
    token: admin.token,
    body: { username: 'recebe.juridico', name: 'Rita Jurídico', email: 'rita@prefeitura.test', department: 'Jurídico' },
  });
  if (created.body.emailed !== false) throw new Error(`usuário não criado: ${JSON.stringify(created.body)}`);
  const receiverFirst = await login(base, 'recebe.juridico', created.body.tempPassword);
  await api(base, 'POST', '/auth/change-temporary-password', {
    token: receiverFirst.token,
    body: { currentPassword: created.body.tempPassword, newPassword: 'Juridico#2026' },
  });
  const receiver = await login(base, 'recebe.juridico', 'Juridico#2026');
  const socket = await connectSocket(base, receiver.token);
  const live = new Promise<NotificationView>((resolve) =>
    socket.once('notification:new', ({ notification }) => resolve(notification)),
  );
  const process_ = await createProcessViaApi(base, admin.token, { destinationDepartment: 'Financeiro' });
  const forwarded = await api(base, 'POST', `/processes/${pid(process_.id)}/forward`, {
    token: admin.token,
    body: { destinationDepartment: 'Jurídico', comment: 'Para parecer jurídico' },
  });
  const notification = await Promise.race([live, hold(20_000).then(() => undefined)]);
  socket.close();
  const firstStart = {
    firstReadyMs: firstReady.ms,
    passwordChange: changed.status,
    forward: forwarded.status,
    notification: notification && { title: notification.title, message: notification.message },
  };
  if (process.argv.includes('--first-start')) {
    console.log(`RESULT ${JSON.stringify({ ...firstStart, firstStop: await stop(first) })}`);
    return;
  }

  const headers = { authorization: `Bearer ${admin.token}` };
  const pdfStarted = Date.now();
  let report = await fetch(`${base}/api/reports/processes/export/pdf`, { headers });
  if (report.status === 202) {
    const { exportId } = (await report.json()) as { exportId: string };
    report = await until(
      'o PDF do relatório',
      async () => {
        // 404 until the worker has written it (the file then comes by notification).
        const res = await fetch(`${base}/api/reports/processes/export/pdf/${exportId}`, { headers });
        return res.status === 404 ? undefined : res;
      },
      120_000,
    );
  }
  const pdf = Buffer.from(await report.arrayBuffer());
  writeFileSync(join(out, 'report.pdf'), pdf);
  const pdfMs = Date.now() - pdfStarted;

  const queued = await fetch(`${base}/api/logs/export?token=${admin.token}`);
  const { exportId } = (await queued.json()) as { exportId: string };
  const csv = await until(
    'o CSV da auditoria',
    async () => {
      const res = await fetch(`${base}/api/logs/export/${exportId}/download?token=${admin.token}`);
      return res.status === 200 ? { type: res.headers.get('content-type'), text: await res.text() } : undefined;
    },
    60_000,
  );
  writeFileSync(join(out, 'audit.csv'), csv.text);
  const firstStop = await stop(first);

  const second = npmStart('second-start');
  const secondReady = await ready(second);
  const again = await login(base, 'admin', NEW_ADMIN_PASSWORD);
  const kept = await api<ProcessView>(base, 'GET', `/processes/${pid(process_.id)}`, {
    token: again.token,
  });
  const afterKill9 = await killAllThenStart(second, base);

  console.log(
    `RESULT ${JSON.stringify({
      ...firstStart,
      secondReadyMs: secondReady.ms,
      report: { status: report.status, type: report.headers.get('content-type'), bytes: pdf.length, ms: pdfMs },
      auditCsv: { status: queued.status, type: csv.type, lines: csv.text.split('\n').length },
      firstStop,
      afterKill9,
      afterRestart: { status: kept.status, subject: kept.body.subject },
    })}`,
  );
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    console.error(error);
    if (current?.child.exitCode === null) {
      current.child.kill('SIGTERM');
      await Promise.race([current.exited, hold(20_000)]);
    }
    process.exit(1);
  },
);
