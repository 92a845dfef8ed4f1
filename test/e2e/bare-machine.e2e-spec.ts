import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * `npm ci && npm start` on a machine with only Node (README, opening): each round runs
 * test/bare-machine/scenario.ts inside test/bare-machine/namespace.sh (private network with nothing
 * on 5432 or 6379; no redis-server, chromium, soffice or initdb; empty data/ and /tmp) and judges
 * what it saw. Five fresh installs in a row, none may fail (the first start once crashed 2 times in
 * 5): the first goes the whole way (PDF, CSV, restart, kill -9, start again), the other four end
 * after the first start's sign-in, live notification and SIGTERM. Needs root (unshare, mount), as CI is.
 */
const root = resolve(__dirname, '..', '..');
const ROUNDS = 5;

interface StopSeen {
  exitCode: number | null;
  processes: number;
  leftRunning: number[];
  outputTail?: string;
}

interface FirstStartSeen {
  firstReadyMs: number;
  passwordChange: number;
  forward: number;
  notification?: { title: string; message: string };
  firstStop: StopSeen;
}

interface Seen extends FirstStartSeen {
  secondReadyMs: number;
  report: { status: number; type: string | null; bytes: number; ms: number };
  auditCsv: { status: number; type: string | null; lines: number };
  afterKill9: { killed: number; readyMs: number; processes: number; stop: StopSeen };
  afterRestart: { status: number; subject: string };
}

/** A bare machine's environment: no service address, browser path or test variable leaks in. */
const bareEnv = {
  PATH: '/usr/local/bin:/usr/bin:/bin:/usr/local/sbin:/usr/sbin:/sbin',
  HOME: process.env.HOME ?? '/root',
  LANG: 'C.UTF-8',
};

function runRound(dataDir: string, extra: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(
      'unshare',
      [
        '-mn',
        '--',
        'bash',
        join(root, 'test/bare-machine/namespace.sh'),
        root,
        dataDir,
        'node',
        'dist/test/bare-machine/scenario.js',
        ...extra,
      ],
      { cwd: root, env: bareEnv, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => done({ code, output }));
  });
}

/** SIGTERM to npm: exit 0 and nothing left (npm, start.mjs, server, worker, PostgreSQL). */
function expectCleanStop(stop: StopSeen) {
  // outputTail (the log's end) is there only when the stop failed: the diff then shows why.
  expect({ exitCode: stop.exitCode, leftRunning: stop.leftRunning, outputTail: stop.outputTail }).toEqual({
    exitCode: 0,
    leftRunning: [],
    outputTail: undefined,
  });
  expect(stop.processes).toBeGreaterThanOrEqual(5);
}

describe('a bare machine: npm start with only Node', () => {
  const dataRoot = mkdtempSync(join(tmpdir(), 'semgi-bare-'));
  afterAll(() => rmSync(dataRoot, { recursive: true, force: true }));

  /** One fresh install in its own namespace: what the scenario saw, judged for the first start. */
  async function freshInstall<T extends FirstStartSeen>(round: number, extra: string[]) {
    const dataDir = join(dataRoot, `round-${round}`);
    // The embedded PostgreSQL runs as an unprivileged user when we are root: it must reach data/.
    chmodSync(dataRoot, 0o755);
    spawnSync('mkdir', ['-m', '755', dataDir]);
    const { code, output } = await runRound(dataDir, extra);
    const line = /^RESULT (.+)$/m.exec(output)?.[1];
    if (code !== 0 || !line) throw new Error(`rodada ${round} falhou (${code}):\n${output.slice(-6000)}`);
    const seen = JSON.parse(line) as T;
    const firstLog = readFileSync(join(dataDir, 'bare-machine/first-start.log'), 'utf8');

    // The embedded PostgreSQL and the PostgreSQL coordination were used; no framework warning.
    expect(firstLog).toContain('iniciando um PostgreSQL 16 embutido');
    expect(firstLog).toContain('filas, tempo real e limites de tentativas usam o PostgreSQL');
    expect(firstLog).not.toMatch(/Unsupported route path|LegacyRouteConverter|configLoader/);
    expect(seen.passwordChange).toBe(200);
    expect(seen.forward).toBe(200);
    expect(seen.notification).toMatchObject({ title: 'Processo encaminhado' });
    expect(seen.notification?.message).toContain('para Jurídico');
    expectCleanStop(seen.firstStop);
    return { seen, dataDir };
  }

  it(`fresh install 1/${ROUNDS}: first start, sign-in, live notification, PDF, CSV, SIGTERM, restart, kill -9, start`, async () => {
    const { seen, dataDir } = await freshInstall<Seen>(1, []);

    // The PDF came from the Chromium inside the npm package, with Portuguese accents intact.
    expect(seen.report).toMatchObject({ status: 200, type: 'application/pdf' });
    const pdfText = spawnSync('pdftotext', [join(dataDir, 'bare-machine/report.pdf'), '-'], { encoding: 'utf8' });
    expect(pdfText.stdout).toContain('Relatório');
    expect(pdfText.stdout).toContain('Jurídico');

    expect(seen.auditCsv).toMatchObject({ status: 202, type: 'text/csv; charset=utf-8' });
    const csv = readFileSync(join(dataDir, 'bare-machine/audit.csv'), 'utf8');
    expect(csv).toContain('admin');
    expect(seen.auditCsv.lines).toBeGreaterThan(3);

    // Restarted, then the whole tree killed: the third start finds the data and stops cleanly.
    expect(seen.afterRestart).toEqual({ status: 200, subject: 'Solicitação de reparo de iluminação pública' });
    expect(seen.afterKill9).toMatchObject({ processes: 1 });
    expect(seen.afterKill9.killed).toBeGreaterThanOrEqual(5);
    expectCleanStop(seen.afterKill9.stop);
    console.log(
      `bare machine 1/${ROUNDS}: ready in ${seen.firstReadyMs} ms (first start), ${seen.secondReadyMs} ms (restart), ` +
        `${seen.afterKill9.readyMs} ms (after kill -9); report PDF ${seen.report.ms} ms`,
    );
  }, 300_000);

  for (let round = 2; round <= ROUNDS; round += 1) {
    it(`fresh install ${round}/${ROUNDS}: first start, sign-in, live notification, SIGTERM`, async () => {
      const { seen } = await freshInstall<FirstStartSeen>(round, ['--first-start']);
      console.log(`bare machine ${round}/${ROUNDS}: ready in ${seen.firstReadyMs} ms (first start)`);
    }, 300_000);
  }
});
