import jwt from 'jsonwebtoken';
import { loadEnv } from '#server/config/env';
import { createNotification } from '#test/factories/notifications';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, connectSocket, login, type TestSocket } from '#test/setup/app';
import { eventually } from '#test/setup/eventually';
import { useServerSuite } from '#test/setup/server-suite';

/** The reason the socket was disconnected for ('already' if it was); fails after `ms`. */
async function disconnected(socket: TestSocket, ms = 5_000): Promise<string> {
  if (socket.disconnected) return 'already';
  let reason: string | undefined;
  socket.once('disconnect', (why) => (reason = why));
  await eventually(() => reason !== undefined, 'a desconexão do socket', { timeoutMs: ms });
  return reason!;
}

/** Sockets are bound to their login session (docs/sessions.md#sockets). */
describe('a socket never outlives its session', () => {
  const { server } = useServerSuite();
  let userId: string;
  const sockets: TestSocket[] = [];
  const open = async (token: string) => {
    const socket = await connectSocket(server.url, token);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    userId = (await createUser(server.dataSource, { username: 'sessao.socket' })).id;
  });
  afterEach(() => sockets.splice(0).forEach((socket) => socket.close()));

  it('drops the socket at logout; its token no longer opens one', async () => {
    const session = await login(server.url, 'sessao.socket', TEST_PASSWORD);
    const other = await login(server.url, 'sessao.socket', TEST_PASSWORD);
    const socket = await open(session.token);
    const otherSocket = await open(other.token);
    let revoked: unknown;
    socket.once('session:revoked', (payload) => (revoked = payload));

    const out = await api(server.url, 'POST', '/auth/logout', { token: session.token, cookie: session.cookie });
    expect(out.status).toBeLessThan(300);
    await eventually(() => revoked !== undefined, 'o aviso session:revoked no socket da sessão encerrada');
    expect(revoked).toEqual({ reason: 'Sua sessão foi encerrada.' });
    await disconnected(socket);
    await expect(connectSocket(server.url, session.token)).rejects.toThrow('Sessão expirada ou inválida.');
    // Another login session of the same user is untouched.
    expect(otherSocket.connected).toBe(true);
    expect((await otherSocket.timeout(10_000).emitWithAck('notifications:sync', { afterSeq: 0 })).unreadCount).toBe(0);
  });

  it('drops the sockets of the other sessions when the password changes, keeping the caller’s', async () => {
    const caller = await login(server.url, 'sessao.socket', TEST_PASSWORD);
    const elsewhere = await login(server.url, 'sessao.socket', TEST_PASSWORD);
    const callerSocket = await open(caller.token);
    const elsewhereSocket = await open(elsewhere.token);

    const changed = await api(server.url, 'PUT', '/profile/password', {
      token: caller.token,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'Nova#Senha2026' },
    });
    expect(changed.status).toBe(200);
    await disconnected(elsewhereSocket);
    expect(callerSocket.connected).toBe(true);
    // Restore the password for the other tests.
    const back = await api(server.url, 'PUT', '/profile/password', {
      token: caller.token,
      body: { currentPassword: 'Nova#Senha2026', newPassword: TEST_PASSWORD },
    });
    expect(back.status).toBe(200);
  });

  it('drops the socket when its access token expires, and refuses requests made with it', async () => {
    const session = await login(server.url, 'sessao.socket', TEST_PASSWORD);
    const { fam } = jwt.decode(session.token) as { fam: string };
    const shortLived = jwt.sign({ sub: userId, fam }, loadEnv().JWT_SECRET, { algorithm: 'HS256', expiresIn: 2 });
    const socket = await open(shortLived);
    await createNotification(server.dataSource, userId, { title: 'Antes de expirar' });
    expect(
      (await socket.timeout(10_000).emitWithAck('notifications:sync', { afterSeq: 0 })).notifications,
    ).toHaveLength(1);
    expect(await disconnected(socket, 6_000)).toBe('io server disconnect');
  });

  it('refuses a request once its session is revoked, even before anything drops the socket', async () => {
    const session = await login(server.url, 'sessao.socket', TEST_PASSWORD);
    const { fam } = jwt.decode(session.token) as { fam: string };
    const socket = await open(session.token);
    expect(await socket.timeout(10_000).emitWithAck('notifications:sync', { afterSeq: 0 })).toHaveProperty(
      'unreadCount',
    );
    // Revoked in the database only: no 'session:revoked' push, no disconnect from the service.
    await server.dataSource.query(`UPDATE refresh_sessions SET revoked_at = now() WHERE family_id = $1`, [fam]);

    const refused = expect(socket.timeout(5_000).emitWithAck('notifications:sync', { afterSeq: 0 })).rejects.toThrow(
      'socket has been disconnected',
    );
    expect(await disconnected(socket)).toBe('io server disconnect');
    await refused;
  });
});
