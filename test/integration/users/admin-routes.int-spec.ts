import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';
import { createUser, TEST_PASSWORD } from '#test/factories/users';

/** Foundation refusals: admin-only mutations, self-protection, inactive users, conflicts. */
describe('users and departments API: authorisation', () => {
  const { server } = useServerSuite();
  let admin: { token: string; user: { id: string } };
  let operator: { token: string; user: { id: string } };

  beforeAll(async () => {
    await createUser(server.dataSource, { username: 'chefe', role: 'admin' });
    await createUser(server.dataSource, { username: 'operador', department: 'Financeiro' });
    admin = await login(server.url, 'chefe', TEST_PASSWORD);
    operator = await login(server.url, 'operador', TEST_PASSWORD);
  });

  const body = {
    username: 'novo.servidor',
    name: 'Novo Servidor',
    email: 'novo@prefeitura.test',
    department: 'Jurídico',
  };

  it.each([
    ['POST', '/users', body],
    ['PUT', '/users/00000000-0000-4000-8000-000000000000', { name: 'X' }],
    ['PATCH', '/users/00000000-0000-4000-8000-000000000000/status', { status: 'inactive' }],
    ['POST', '/users/00000000-0000-4000-8000-000000000000/reset-password', undefined],
    ['DELETE', '/users/00000000-0000-4000-8000-000000000000', undefined],
    ['POST', '/departments', { name: 'Cultura' }],
    ['PUT', '/departments/00000000-0000-4000-8000-000000000000', { name: 'Cultura' }],
    ['DELETE', '/departments/00000000-0000-4000-8000-000000000000', undefined],
  ])('operator gets 403 on %s %s', async (method, path, payload) => {
    const res = await api(server.url, method, path, { token: operator.token, body: payload });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: 'Você não tem permissão para realizar esta ação.' });
  });

  it('admin creates a user whose temporary password is returned once and stored hashed', async () => {
    const res = await api<{ tempPassword: string; user: { id: string; requirePasswordChange: boolean } }>(
      server.url,
      'POST',
      '/users',
      { token: admin.token, body },
    );
    expect(res.status).toBe(201);
    expect(res.body.tempPassword).toMatch(/^\S{12}$/);
    expect(res.body.user.requirePasswordChange).toBe(true);
    const [row] = await server.dataSource.query('SELECT password_hash FROM users WHERE id = $1', [res.body.user.id]);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(JSON.stringify(await server.dataSource.query('SELECT * FROM audit_logs'))).not.toContain(
      res.body.tempPassword,
    );
    const again = await api(server.url, 'POST', '/users', { token: admin.token, body: { ...body, email: 'b@x.test' } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: 'Já existe um usuário com este nome de usuário.' });
  });

  it('nobody deactivates or deletes themself', async () => {
    const deactivate = await api(server.url, 'PATCH', `/users/${admin.user.id}/status`, {
      token: admin.token,
      body: { status: 'inactive' },
    });
    expect(deactivate.status).toBe(403);
    expect(deactivate.body).toMatchObject({ message: 'Você não pode desativar sua própria conta.' });
    const remove = await api(server.url, 'DELETE', `/users/${admin.user.id}`, { token: admin.token });
    expect(remove.status).toBe(403);
  });

  it('deactivating a user makes their existing token fail at once', async () => {
    const victim = await createUser(server.dataSource, { username: 'sera.desativado' });
    const session = await login(server.url, 'sera.desativado', TEST_PASSWORD);
    expect((await api(server.url, 'GET', '/auth/me', { token: session.token })).status).toBe(200);
    const res = await api(server.url, 'PATCH', `/users/${victim.id}/status`, {
      token: admin.token,
      body: { status: 'inactive' },
    });
    expect(res.status).toBe(200);
    expect((await api(server.url, 'GET', '/auth/me', { token: session.token })).status).toBe(401);
  });

  it('the lookup list gives operators only non-sensitive fields', async () => {
    const res = await api<Array<Record<string, unknown>>>(server.url, 'GET', '/users', { token: operator.token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body[0]).sort()).toEqual(['_id', 'department', 'email', 'name', 'phone']);
  });

  it('department names are unique and a department in use cannot be deleted', async () => {
    const dup = await api(server.url, 'POST', '/departments', { token: admin.token, body: { name: 'financeiro' } });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ message: 'Já existe um departamento com este nome.' });
    const list = await api<Array<{ id: string; name: string }>>(server.url, 'GET', '/departments', {
      token: operator.token,
    });
    const financeiro = list.body.find((d) => d.name === 'Financeiro')!;
    const del = await api(server.url, 'DELETE', `/departments/${financeiro.id}`, { token: admin.token });
    expect(del.status).toBe(409);
    const empty = await api(server.url, 'POST', '/departments', { token: admin.token, body: { name: '  ' } });
    expect(empty.body).toMatchObject({ statusCode: 400, message: 'Nome do departamento é obrigatório' });
  });

  it('renaming a department follows to its users', async () => {
    const created = await api<{ id: string }>(server.url, 'POST', '/departments', {
      token: admin.token,
      body: { name: 'Cultura' },
    });
    const member = await createUser(server.dataSource, { username: 'cultura.user', department: 'Cultura' });
    await api(server.url, 'PUT', `/departments/${created.body.id}`, {
      token: admin.token,
      body: { name: 'Cultura e Turismo' },
    });
    const [row] = await server.dataSource.query('SELECT department FROM users WHERE id = $1', [member.id]);
    expect(row.department).toBe('Cultura e Turismo');
  });

  it('every admin mutation leaves an audit entry', async () => {
    const rows: Array<{ action: string; entity_type: string; username: string }> = await server.dataSource.query(
      `SELECT action, entity_type, username FROM audit_logs WHERE username = 'chefe'`,
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'create', entity_type: 'user' }),
        expect.objectContaining({ action: 'update', entity_type: 'user' }),
        expect.objectContaining({ action: 'create', entity_type: 'department' }),
        expect.objectContaining({ action: 'update', entity_type: 'department' }),
      ]),
    );
  });
});
