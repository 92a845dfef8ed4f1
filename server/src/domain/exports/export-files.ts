import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** Exported files are kept this long, then refused by the download and deleted by the worker. */
export const EXPORT_TTL_MS = 24 * 3600_000;

/** One directory per kind of export under STORAGE_DIR. */
const EXPORT_DIRS = { audit: 'audit-exports', report: 'report-exports' } as const;
export type ExportKind = keyof typeof EXPORT_DIRS;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXTENSION = /^[a-z]{3,4}$/;
const TAG = /^[a-z]{1,20}$/;

/** Which export file: the owner and the export's id (UUIDs, checked), the file extension and an optional tag. */
export interface ExportFileRef {
  kind: ExportKind;
  userId: string;
  exportId: string;
  ext: string;
  /** What the export is of (a report's type): part of the name, so a download must name it right. */
  tag?: string;
}

/**
 * STORAGE_DIR/<kind>-exports/<userId>/[<tag>-]<exportId>.<ext>: the owner is part of the path, so a
 * download serves a file only to the user who asked for it (anyone else, like a missing or
 * expired file, gets a 404). Ids are UUIDs (checked) so no path can escape the directory.
 */
export function exportFilePath(storageDir: string, ref: ExportFileRef): string {
  if (
    !UUID.test(ref.userId) ||
    !UUID.test(ref.exportId) ||
    !EXTENSION.test(ref.ext) ||
    (ref.tag !== undefined && !TAG.test(ref.tag))
  ) {
    throw new Error('identificador de exportação inválido');
  }
  const name = `${ref.tag ? `${ref.tag}-` : ''}${ref.exportId}.${ref.ext}`;
  return path.join(path.resolve(storageDir), EXPORT_DIRS[ref.kind], ref.userId, name);
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

/**
 * Deletes the report exports of the owners `whose` selects, when their rights shrink (demoted,
 * moved, taken off a confidential process's access list): a file made under the old rights is
 * not served afterwards. Returns how many owners' folders were removed.
 */
export async function removeReportExportsOf(storageDir: string, whose: (userId: string) => boolean): Promise<number> {
  const root = path.join(path.resolve(storageDir), EXPORT_DIRS.report);
  const owners = (await readdir(root).catch(() => [] as string[])).filter((owner) => UUID.test(owner) && whose(owner));
  await Promise.all(owners.map((owner) => rm(path.join(root, owner), { recursive: true, force: true })));
  return owners.length;
}
