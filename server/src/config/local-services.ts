import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './project-root';

/**
 * What `npm start` (scripts/start.mjs) does about PostgreSQL and the coordination backend before
 * starting the server and the worker, decided from what is configured and what answers. A pure
 * function: the script probes, this decides, the script acts.
 */
export interface LocalServicesFacts {
  /** DATABASE_URL is set (non-empty): the operator chose the database, nothing is started. */
  databaseUrlSet: boolean;
  /** REDIS_URL is set (non-empty): the operator chose Redis. */
  redisUrlSet: boolean;
  /** Something accepts TCP connections at the default PostgreSQL address (127.0.0.1:5432). */
  postgresAnswers: boolean;
  /** Something accepts TCP connections at the default Redis address (127.0.0.1:6379). */
  redisAnswers: boolean;
}

export type PostgresPlan = 'configured' | 'running' | 'embedded';
/** `postgres`: no Redis, so queues, sockets and rate limits run on PostgreSQL (README, "Running it"). */
export type RedisPlan = 'configured' | 'running' | 'postgres';

export interface LocalServicesPlan {
  postgres: PostgresPlan;
  redis: RedisPlan;
}

export function planLocalServices(facts: LocalServicesFacts): LocalServicesPlan {
  return {
    postgres: facts.databaseUrlSet ? 'configured' : facts.postgresAnswers ? 'running' : 'embedded',
    redis: facts.redisUrlSet ? 'configured' : facts.redisAnswers ? 'running' : 'postgres',
  };
}

/** Where `npm start` keeps its embedded PostgreSQL cluster; its password is in `<dir>.password`. */
export function embeddedPostgresDir(root = projectRoot()): string {
  return join(root, 'data', 'postgres');
}

export interface RunningCluster {
  pid: number;
  port: number;
}

/** A live PostgreSQL process: after a crash the pid may belong to anything else by now. */
function isPostgres(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    return !existsSync('/proc'); // no /proc to look in: trust the pid
  }
}

/**
 * The embedded cluster in `dataDir` when its postmaster runs, from the `postmaster.pid` PostgreSQL
 * writes (line 1 the pid, line 4 the port). A file left by a killed postmaster names a dead pid, or
 * one reused by another program.
 */
export function runningEmbeddedCluster(dataDir: string): RunningCluster | undefined {
  let lines: string[];
  try {
    lines = readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || !isPostgres(pid)) return undefined;
  return { pid, port };
}

/**
 * The pid of the `npm start` (scripts/start.mjs) that started the cluster and still runs, or undefined
 * when the postmaster's parent is anything else: its starter was killed and it was re-parented.
 */
export function clusterStarter({ pid }: RunningCluster): number | undefined {
  const parent = parentPid(pid);
  try {
    return parent && readFileSync(`/proc/${parent}/cmdline`, 'utf8').includes('scripts/start.mjs') ? parent : undefined;
  } catch {
    return undefined;
  }
}

/** The parent of a process, from /proc (the field after the parenthesised name is the state, then the ppid). */
export function parentPid(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** The DATABASE_URL of database `database` in the embedded cluster of `dataDir` listening on `port`. */
export function embeddedDatabaseUrl(dataDir: string, port: number, database = 'semgi'): string {
  const password = readFileSync(`${dataDir}.password`, 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/**
 * For the command-line scripts (seed:demo, cert:demo, audit:verify): with DATABASE_URL unset and
 * the cluster `npm start` started running, its address and password, so nothing has to be exported.
 */
export function useRunningEmbeddedDatabase(env: NodeJS.ProcessEnv = process.env, root = projectRoot()): void {
  if (env.DATABASE_URL?.trim()) return;
  const dataDir = embeddedPostgresDir(root);
  const cluster = runningEmbeddedCluster(dataDir);
  if (cluster) env.DATABASE_URL = embeddedDatabaseUrl(dataDir, cluster.port);
}
