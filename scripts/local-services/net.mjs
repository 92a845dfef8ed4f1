// Small TCP probes for `npm start`: does anything answer at an address, which port is free.
import { createConnection, createServer } from 'node:net';

export function answers(port, host = '127.0.0.1', timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    const done = (result) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** `preferred` when it can be bound on 127.0.0.1, otherwise a port the system picks. */
export function freePort(preferred = 0) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error) => (preferred ? freePort(0).then(resolve, reject) : reject(error)));
    server.listen(preferred, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
