import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { pid } from '#test/factories/processes';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

/** One multipart body: text fields as given, plus `file` with `content` named `fileName`. */
function multipart(fields: Record<string, string>, fileName: string, content: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([content]), fileName);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/**
 * Every call of docs/interface.md#api-base whose route exists, with exactly the payload shape the
 * spec's client sends (docs/processes.md#api). Identity fields (userId, userName, createdBy,
 * uploadedBy) are accepted and never trusted: a forged one changes nothing.
 */
describe("the spec's payloads are accepted", () => {
  const { server } = useServerSuite();
  let admin: { token: string; id: string; name: string };
  let operator: { token: string; id: string };
  const forged = '00000000-0000-4000-8000-000000000000';

  beforeAll(async () => {
    const adminUser = await createUser(server.dataSource, {
      username: 'admin.spec',
      role: 'admin',
      level: 'Chefia',
      department: 'Gabinete',
    });
    const operatorUser = await createUser(server.dataSource, { username: 'op.spec', department: 'Infraestrutura' });
    admin = {
      token: (await login(server.url, 'admin.spec', TEST_PASSWORD)).token,
      id: adminUser.id,
      name: adminUser.name,
    };
    operator = { token: (await login(server.url, 'op.spec', TEST_PASSWORD)).token, id: operatorUser.id };
  });

  const call = (token: string, method: string, path: string, body?: unknown) =>
    api(server.url, method, path, { token, body });

  it('session calls (docs/sessions.md#tokens Session)', async () => {
    await createUser(server.dataSource, { username: 'novo.spec', mustChangePassword: true });
    const logged = await api(server.url, 'POST', '/auth/login', {
      body: { username: 'novo.spec', password: TEST_PASSWORD },
    });
    expect(logged.status).toBe(200);
    expect(Object.keys(logged.body)).toEqual(
      expect.arrayContaining(['token', 'user', 'expiresAt', 'requirePasswordChange']),
    );
    expect((await call(logged.body.token, 'GET', '/auth/me')).status).toBe(200);
    const changed = await call(logged.body.token, 'POST', '/auth/change-temporary-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'uma-senha-nova-1',
    });
    expect(changed.status).toBe(200);
    const session = await login(server.url, 'novo.spec', 'uma-senha-nova-1');
    const refreshed = await api(server.url, 'POST', '/auth/refresh-token', { cookie: session.cookie, body: {} });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.token).toEqual(expect.any(String));
  });

  it('process calls (docs/processes.md#fields creation payload, docs/processes.md#api), identities taken from the session', async () => {
    const created = await call(admin.token, 'POST', '/processes', {
      subject: 'Reparo de calçada',
      description: 'Calçada quebrada na Rua A.',
      originDepartment: 'Financeiro',
      destinationDepartment: 'Infraestrutura',
      confidential: false,
      protocolData: {
        type: 'internal',
        status: 'pending',
        priority: 'normal',
        // A year ahead: a protocol due date becomes the process deadline, at most 730 days ahead.
        dueDate: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
        subject: 'Calçada',
      },
      attachments: [],
      requesterId: operator.id,
    });
    expect(created.status).toBe(201);
    const id = pid(created.body.process.id);
    const forwarded = await call(admin.token, 'POST', `/processes/${id}/forward`, {
      destinationDepartment: 'Jurídico',
      comment: 'Para análise.',
      userId: forged,
    });
    expect(forwarded.status).toBe(200);
    const responded = await call(admin.token, 'POST', `/processes/${id}/response-simple`, {
      response: 'Analisado.',
      userId: forged,
      userName: 'Outra Pessoa',
    });
    expect(responded.status).toBe(200);
    const attached = await api(server.url, 'POST', `/processes/${id}/documents`, {
      token: admin.token,
      body: multipart({ uploadedBy: forged, context: 'response', name: 'Parecer' }, 'parecer.txt', 'Parecer.'),
    });
    expect(attached.status).toBe(201);
    const toggled = await call(admin.token, 'PATCH', `/processes/${id}/toggle-confidential`, {
      confidential: true,
      confidentialAccess: [operator.id],
    });
    expect(toggled.status).toBe(200);
    const finalized = await call(admin.token, 'POST', `/processes/${id}/finalize`, {
      finalResponse: 'Concluído.',
      userId: forged,
      userName: 'Outra Pessoa',
    });
    expect(finalized.status).toBe(200);
    const details = await call(admin.token, 'GET', `/processes/${id}`);
    expect(details.status).toBe(200);
    const text = JSON.stringify(details.body);
    expect(text).not.toContain(forged);
    expect(text).not.toContain('Outra Pessoa');
    expect(text).toContain(admin.name);
    expect((await call(operator.token, 'GET', '/requesters/search?query=ab')).status).toBe(200);
    expect((await call(admin.token, 'DELETE', `/processes/${id}`)).status).toBe(200);
  });

  it('document calls (docs/documents.md#api Documents): an explicit description is stored, identities ignored', async () => {
    const created = await call(operator.token, 'POST', '/documents', {
      title: 'Ofício 12',
      content: 'Texto do ofício.',
      description: 'Ofício sobre a calçada',
      status: 'draft',
      department: 'Financeiro',
      protocolNumber: 'DOC-2030-12345',
      createdBy: forged,
      departmentAccess: [],
      confidential: false,
      confidentialAccess: [],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ description: 'Ofício sobre a calçada', department: 'Infraestrutura' });
    expect(created.body.protocolNumber).not.toBe('DOC-2030-12345');
    expect(JSON.stringify(created.body)).not.toContain(forged);

    const uploaded = await api(server.url, 'POST', '/documents/upload', {
      token: operator.token,
      body: multipart(
        { uploadedBy: forged, department: 'Financeiro', departmentAccess: JSON.stringify(['Gabinete']) },
        'nota.txt',
        'Nota.',
      ),
    });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.department).toBe('Infraestrutura');
    const content = await call(operator.token, 'PUT', `${uploaded.body.fileUrl}/content`, { content: 'Nota editada.' });
    expect(content.status).toBe(200);
    expect((await call(operator.token, 'GET', `${uploaded.body.fileUrl}/content`)).body).toEqual({
      content: 'Nota editada.',
    });

    const signed = await call(operator.token, 'POST', `/documents/${created.body.id}/sign`, {
      userId: forged,
      certificateType: 'password',
      signatureType: 'simple',
      password: TEST_PASSWORD,
      certificate: { subject: 'CN=Outro', issuer: 'CN=AC', serialNumber: '01', validFrom: '2020', validTo: '2040' },
      signature: Buffer.from('Texto do ofício.').toString('base64'),
    });
    expect(signed.status).toBe(200);
    expect(signed.body.signature.userId).toBe(operator.id);
    expect(JSON.stringify(signed.body)).not.toContain('CN=Outro');
    const code = signed.body.verificationCode as string;
    const verified = await api(server.url, 'GET', `/documents/${created.body.id}/verify/${code}`);
    expect(verified.status).toBe(200);
    expect(verified.body.valid).toBe(true);
    expect((await call(operator.token, 'GET', '/documents')).status).toBe(200);
    expect((await call(operator.token, 'GET', `/documents/${created.body.id}`)).status).toBe(200);
  });

  it('notification calls (docs/notifications.md#api Notifications)', async () => {
    expect((await call(operator.token, 'GET', '/notifications?page=1&limit=10')).status).toBe(200);
    expect((await call(operator.token, 'PATCH', '/notifications/read-all')).status).toBe(200);
    expect((await call(operator.token, 'DELETE', '/notifications/read')).status).toBe(200);
  });

  it('users, profile and departments calls (docs/accounts.md#api)', async () => {
    const user = await call(admin.token, 'POST', '/users', {
      username: 'criado.spec',
      name: 'Criado Pela Spec',
      email: 'criado.spec@prefeitura.test',
      department: 'Financeiro',
      role: 'operator',
      level: 'Funcionário',
    });
    expect(user.status).toBe(201);
    const userId = user.body.user.id as string;
    const updated = await call(admin.token, 'PUT', `/users/${userId}`, {
      name: 'Criado Editado',
      email: 'criado.editado@prefeitura.test',
      department: 'Jurídico',
      role: 'operator',
      level: 'Chefia',
    });
    expect(updated.status).toBe(200);
    expect((await call(admin.token, 'PATCH', `/users/${userId}/status`, { status: 'inactive' })).status).toBe(200);
    expect((await call(admin.token, 'POST', `/users/${userId}/reset-password`)).status).toBe(200);
    expect((await call(admin.token, 'DELETE', `/users/${userId}`)).status).toBe(200);
    expect((await call(admin.token, 'GET', '/users/for-reports')).status).toBe(200);

    const profile = await call(operator.token, 'PUT', '/profile', {
      name: 'Operador Spec',
      displayName: 'Op',
      preferences: { theme: 'dark', notifications: { email: false, system: true } },
    });
    expect(profile.status).toBe(200);
    expect((await call(operator.token, 'GET', '/profile')).body).toMatchObject({
      name: 'Operador Spec',
      displayName: 'Op',
    });
    const email = await call(operator.token, 'PUT', '/profile/email', {
      password: TEST_PASSWORD,
      newEmail: 'op.novo@prefeitura.test',
    });
    expect(email.status).toBe(200);
    const password = await call(operator.token, 'PUT', '/profile/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'outra-senha-1',
    });
    expect(password.status).toBe(200);

    const department = await call(admin.token, 'POST', '/departments', { name: 'Cultura', description: 'Eventos' });
    expect(department.status).toBe(201);
    const departmentId = (department.body.id ?? department.body.department?.id) as string;
    const renamed = await call(admin.token, 'PUT', `/departments/${departmentId}`, {
      name: 'Cultura e Turismo',
      description: 'Eventos e turismo',
    });
    expect(renamed.status).toBe(200);
    expect((await call(admin.token, 'DELETE', `/departments/${departmentId}`)).status).toBe(200);
  });
});
