import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  clusterStarter,
  parentPid,
  embeddedPostgresDir,
  planLocalServices,
  runningEmbeddedCluster,
  useRunningEmbeddedDatabase,
  type LocalServicesFacts,
} from './local-services';

const bare: LocalServicesFacts = {
  databaseUrlSet: false,
  redisUrlSet: false,
  postgresAnswers: false,
  redisAnswers: false,
};

describe('planLocalServices', () => {
  it('starts an embedded PostgreSQL only when nothing answers and DATABASE_URL is unset', () => {
    expect(planLocalServices(bare).postgres).toBe('embedded');
    expect(planLocalServices({ ...bare, postgresAnswers: true }).postgres).toBe('running');
    expect(planLocalServices({ ...bare, databaseUrlSet: true }).postgres).toBe('configured');
    expect(planLocalServices({ ...bare, databaseUrlSet: true, postgresAnswers: true }).postgres).toBe('configured');
  });

  it('coordinates through PostgreSQL when no Redis answers and REDIS_URL is unset', () => {
    expect(planLocalServices(bare).redis).toBe('postgres');
    expect(planLocalServices({ ...bare, redisAnswers: true }).redis).toBe('running');
    expect(planLocalServices({ ...bare, redisUrlSet: true }).redis).toBe('configured');
  });

  it('decides PostgreSQL and Redis independently', () => {
    expect(planLocalServices({ ...bare, postgresAnswers: true })).toEqual({ postgres: 'running', redis: 'postgres' });
  });
});

describe('the embedded cluster npm start left running', () => {
  let root: string;
  // Stands for a postmaster: a live process whose command line says postgres.
  let postmaster: ChildProcess;
  beforeAll(() => {
    postmaster = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { argv0: 'postgres' });
  });
  afterAll(() => postmaster.kill());
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'semgi-local-services-'));
    mkdirSync(embeddedPostgresDir(root), { recursive: true });
    writeFileSync(`${embeddedPostgresDir(root)}.password`, 'a/b+c\n');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const writePidFile = (pid: number, port: number) =>
    writeFileSync(
      join(embeddedPostgresDir(root), 'postmaster.pid'),
      `${pid}\n${embeddedPostgresDir(root)}\n1764100000\n${port}\n\n127.0.0.1\n  5432001  0\nready\n`,
    );

  it('reads the pid and port of a live postmaster', () => {
    writePidFile(postmaster.pid as number, 54_321);
    expect(runningEmbeddedCluster(embeddedPostgresDir(root))).toEqual({ pid: postmaster.pid, port: 54_321 });
  });

  it('ignores the file a killed postmaster left behind, whether its pid is dead or now another program', () => {
    writePidFile(2 ** 22 + 17, 5432);
    expect(runningEmbeddedCluster(embeddedPostgresDir(root))).toBeUndefined();
    writePidFile(process.pid, 5432);
    expect(runningEmbeddedCluster(embeddedPostgresDir(root))).toBeUndefined();
  });

  it('gives the scripts its address and password when DATABASE_URL is unset', () => {
    writePidFile(postmaster.pid as number, 5433);
    const env: NodeJS.ProcessEnv = {};
    useRunningEmbeddedDatabase(env, root);
    expect(env.DATABASE_URL).toBe('postgres://postgres:a%2Fb%2Bc@127.0.0.1:5433/semgi');
  });

  it('leaves a DATABASE_URL the user set, and the default when no cluster runs', () => {
    writePidFile(postmaster.pid as number, 5433);
    const chosen: NodeJS.ProcessEnv = { DATABASE_URL: 'postgres://u@db/x' };
    useRunningEmbeddedDatabase(chosen, root);
    expect(chosen.DATABASE_URL).toBe('postgres://u@db/x');
    rmSync(join(embeddedPostgresDir(root), 'postmaster.pid'));
    const none: NodeJS.ProcessEnv = {};
    useRunningEmbeddedDatabase(none, root);
    expect(none.DATABASE_URL).toBeUndefined();
  });
});

describe('clusterStarter', () => {
  it("names the running start.mjs whose child the postmaster is, and nothing for an orphan's parent", async () => {
    // A stand-in for start.mjs (its command line names the script) with a child standing for the postmaster.
    const starter = spawn(
      process.execPath,
      [
        '-e',
        "require('child_process').spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'inherit' }); setTimeout(() => {}, 60000)",
        'scripts/start.mjs',
      ],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    let child: number | undefined;
    try {
      child = await new Promise<number>((resolve) => {
        const look = () => {
          const found = readdirSync('/proc').find(
            (entry) => /^\d+$/.test(entry) && parentPid(Number(entry)) === starter.pid,
          );
          if (found) resolve(Number(found));
          else setTimeout(look, 50);
        };
        look();
      });
      expect(clusterStarter({ pid: child, port: 5432 })).toBe(starter.pid);
      // The jest worker's parent is not a start.mjs.
      expect(clusterStarter({ pid: process.pid, port: 5432 })).toBeUndefined();
    } finally {
      if (child) process.kill(child, 'SIGKILL');
      starter.kill('SIGKILL');
    }
  });
});
