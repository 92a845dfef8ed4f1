import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** Exported files are kept this long, then refused by the download and deleted by the worker. */
export const EXPORT_TTL_MS = 24 * 3600_000;

/** One directory per kind of export under STORAGE_DIR. */
const EXPORT_DIRS = { audit: 'audit-exports', report: 'report-exports' } as const;
export type ExportKind = keyof typeof EXPORT_DIRS;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXTENSION = /^[a-z]{3,4}$/;

/** Which export file: the owner and the export's id (UUIDs, checked) and the file extension. */
export interface ExportFileRef {
  kind: ExportKind;
  userId: string;
  exportId: string;
  ext: string;
}

/**
 * STORAGE_DIR/<kind>-exports/<userId>/<exportId>.<ext>: the owner is part of the path, so a
 * download serves a file only to the user who asked for it (anyone else, like a missing or
 * expired file, gets a 404). Ids are UUIDs (checked) so no path can escape the directory.
 */
export function exportFilePath(storageDir: string, ref: ExportFileRef): string {
  if (!UUID.test(ref.userId) || !UUID.test(ref.exportId) || !EXTENSION.test(ref.ext)) {
    throw new Error('identificador de exportação inválido');
  }
  return path.join(path.resolve(storageDir), EXPORT_DIRS[ref.kind], ref.userId, `${ref.exportId}.${ref.ext}`);
}

/**
 * The temporary name an export is written under before it is renamed into place (same directory,
 * so the rename is atomic). One name per export: a retry after a killed worker overwrites what
 * the dead attempt left; a temporary file nobody finished is removed with the expired exports.
 */
export function exportTempPath(storageDir: string, ref: ExportFileRef): string {
  const file = exportFilePath(storageDir, ref);
  return path.join(path.dirname(file), `.${path.basename(file)}.part`);
}

/** The finished export file, or null when it is missing or expired. */
export async function findExportFile(
  storageDir: string,
  ref: ExportFileRef,
  now = Date.now(),
): Promise<{ path: string; size: number; createdAt: Date } | null> {
  const file = exportFilePath(storageDir, ref);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile() || now - info.mtimeMs > EXPORT_TTL_MS) return null;
  return { path: file, size: info.size, createdAt: info.mtime };
}

/** Deletes finished exports (every kind) older than EXPORT_TTL_MS and temporary files a killed export left. */
export async function removeExpiredExports(storageDir: string, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const kind of Object.values(EXPORT_DIRS)) {
    const root = path.join(path.resolve(storageDir), kind);
    const owners = await readdir(root).catch(() => [] as string[]);
    for (const owner of owners) {
      const dir = path.join(root, owner);
      for (const name of await readdir(dir).catch(() => [] as string[])) {
        const file = path.join(dir, name);
        const info = await stat(file).catch(() => null);
        if (info && now - info.mtimeMs > EXPORT_TTL_MS) {
          await rm(file, { force: true });
          removed += 1;
        }
      }
    }
  }
  return removed;
}
