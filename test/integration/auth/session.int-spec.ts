import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';
import { createUser, TEST_PASSWORD } from '#test/factories/users';

describe('session API', () => {
  const { server } = useServerSuite();

  it('first login of the initial admin requires a password change, then logs in again', async () => {
    const first = await login(server.url, 'admin', 'admin-inicial');
    expect(first.user.requirePasswordChange).toBe(true);
    // Anything but the session routes is refused until the temporary password is replaced.
    const blocked = await api(server.url, 'GET', '/users', { token: first.token });
    expect(blocked.status).toBe(403);
    expect(blocked.body).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED' });

    const short = await api(server.url, 'POST', '/auth/change-temporary-password', {
      token: first.token,
      body: { currentPassword: 'admin-inicial', newPassword: '123' },
    });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ message: 'A nova senha deve ter pelo menos 6 caracteres.' });

    const changed = await api(server.url, 'POST', '/auth/change-temporary-password', {
      token: first.token,
      body: { currentPassword: 'admin-inicial', newPassword: 'Nova#Senha2026' },
    });
    expect(changed.status).toBe(200);
    // The change ends the session: the old token no longer works.
    expect((await api(server.url, 'GET', '/auth/me', { token: first.token })).status).toBe(401);

    const second = await login(server.url, 'admin', 'Nova#Senha2026');
    expect(second.user.requirePasswordChange).toBe(false);
    const me = await api(server.url, 'GET', '/auth/me', { token: second.token });
    expect(me.body).toMatchObject({ username: 'admin', role: 'admin', department: 'Administração' });
  });

  it('gives the same answer for an unknown user and a wrong password', async () => {
    await createUser(server.dataSource, { username: 'maria.silva' });
    const wrong = await api(server.url, 'POST', '/auth/login', { body: { username: 'maria.silva', password: 'x' } });
    const unknown = await api(server.url, 'POST', '/auth/login', { body: { username: 'ninguem', password: 'x' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toMatchObject({ message: 'Usuário ou senha inválidos.', error: 'Unauthorized' });
  });

  it('rejects unknown fields and empty credentials with pt-BR messages', async () => {
    const extra = await api(server.url, 'POST', '/auth/login', { body: { username: 'a', password: 'b', admin: true } });
    expect(extra.status).toBe(400);
    expect(extra.body).toMatchObject({ message: 'O campo "admin" não é permitido.' });
    const empty = await api(server.url, 'POST', '/auth/login', { body: { username: '', password: 'b' } });
    expect(empty.body).toMatchObject({ statusCode: 400, message: 'Informe o usuário.' });
  });

  it('throttles the 11th failed login of an account within a minute with 429', async () => {
    await createUser(server.dataSource, { username: 'joao.souza' });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await api(server.url, 'POST', '/auth/login', { body: { username: 'joao.souza', password: `errada${i}` } }))
          .status,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    const blocked = await api(server.url, 'POST', '/auth/login', {
      body: { username: 'joao.souza', password: TEST_PASSWORD },
    });
    expect(blocked.status).toBe(429);
    expect((blocked.body as { message: string }).message).toMatch(/^Muitas tentativas de login/);
  });

  it('rotates refresh tokens and revokes the family when a rotated token is replayed', async () => {
    await createUser(server.dataSource, { username: 'ana.costa' });
    const session = await login(server.url, 'ana.costa', TEST_PASSWORD);
    expect(session.cookie).toMatch(/^semgi_refresh=/);

    const refreshed = await api<{ token: string }>(server.url, 'POST', '/auth/refresh-token', {
      cookie: session.cookie,
    });
    expect(refreshed.status).toBe(200);
    const rotatedCookie = refreshed.headers.get('set-cookie')!.split(';')[0];
    expect(refreshed.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(refreshed.headers.get('set-cookie')).toMatch(/SameSite=Strict/i);
    expect(refreshed.headers.get('set-cookie')).toMatch(/Path=\/api\/auth/i);

    // Replaying the first (already rotated) token revokes the whole family.
    const replay = await api(server.url, 'POST', '/auth/refresh-token', { cookie: session.cookie });
    expect(replay.status).toBe(401);
    expect((await api(server.url, 'POST', '/auth/refresh-token', { cookie: rotatedCookie })).status).toBe(401);
    expect((await api(server.url, 'GET', '/auth/me', { token: refreshed.body.token })).status).toBe(401);
    expect((await api(server.url, 'GET', '/auth/me', { token: session.token })).status).toBe(401);
  });

  it('logout revokes both the refresh cookie and the access token', async () => {
    await createUser(server.dataSource, { username: 'pedro.lima' });
    const session = await login(server.url, 'pedro.lima', TEST_PASSWORD);
    const out = await api(server.url, 'POST', '/auth/logout', { token: session.token, cookie: session.cookie });
    expect(out.status).toBe(200);
    expect((await api(server.url, 'GET', '/auth/me', { token: session.token })).status).toBe(401);
    expect((await api(server.url, 'POST', '/auth/refresh-token', { cookie: session.cookie })).status).toBe(401);
  });

  it('an inactive user cannot log in', async () => {
    await createUser(server.dataSource, { username: 'inativo', status: 'inactive' });
    const res = await api(server.url, 'POST', '/auth/login', {
      body: { username: 'inativo', password: TEST_PASSWORD },
    });
    expect(res.status).toBe(401);
  });

  it('writes audit entries for successful and failed logins without secrets', async () => {
    const rows: Array<{ action: string; status: string; details: unknown }> = await server.dataSource.query(
      `SELECT action, status, details FROM audit_logs WHERE action = 'login' ORDER BY created_at`,
    );
    expect(rows.some((r) => r.status === 'success')).toBe(true);
    expect(rows.some((r) => r.status === 'error')).toBe(true);
    expect(JSON.stringify(rows)).not.toMatch(/senha-de-teste|admin-inicial|errada/);
  });
});
