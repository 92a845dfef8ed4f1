#!/usr/bin/env node
// Builds what is missing or stale before `npm start`, `npm test`, `npm run bench` and the seed
// scripts. The server build is incremental (tsc --incremental); the client is rebuilt only when a
// file under client/ or server/src/contracts/ is newer than client/dist/index.html.
// Usage: node scripts/ensure-built.mjs [server]
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const only = process.argv[2];

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function run(command) {
  process.stdout.write(`> ${command}\n`);
  execSync(command, { cwd: root, stdio: 'inherit' });
}

run('npx tsc -p tsconfig.build.json');
if (only !== 'server') {
  const index = join(root, 'client/dist/index.html');
  const sources = Math.max(newestMtime(join(root, 'client')), newestMtime(join(root, 'server/src/contracts')));
  if (!existsSync(index) || statSync(index).mtimeMs < sources) run('npm run build:client');
}
