#!/usr/bin/env node
// `npm start`: builds if needed, then runs the server and the worker together in one terminal
// (both logs, prefixed). Stopping one stops the other.
import { execSync } from 'node:child_process';
import concurrently from 'concurrently';

execSync('node scripts/ensure-built.mjs', { stdio: 'inherit' });

const { result } = concurrently(
  [
    { command: 'node dist/server/src/main.js', name: 'server', prefixColor: 'cyan' },
    { command: 'node dist/worker/src/main.js', name: 'worker', prefixColor: 'magenta' },
  ],
  { killOthersOn: ['failure', 'success'], restartTries: 0 },
);
result.then(
  () => process.exit(0),
  () => process.exit(1),
);
