import { RealtimeGateway } from '#server/realtime/realtime.gateway';
import { RealtimeService } from '#server/realtime/realtime.service';
import type { SystemEchoPayload } from '#server/contracts/socket-events';
import { api, connectSocket, login, type TestSocket } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';
import { eventually } from '#test/setup/eventually';
import { createUser, TEST_PASSWORD } from '#test/factories/users';

/** "Account changes take effect at once": tokens, sockets and rooms follow an admin's change. */
describe('account changes take effect at once', () => {
  const { server } = useServerSuite();
  let admin: Awaited<ReturnType<typeof login>>;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    await createUser(server.dataSource, { username: 'gestor', role: 'admin' });
    admin = await login(server.url, 'gestor', TEST_PASSWORD);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
  });

  const connect = async (token: string) => {
    const socket = await connectSocket(server.url, token);
    sockets.push(socket);
    return socket;
  };
  const disconnected = (socket: TestSocket) =>
    new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
  const roomMembers = async (room: string) =>
    (await server.app.get(RealtimeGateway).server.in(room).fetchSockets()).map((s) => s.data.userId);
  const echo = (message: string): SystemEchoPayload => ({
    jobId: 'teste',
    message,
    processedAt: new Date().toISOString(),
  });

  it('deactivation drops the sockets and the tokens of the user at once', async () => {
    const victim = await createUser(server.dataSource, { username: 'desligado' });
    const session = await login(server.url, 'desligado', TEST_PASSWORD);
    const socket = await connect(session.token);
    const revoked = new Promise<{ reason: string }>((resolve) => socket.once('session:revoked', resolve));
    const dropped = disconnected(socket);

    const res = await api(server.url, 'PATCH', `/users/${victim.id}/status`, {
      token: admin.token,
      body: { status: 'inactive' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'inactive' });
    await expect(revoked).resolves.toEqual({ reason: 'Sua conta foi desativada.' });
    await expect(dropped).resolves.toBe('io server disconnect');
    expect(await roomMembers(`user:${victim.id}`)).toEqual([]);

    // The same token opens nothing any more: no request, no socket, no refresh.
    expect((await api(server.url, 'GET', '/profile', { token: session.token })).status).toBe(401);
    await expect(connectSocket(server.url, session.token)).rejects.toThrow('Sessão expirada ou inválida.');
    expect((await api(server.url, 'POST', '/auth/refresh-token', { cookie: session.cookie })).status).toBe(401);
    const [row] = await server.dataSource.query(
      'SELECT count(*)::int AS open FROM refresh_sessions WHERE user_id = $1 AND revoked_at IS NULL',
      [victim.id],
    );
    expect(row.open).toBe(0);

    // Reactivated, the user logs in again.
    await api(server.url, 'PATCH', `/users/${victim.id}/status`, { token: admin.token, body: { status: 'active' } });
    await expect(login(server.url, 'desligado', TEST_PASSWORD)).resolves.toBeDefined();
  });

  it('a department and role change moves the sockets to the new rooms and the next request sees the new role', async () => {
    const member = await createUser(server.dataSource, { username: 'transferido', department: 'Financeiro' });
    const session = await login(server.url, 'transferido', TEST_PASSWORD);
    const before = await connect(session.token);
    expect(await roomMembers('dept:Financeiro')).toContain(member.id);
    expect(
      (await api(server.url, 'POST', '/departments', { token: session.token, body: { name: 'Obras' } })).status,
    ).toBe(403);
    const dropped = disconnected(before);

    const res = await api(server.url, 'PUT', `/users/${member.id}`, {
      token: admin.token,
      body: { department: 'Jurídico', role: 'admin' },
    });
    expect(res.status).toBe(200);
    await expect(dropped).resolves.toBe('io server disconnect');

    // The next request with the same token already carries the new role.
    const created = await api(server.url, 'POST', '/departments', { token: session.token, body: { name: 'Obras' } });
    expect(created.status).toBe(201);

    // Reconnecting (as the client does) joins the new department's room only.
    const after = await connect(session.token);
    expect(await roomMembers('dept:Jurídico')).toContain(member.id);
    expect(await roomMembers('dept:Financeiro')).not.toContain(member.id);
    const heard: string[] = [];
    after.on('system:echo', (payload) => heard.push(payload.message));
    const realtime = server.app.get(RealtimeService);
    realtime.emitToRooms(['dept:Financeiro'], 'system:echo', echo('antigo'));
    realtime.emitToRooms(['dept:Jurídico'], 'system:echo', echo('novo'));
    await eventually(() => heard.includes('novo'), 'o eco no novo departamento');
    expect(heard).toEqual(['novo']);
  });

  it('a demoted administrator loses the admin routes on the next request', async () => {
    const chief = await createUser(server.dataSource, { username: 'ex.admin', role: 'admin' });
    const session = await login(server.url, 'ex.admin', TEST_PASSWORD);
    expect((await api(server.url, 'GET', '/users', { token: session.token })).body[0]).toHaveProperty('username');
    await api(server.url, 'PUT', `/users/${chief.id}`, { token: admin.token, body: { role: 'operator' } });
    const refused = await api(server.url, 'POST', '/departments', { token: session.token, body: { name: 'Cultura' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: 'Você não tem permissão para realizar esta ação.' });
    expect((await api(server.url, 'GET', '/users', { token: session.token })).body[0]).not.toHaveProperty('username');
  });

  it('a password reset ends the sessions and sockets of the user, who must change the new password', async () => {
    const target = await createUser(server.dataSource, { username: 'esqueceu' });
    const session = await login(server.url, 'esqueceu', TEST_PASSWORD);
    const socket = await connect(session.token);
    const dropped = disconnected(socket);
    const res = await api<{ tempPassword: string }>(server.url, 'POST', `/users/${target.id}/reset-password`, {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.tempPassword).toMatch(/^\S{12}$/);
    await expect(dropped).resolves.toBe('io server disconnect');
    expect((await api(server.url, 'GET', '/auth/me', { token: session.token })).status).toBe(401);
    const [row] = await server.dataSource.query('SELECT password_hash, must_change_password FROM users WHERE id = $1', [
      target.id,
    ]);
    expect(row.must_change_password).toBe(true);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(res.body.tempPassword);
    const fresh = await login(server.url, 'esqueceu', res.body.tempPassword);
    expect(fresh.user.requirePasswordChange).toBe(true);
  });
});
