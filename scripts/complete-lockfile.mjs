#!/usr/bin/env node
// The package registry reachable from our machines serves only the Linux builds of packages with
// per-platform optional dependencies (@swc/core-darwin-*, @rollup/rollup-win32-*, ...). `npm install`
// then leaves those optional entries out of package-lock.json, and `npm ci` refuses the lock as
// "out of sync". This adds a stub entry ({version, optional: true}) for every optional dependency
// missing from the lock; npm ci skips an optional package it cannot fetch, so nothing else changes.
// Run it after every `npm install` that changes package-lock.json.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = path ? `${path}/node_modules/${name}` : `node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[nested] || packages[hoisted]) continue;
    packages[hoisted] = { version, optional: true, ...(entry.dev ? { dev: true } : {}) };
    added++;
  }
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} optional platform entries added`);
