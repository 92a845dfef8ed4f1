import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LIBREOFFICE_MISSING } from '#server/domain/files/worker-failures';

/**
 * A conversion that takes longer than this is killed (LibreOffice can hang on a broken file); below
 * the server's 60 s wait for a worker file, so the job has failed before the request gives up.
 */
export const LIBREOFFICE_TIMEOUT_MS = 45_000;
const INSTALL = 'instale com `apt-get install -y libreoffice-writer-nogui`';
/** Temp directories of a worker process: `semgi-soffice-<pid>-…` (conversions) and `…-profile-<pid>-…`. */
const TEMP_PREFIX = 'semgi-soffice-';
const TEMP_OWNER = /^semgi-soffice-(?:profile-)?(\d+)-/;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the temp directories left by worker processes that are gone (a crash, a kill -9). */
export async function sweepStaleTempDirs(dir = tmpdir()): Promise<void> {
  const names = await readdir(dir).catch(() => []);
  await Promise.all(
    names
      .filter((name) => {
        const pid = TEMP_OWNER.exec(name)?.[1];
        return pid !== undefined && Number(pid) !== process.pid && !isAlive(Number(pid));
      })
      .map((name) => rm(join(dir, name), { recursive: true, force: true })),
  );
}

/** `soffice` on PATH, or undefined. */
export function findSoffice(
  path = process.env.PATH ?? '',
  exists: (file: string) => boolean = existsSync,
): string | undefined {
  return path
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, 'soffice'))
    .find((candidate) => exists(candidate));
}

/** Why a conversion failed, in pt-BR: the job fails with it and the server answers 503. */
export class LibreOfficeError extends Error {
  override readonly name = 'LibreOfficeError';
}

/**
 * DOCX → PDF with LibreOffice headless, as Gotenberg does it: one conversion at a time (soffice
 * shares its profile between calls and is not safe to run twice on it), a private profile for this
 * worker process under the temp directory, each conversion in its own temp directory, and a timeout
 * that kills soffice's whole process group. Temporary files are removed whatever happens.
 */
@Injectable()
export class LibreOfficeService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('LibreOffice');
  private queue: Promise<unknown> = Promise.resolve();
  private profile: string | undefined;
  private running: ChildProcess | undefined;

  /** Says at boot, not at the first DOCX, when LibreOffice is missing; clears dead workers' temp files. */
  async onApplicationBootstrap(): Promise<void> {
    await sweepStaleTempDirs();
    if (!findSoffice())
      this.logger.warn(`LibreOffice (soffice) não encontrado: ${INSTALL}. Os PDFs de templates DOCX falharão até lá.`);
  }

  async onApplicationShutdown(): Promise<void> {
    this.killRunning();
    await this.queue.catch(() => undefined);
    if (this.profile) await rm(this.profile, { recursive: true, force: true });
  }

  /** Converts `docx` to PDF once the conversions queued before it are done. */
  docxToPdf(docx: Buffer, timeoutMs = LIBREOFFICE_TIMEOUT_MS): Promise<Buffer> {
    const result = this.queue.then(
      () => this.convert(docx, timeoutMs),
      () => this.convert(docx, timeoutMs),
    );
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async convert(docx: Buffer, timeoutMs: number): Promise<Buffer> {
    const soffice = findSoffice();
    if (!soffice) throw new LibreOfficeError(LIBREOFFICE_MISSING);
    this.profile ??= await mkdtemp(join(tmpdir(), `${TEMP_PREFIX}profile-${process.pid}-`));
    const work = await mkdtemp(join(tmpdir(), `${TEMP_PREFIX}${process.pid}-`));
    try {
      const input = join(work, 'documento.docx');
      await writeFile(input, docx);
      await this.run(
        soffice,
        [
          '--headless',
          '--invisible',
          '--nologo',
          '--nodefault',
          '--nolockcheck',
          '--norestore',
          `-env:UserInstallation=${pathToFileURL(this.profile).href}`,
          '--convert-to',
          'pdf:writer_pdf_Export',
          '--outdir',
          work,
          input,
        ],
        timeoutMs,
      );
      try {
        return await readFile(join(work, 'documento.pdf'));
      } catch {
        throw new LibreOfficeError('O LibreOffice não conseguiu converter o documento DOCX em PDF.');
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  private run(command: string, args: string[], timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      // Its own process group: the timeout kills soffice and whatever it started.
      const child = spawn(command, args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
      this.running = child;
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-2000)));
      const timer = setTimeout(() => {
        this.killRunning();
        // A conversion killed half-way may leave the profile locked or broken: start a new one.
        const profile = this.profile;
        this.profile = undefined;
        if (profile) void rm(profile, { recursive: true, force: true });
        reject(
          new LibreOfficeError(
            `A conversão do DOCX em PDF passou de ${Math.round(timeoutMs / 1000)} s e foi interrompida.`,
          ),
        );
      }, timeoutMs);
      child.on('error', (error) => {
        clearTimeout(timer);
        this.running = undefined;
        reject(new LibreOfficeError(`LibreOffice não pôde ser executado (${error.message}): ${INSTALL}.`));
      });
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        this.running = undefined;
        if (code === 0) resolve();
        else {
          if (stderr.trim()) this.logger.warn(`soffice: ${stderr.trim()}`);
          reject(
            new LibreOfficeError(`O LibreOffice falhou ao converter o DOCX em PDF (${signal ?? `código ${code}`}).`),
          );
        }
      });
    });
  }

  private killRunning(): void {
    const pid = this.running?.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
