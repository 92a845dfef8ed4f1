import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { RealtimeGateway } from '#server/realtime/realtime.gateway';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { connectSocket, login, type TestSocket } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

/** A full garbage collection, without starting Node with --expose-gc. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/**
 * What a connected socket keeps (docs/notifications.md#memory-per-socket): the access token's
 * claims, not the token, and not the HTTP request of its handshake (engine.io would keep it for the
 * connection's life: patches/engine.io+*.patch and the gateway release it).
 */
describe('memory kept per socket', () => {
  const { server } = useServerSuite();
  let socket: TestSocket | undefined;
  afterAll(() => socket?.close());

  it('keeps neither the access token nor the upgrade request, and still checks the session on each request', async () => {
    const user = await createUser(server.dataSource, { username: 'memoria.socket' });
    const session = await login(server.url, 'memoria.socket', TEST_PASSWORD);
    const io = server.app.get(RealtimeGateway).server;
    let request: WeakRef<object> | undefined;
    io.engine.once('connection', (raw: { request: object }) => (request = new WeakRef(raw.request)));

    socket = await connectSocket(server.url, session.token);
    const [kept] = [...io.of('/').sockets.values()].filter((s) => s.data.userId === user.id);
    expect(kept.handshake.auth).not.toHaveProperty('token');
    expect(kept.handshake.headers.host).toBe(new URL(server.url).host);
    expect(kept.data.expiresAt).toBeGreaterThan(Date.now());
    expect(await socket.timeout(10_000).emitWithAck('notifications:sync', { afterSeq: 0 })).toHaveProperty(
      'unreadCount',
    );

    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(request).toBeDefined();
    expect(request!.deref() === undefined ? 'liberado' : 'ainda retido').toBe('liberado');
  });
});
