import { readdir, stat, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** Stored files, under generated names (`storageDir`: the configured STORAGE_DIR). */
export const filesDirectory = (storageDir: string): string => resolve(storageDir, 'files');

/**
 * Files being received or written: uploads stream here, and a checked file is renamed into
 * filesDirectory(). Both live under STORAGE_DIR, on one file system, so the rename is atomic.
 */
export const temporaryDirectory = (storageDir: string): string => resolve(storageDir, 'tmp');

/** Temporary files older than this are leftovers (an upload cut off mid-way, a crash). */
export const TEMPORARY_FILE_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * Deletes leftovers from temporaryDirectory(): files older than TEMPORARY_FILE_MAX_AGE_MS, so
 * uploads still being received by another instance sharing STORAGE_DIR are left alone.
 */
export async function sweepTemporaryFiles(storageDir: string, now = Date.now()): Promise<number> {
  const dir = temporaryDirectory(storageDir);
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  let removed = 0;
  for (const name of names) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile() || now - info.mtimeMs < TEMPORARY_FILE_MAX_AGE_MS) continue;
    await unlink(path).catch(() => undefined);
    removed += 1;
  }
  return removed;
}
