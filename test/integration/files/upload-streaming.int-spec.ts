import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadEnv } from '#server/config/env';
import { sweepTemporaryFiles, temporaryDirectory } from '#server/domain/files/storage-paths';
import { eventually } from '#test/setup/eventually';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

const run = promisify(execFile);
const MB = 1024 * 1024;

/** Files left in STORAGE_DIR/tmp (none when the folder was never made). */
async function temporaryFiles(): Promise<string[]> {
  return readdir(temporaryDirectory(loadEnv().STORAGE_DIR)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
}

/**
 * Uploads stream to a temporary file under STORAGE_DIR and are checked there (README, Decisions › Security):
 * four concurrent 25 MB uploads once took the server to ~880 MB RSS. The files are sent by curl
 * in child processes, so this process's RSS is the server's.
 */
describe('uploads are streamed to disk', () => {
  const { server } = useServerSuite();
  let token: string;
  let dir: string;

  beforeAll(async () => {
    await createUser(server.dataSource, { username: 'envio.grande' });
    token = (await login(server.url, 'envio.grande', TEST_PASSWORD)).token;
    dir = await mkdtemp(join(tmpdir(), 'semgi-upload-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** POST /documents/upload of the file at `path` with curl; the HTTP status. */
  async function upload(path: string, name: string): Promise<number> {
    const { stdout } = await run('curl', [
      '-sS',
      '-o',
      '/dev/null',
      '-w',
      '%{http_code}',
      '-H',
      `authorization: Bearer ${token}`,
      '-F',
      `file=@${path};filename=${name}`,
      `${server.url}/api/documents/upload`,
    ]);
    return Number(stdout);
  }

  /**
   * A PDF-looking file of `size` bytes (random after the header), made by a child process: bytes
   * allocated here would stay in this process's RSS and hide the server's growth.
   */
  async function fileOf(name: string, header: string, size: number): Promise<string> {
    const path = join(dir, name);
    await writeFile(path, header);
    await run('sh', ['-c', `head -c ${size - header.length} /dev/urandom >> "$0"`, path]);
    return path;
  }
  const pdfOf = (name: string, size: number) => fileOf(name, '%PDF-1.4\n%', size);

  it('stores four concurrent 25 MB uploads with little memory and no temporary file left', async () => {
    const files = await Promise.all([0, 1, 2, 3].map((i) => pdfOf(`grande-${i}.pdf`, 25 * MB - 4096)));
    expect(await upload(await pdfOf('aquecimento.pdf', 64 * 1024), 'aquecimento.pdf')).toBe(201);
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    try {
      const statuses = await Promise.all(files.map((path, i) => upload(path, `grande-${i}.pdf`)));
      expect(statuses).toEqual([201, 201, 201, 201]);
    } finally {
      clearInterval(sampler);
    }
    const growthMb = (peak - baseline) / MB;
    expect(growthMb).toBeLessThan(100);
    expect(await temporaryFiles()).toEqual([]);
    const rows = await server.dataSource.query<{ size_bytes: string }[]>(
      `SELECT size_bytes FROM stored_files WHERE original_name LIKE 'grande-%'`,
    );
    expect(rows.map((row) => Number(row.size_bytes))).toEqual(Array(4).fill(25 * MB - 4096));
  });

  it('leaves no temporary file when an upload is refused by type or by size', async () => {
    expect(await upload(await fileOf('programa.pdf', 'MZ', 5 * MB), 'programa.pdf')).toBe(415);
    expect(await upload(await pdfOf('enorme.pdf', 26 * MB), 'enorme.pdf')).toBe(413);
    expect(await temporaryFiles()).toEqual([]);
  });

  it('leaves no temporary file when the client gives up mid-upload', async () => {
    const url = new URL(`${server.url}/api/documents/upload`);
    const boundary = 'corte';
    const req = request({
      host: url.hostname,
      port: url.port,
      method: 'POST',
      path: url.pathname,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(20 * MB),
      },
    });
    req.on('error', () => undefined);
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="corte.pdf"\r\n\r\n%PDF-1.4\n`);
    req.write(Buffer.alloc(2 * MB, 0x20));
    await eventually(async () => (await temporaryFiles()).length === 1, 'o envio começar a ser gravado');
    req.destroy();
    await eventually(async () => (await temporaryFiles()).length === 0, 'o arquivo temporário ser apagado');
  });

  it('sweeps leftovers older than an hour (at boot), never a file still being received', async () => {
    await mkdir(temporaryDirectory(loadEnv().STORAGE_DIR), { recursive: true });
    const old = join(temporaryDirectory(loadEnv().STORAGE_DIR), 'upload-antigo');
    const fresh = join(temporaryDirectory(loadEnv().STORAGE_DIR), 'upload-recente');
    await writeFile(old, 'x');
    await writeFile(fresh, 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(old, twoHoursAgo, twoHoursAgo);
    expect(await sweepTemporaryFiles(loadEnv().STORAGE_DIR)).toBe(1);
    expect(await temporaryFiles()).toEqual(['upload-recente']);
    await rm(fresh);
  });
});
