#!/usr/bin/env node
// Builds what is missing or stale before `npm start`, `npm test`, `npm run bench` and the seed
// scripts, and nothing when dist/ is current (no type check at every start). The server build is
// stale when a file it compiles (or a tsconfig, or the lock file) is newer than dist/.tsbuildinfo,
// which is touched after each build; the client when a file under client/ or server/src/contracts/
// is newer than client/dist/index.html.
// Usage: node scripts/ensure-built.mjs [server]
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const only = process.argv[2];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

function run(command) {
  process.stdout.write(`> ${command}\n`);
  execSync(command, { cwd: root, stdio: 'inherit' });
}

const buildInfo = join(root, 'dist/.tsbuildinfo');
const serverInputs = ['server/src', 'worker/src', 'test', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];
if (Math.max(...serverInputs.map((path) => newestMtime(join(root, path)))) >= builtAt(buildInfo)) {
  run('npx tsc -p tsconfig.build.json');
  // tsc leaves the file alone when nothing it emits changed (e.g. only a spec was edited).
  const now = new Date();
  utimesSync(buildInfo, now, now);
}
if (only !== 'server') {
  const index = join(root, 'client/dist/index.html');
  const sources = Math.max(newestMtime(join(root, 'client')), newestMtime(join(root, 'server/src/contracts')));
  if (sources >= builtAt(index)) run('npm run build:client');
}
