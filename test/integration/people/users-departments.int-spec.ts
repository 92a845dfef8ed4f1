import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import type { DepartmentView } from '#server/contracts/departments';
import type { CreateUserResponse, UserView } from '#server/contracts/users';

/** Refusals of the users and departments screens beyond the foundation's admin-route checks. */
describe('users and departments: the rules the screens rely on', () => {
  const { server } = useServerSuite();
  let admin: Awaited<ReturnType<typeof login>>;
  let cabinet: Awaited<ReturnType<typeof login>>;
  const FORBIDDEN = { statusCode: 403, message: 'Você não tem permissão para realizar esta ação.' };

  beforeAll(async () => {
    await createUser(server.dataSource, { username: 'prefeita', role: 'admin' });
    await createUser(server.dataSource, { username: 'assessor', department: 'Gabinete' });
    admin = await login(server.url, 'prefeita', TEST_PASSWORD);
    cabinet = await login(server.url, 'assessor', TEST_PASSWORD);
  });

  const newUser = (username: string, extra: Record<string, unknown> = {}) =>
    api<CreateUserResponse>(server.url, 'POST', '/users', {
      token: admin.token,
      body: { username, name: 'Carla Nunes', email: `${username}@prefeitura.test`, department: 'Financeiro', ...extra },
    });

  it('a Gabinete operator reads the full staff table but cannot change it', async () => {
    const list = await api<UserView[]>(server.url, 'GET', '/users', { token: cabinet.token });
    expect(list.status).toBe(200);
    expect(list.body[0]).toHaveProperty('username');
    expect(list.body[0]).not.toHaveProperty('passwordHash');
    const created = await api(server.url, 'POST', '/users', {
      token: cabinet.token,
      body: { username: 'x.y', name: 'X Y', email: 'x@y.test', department: 'Gabinete' },
    });
    expect(created.status).toBe(403);
    expect(created.body).toMatchObject(FORBIDDEN);
    const dept = await api(server.url, 'POST', '/departments', { token: cabinet.token, body: { name: 'Cultura' } });
    expect(dept.body).toMatchObject(FORBIDDEN);
  });

  it('creates with the spec defaults and returns the temporary password only in the creation reply', async () => {
    const res = await newUser('carla.nunes');
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ role: 'operator', level: 'Funcionário', status: 'active' });
    const list = await api(server.url, 'GET', '/users', { token: admin.token });
    expect(JSON.stringify(list.body)).not.toContain(res.body.tempPassword);
    const [row] = await server.dataSource.query('SELECT * FROM users WHERE id = $1', [res.body.user.id]);
    expect(JSON.stringify(row)).not.toContain(res.body.tempPassword);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses duplicate e-mails, unknown departments and invalid roles', async () => {
    await newUser('dup.base');
    const dupEmail = await newUser('dup.outro', { email: 'DUP.BASE@prefeitura.test' });
    expect(dupEmail.status).toBe(409);
    expect(dupEmail.body).toMatchObject({ message: 'Já existe um usuário com este e-mail.' });
    const unknownDept = await newUser('sem.dept', { department: 'Inexistente' });
    expect(unknownDept.status).toBe(400);
    expect(unknownDept.body).toMatchObject({ message: 'Departamento "Inexistente" não existe.' });
    const badRole = await newUser('papel.ruim', { role: 'root' });
    expect(badRole.body).toMatchObject({ statusCode: 400, message: 'Perfil inválido.' });
    const missing = await api(server.url, 'POST', '/users', { token: admin.token, body: { username: 'so.isso' } });
    expect(missing.body).toMatchObject({
      statusCode: 400,
      message: 'Por favor, preencha todos os campos obrigatórios.',
    });
  });

  it('an edit refuses null for a required field, naming it, and leaves the user unchanged', async () => {
    const created = await newUser('sem.nulos', { phone: '(11) 3333-4444' });
    const id = created.body.user.id;
    const row = async () =>
      (await server.dataSource.query('SELECT name, email, department, role, phone FROM users WHERE id = $1', [id]))[0];
    const before = await row();
    // The body the OpenAPI fuzz sent (a 500 before: the null reached a NOT NULL column).
    const fuzzed = await api(server.url, 'PUT', `/users/${id}`, {
      token: admin.token,
      body: { name: '~`', role: 'admin', level: 'Funcionário', phone: '', department: null },
    });
    expect(fuzzed.status).toBe(400);
    expect(fuzzed.body).toMatchObject({
      statusCode: 400,
      message: 'O campo "department" não pode ser nulo: omita-o para manter o valor atual.',
    });
    for (const field of ['name', 'email']) {
      const res = await api(server.url, 'PUT', `/users/${id}`, { token: admin.token, body: { [field]: null } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        message: `O campo "${field}" não pode ser nulo: omita-o para manter o valor atual.`,
      });
    }
    expect(await row()).toEqual(before);
  });

  it('an edit changes only the fields sent; null or empty clears the phone', async () => {
    const created = await newUser('troca.fone', { phone: '(11) 3333-4444' });
    const id = created.body.user.id;
    const renamed = await api<UserView>(server.url, 'PUT', `/users/${id}`, {
      token: admin.token,
      body: { name: '  Carla N. Souza ', role: null },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Carla N. Souza', role: 'operator', phone: '(11) 3333-4444' });
    for (const phone of [null, '']) {
      await api(server.url, 'PUT', `/users/${id}`, { token: admin.token, body: { phone: '9999-0000' } });
      const cleared = await api<UserView>(server.url, 'PUT', `/users/${id}`, { token: admin.token, body: { phone } });
      expect(cleared.status).toBe(200);
      expect(cleared.body).toMatchObject({ name: 'Carla N. Souza', phone: null });
    }
    const [row] = await server.dataSource.query('SELECT phone FROM users WHERE id = $1', [id]);
    expect(row.phone).toBeNull();
  });

  it('an administrator cannot delete, deactivate or demote their own account', async () => {
    const del = await api(server.url, 'DELETE', `/users/${admin.user.id}`, { token: admin.token });
    expect(del.status).toBe(403);
    expect(del.body).toMatchObject({ message: 'Você não pode excluir sua própria conta.' });
    const off = await api(server.url, 'PATCH', `/users/${admin.user.id}/status`, {
      token: admin.token,
      body: { status: 'inactive' },
    });
    expect(off.body).toMatchObject({ statusCode: 403, message: 'Você não pode desativar sua própria conta.' });
    const demote = await api(server.url, 'PUT', `/users/${admin.user.id}`, {
      token: admin.token,
      body: { role: 'operator' },
    });
    expect(demote.body).toMatchObject({
      statusCode: 403,
      message: 'Você não pode remover seu próprio perfil de administrador.',
    });
    const [row] = await server.dataSource.query('SELECT role, status FROM users WHERE id = $1', [admin.user.id]);
    expect(row).toEqual({ role: 'admin', status: 'active' });
  });

  it('deletes another user, then answers 404 for them', async () => {
    const created = await newUser('sera.excluido');
    const id = created.body.user.id;
    const del = await api(server.url, 'DELETE', `/users/${id}`, { token: admin.token });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: 'Usuário excluído com sucesso.' });
    const again = await api(server.url, 'DELETE', `/users/${id}`, { token: admin.token });
    expect(again.body).toMatchObject({ statusCode: 404, message: 'Usuário não encontrado.' });
    const notUuid = await api(server.url, 'PUT', '/users/abc', { token: admin.token, body: { name: 'X' } });
    expect(notUuid.body).toMatchObject({ statusCode: 404, message: 'Usuário não encontrado.' });
  });

  it('the pickers list only active staff with non-sensitive fields', async () => {
    await createUser(server.dataSource, { username: 'aposentado', status: 'inactive' });
    const operator = await createUser(server.dataSource, { username: 'digitador' });
    const session = await login(server.url, 'digitador', TEST_PASSWORD);
    const res = await api<Array<Record<string, unknown>>>(server.url, 'GET', '/users/for-reports', {
      token: session.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.every((u) => Object.keys(u).sort().join() === '_id,department,email,name,phone')).toBe(true);
    expect(res.body.map((u) => u._id)).toContain(operator.id);
    const [inactive] = await server.dataSource.query(`SELECT id FROM users WHERE username = 'aposentado'`);
    expect(res.body.map((u) => u._id)).not.toContain(inactive.id);
  });

  it('departments: create, rename to a taken name (409), delete an unused one, 404 after', async () => {
    const created = await api<DepartmentView>(server.url, 'POST', '/departments', {
      token: admin.token,
      body: { name: 'Meio Ambiente', description: 'Licenças ambientais' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Meio Ambiente', description: 'Licenças ambientais' });
    const taken = await api(server.url, 'PUT', `/departments/${created.body.id}`, {
      token: admin.token,
      body: { name: 'JURÍDICO' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ message: 'Já existe um departamento com este nome.' });
    const cleared = await api<DepartmentView>(server.url, 'PUT', `/departments/${created.body.id}`, {
      token: admin.token,
      body: { name: 'Meio Ambiente', description: '' },
    });
    expect(cleared.body.description).toBeNull();
    const del = await api(server.url, 'DELETE', `/departments/${created.body.id}`, { token: admin.token });
    expect(del.body).toEqual({ message: 'Departamento excluído com sucesso.' });
    const gone = await api(server.url, 'DELETE', `/departments/${created.body.id}`, { token: admin.token });
    expect(gone.body).toMatchObject({ statusCode: 404, message: 'Departamento não encontrado.' });
  });

  it('a department with members cannot be deleted', async () => {
    const list = await api<DepartmentView[]>(server.url, 'GET', '/departments', { token: cabinet.token });
    const gabinete = list.body.find((d) => d.name === 'Gabinete')!;
    const res = await api(server.url, 'DELETE', `/departments/${gabinete.id}`, { token: admin.token });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      message: 'Este departamento está em uso (usuários ou processos vinculados) e não pode ser excluído.',
    });
  });
});
