import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The folder holding the root package.json, whether running from sources or from dist/. */
export function projectRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json')) || existsSync(join(dir, 'tsconfig.build.json')) === false) {
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}
