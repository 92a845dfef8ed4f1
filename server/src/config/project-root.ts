import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

function isProjectRoot(dir: string): boolean {
  const manifest = join(dir, 'package.json');
  if (!existsSync(manifest)) return false;
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'semgi';
  } catch {
    return false;
  }
}

/** The folder holding the project's package.json, whether running from sources or from dist/. */
export function projectRoot(): string {
  let dir = __dirname;
  while (!isProjectRoot(dir)) {
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}
