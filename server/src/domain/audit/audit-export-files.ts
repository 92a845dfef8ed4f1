import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** Exported CSV files are kept this long, then refused by the download and deleted by the worker. */
export const EXPORT_TTL_MS = 24 * 3600_000;

const EXPORTS_DIR = 'audit-exports';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * STORAGE_DIR/audit-exports/<userId>/<exportId>.csv: the owner is part of the path, so the
 * download serves a file only to the admin who asked for it. Ids are UUIDs (checked) so no path
 * can escape the directory.
 */
export function exportFilePath(storageDir: string, userId: string, exportId: string): string {
  if (!UUID.test(userId) || !UUID.test(exportId)) throw new Error('identificador de exportação inválido');
  return path.join(path.resolve(storageDir), EXPORTS_DIR, userId, `${exportId}.csv`);
}

/** Deletes finished exports older than EXPORT_TTL_MS and temporary files a killed export left. */
export async function removeExpiredExports(storageDir: string, now = Date.now()): Promise<number> {
  const root = path.join(path.resolve(storageDir), EXPORTS_DIR);
  let removed = 0;
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
  return removed;
}
