import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '#server/contracts/socket-events';
import { exitWithParent } from './bench-children';

/**
 * Child process of notifications.bench.ts: holds the browser sockets, so that their memory and
 * event loop are not the servers'. Records which socket (index in `tokens`) heard which
 * `notification:new` and when (wall clock in ms with sub-millisecond precision, comparable across
 * processes of one machine). Messages: ← `connect`, ← `report` → the events heard, ← `stop`.
 */
type Command = { kind: 'connect'; urls: string[]; tokens: string[] } | { kind: 'report' } | { kind: 'stop' };

const now = () => performance.timeOrigin + performance.now();
const sockets: Socket<ServerToClientEvents, ClientToServerEvents>[] = [];
const received: [socket: number, id: string, at: number][] = [];

async function connect(urls: string[], tokens: string[]): Promise<void> {
  const batch = 50;
  for (let i = 0; i < tokens.length; i += batch) {
    await Promise.all(
      tokens.slice(i, i + batch).map(
        (token, j) =>
          new Promise<void>((resolve, reject) => {
            const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(urls[(i + j) % urls.length], {
              path: '/socket.io',
              auth: { token },
              transports: ['websocket'],
              reconnection: false,
            });
            socket.on('notification:new', ({ notification }) => received.push([i + j, notification.id, now()]));
            socket.once('connect', () => resolve());
            socket.once('connect_error', reject);
            sockets.push(socket);
          }),
      ),
    );
  }
}

const closeAll = () => sockets.forEach((s) => s.close());
exitWithParent(async () => closeAll());

process.on('message', (command: Command) => {
  if (command.kind === 'connect') {
    connect(command.urls, command.tokens).then(
      () => process.send?.({ kind: 'connected', count: sockets.length }),
      (error: unknown) => process.send?.({ kind: 'error', message: String(error) }),
    );
  } else if (command.kind === 'report') {
    process.send?.({ kind: 'report', received });
  } else {
    closeAll();
    process.exit(0);
  }
});
