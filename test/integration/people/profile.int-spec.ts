import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import type { UserView } from '#server/contracts/users';
import sharp from 'sharp';

describe('profile API', () => {
  const { server } = useServerSuite();

  const signIn = async (username: string) => {
    await createUser(server.dataSource, { username, name: 'Maria das Graças Souza' });
    return login(server.url, username, TEST_PASSWORD);
  };

  it('reads the own profile with default preferences', async () => {
    const { token } = await signIn('perfil.leitura');
    const res = await api<UserView>(server.url, 'GET', '/profile', { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      username: 'perfil.leitura',
      name: 'Maria das Graças Souza',
      displayName: null,
      avatar: null,
      preferences: { theme: 'system', notifications: { email: true, system: true } },
    });
    expect(res.body).not.toHaveProperty('passwordHash');
    expect((await api(server.url, 'GET', '/profile')).status).toBe(401);
  });

  it('updates name, display name and preferences partially, with an audit entry', async () => {
    const { token, user } = await signIn('perfil.edicao');
    const first = await api<UserView>(server.url, 'PUT', '/profile', {
      token,
      body: { name: '  Maria Souza  ', displayName: 'Mariazinha' },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ name: 'Maria Souza', displayName: 'Mariazinha' });

    const theme = await api<UserView>(server.url, 'PUT', '/profile', {
      token,
      body: { preferences: { theme: 'dark' } },
    });
    expect(theme.body.preferences).toEqual({ theme: 'dark', notifications: { email: true, system: true } });
    const notif = await api<UserView>(server.url, 'PUT', '/profile', {
      token,
      body: { preferences: { notifications: { email: false } } },
    });
    expect(notif.body.preferences).toEqual({ theme: 'dark', notifications: { email: false, system: true } });
    expect(notif.body.name).toBe('Maria Souza');

    const cleared = await api<UserView>(server.url, 'PUT', '/profile', { token, body: { displayName: '' } });
    expect(cleared.body.displayName).toBeNull();

    const [row] = await server.dataSource.query('SELECT preferences FROM users WHERE id = $1', [user.id]);
    expect(row.preferences).toEqual({ theme: 'dark', notifications: { email: false, system: true } });
    const audits: Array<{ description: string }> = await server.dataSource.query(
      `SELECT description FROM audit_logs WHERE entity_id = $1 AND action = 'update'`,
      [user.id],
    );
    expect(audits).toHaveLength(4);
    expect(audits[0].description).toBe('Perfil atualizado pelo próprio usuário');
  });

  it.each([
    [{ preferences: { theme: 'azul' } }, 'Tema inválido: use light, dark ou system.'],
    [
      { preferences: { notifications: { email: 'sim' } } },
      'O campo "preferences.notifications.email" deve ser verdadeiro ou falso.',
    ],
    [{ preferences: { fontSize: 12 } }, 'O campo "preferences.fontSize" não é permitido.'],
    [{ name: '   ' }, 'O nome completo é obrigatório.'],
    [{ role: 'admin' }, 'O campo "role" não é permitido.'],
    [{ department: 'Gabinete' }, 'O campo "department" não é permitido.'],
    [{ preferences: 'dark' }, 'As preferências são inválidas.'],
  ])('refuses the invalid profile update %j', async (body, message) => {
    const { token, user } = await signIn(`perfil.invalido.${Math.random().toString(36).slice(2, 8)}`);
    const res = await api(server.url, 'PUT', '/profile', { token, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, message });
    const [row] = await server.dataSource.query('SELECT role, department FROM users WHERE id = $1', [user.id]);
    expect(row).toEqual({ role: 'operator', department: 'Administração' });
  });

  describe('password', () => {
    it('refuses a wrong current password with a pt-BR message and keeps the old one', async () => {
      const { token } = await signIn('senha.errada');
      const res = await api(server.url, 'PUT', '/profile/password', {
        token,
        body: { currentPassword: 'nao-e-esta', newPassword: 'outra-senha-1' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'Senha atual incorreta.' });
      await expect(login(server.url, 'senha.errada', TEST_PASSWORD)).resolves.toBeDefined();
    });

    it('refuses a new password shorter than 6 characters', async () => {
      const { token } = await signIn('senha.curta');
      const res = await api(server.url, 'PUT', '/profile/password', {
        token,
        body: { currentPassword: TEST_PASSWORD, newPassword: '12345' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'A nova senha deve ter pelo menos 6 caracteres.' });
    });

    it('keeps the current session and revokes every other one', async () => {
      const current = await signIn('senha.troca');
      const other = await login(server.url, 'senha.troca', TEST_PASSWORD);
      const res = await api(server.url, 'PUT', '/profile/password', {
        token: current.token,
        body: { currentPassword: TEST_PASSWORD, newPassword: 'Nova-Senha-2026' },
      });
      expect(res.status).toBe(200);
      expect((await api(server.url, 'GET', '/profile', { token: current.token })).status).toBe(200);
      expect((await api(server.url, 'GET', '/profile', { token: other.token })).status).toBe(401);
      expect((await api(server.url, 'POST', '/auth/refresh-token', { cookie: other.cookie })).status).toBe(401);
      expect((await api(server.url, 'POST', '/auth/refresh-token', { cookie: current.cookie })).status).toBe(200);
      await expect(login(server.url, 'senha.troca', TEST_PASSWORD)).rejects.toThrow(/401/);
      await expect(login(server.url, 'senha.troca', 'Nova-Senha-2026')).resolves.toBeDefined();
      const audits = JSON.stringify(
        await server.dataSource.query(`SELECT * FROM audit_logs WHERE entity_id = $1`, [current.user.id]),
      );
      expect(audits).toContain('Senha alterada pelo próprio usuário');
      expect(audits).not.toContain('Nova-Senha-2026');
    });
  });

  describe('e-mail', () => {
    it('changes the e-mail when the password is right, with an audit entry', async () => {
      const { token, user } = await signIn('email.troca');
      const res = await api<UserView>(server.url, 'PUT', '/profile/email', {
        token,
        body: { password: TEST_PASSWORD, newEmail: ' nova.caixa@prefeitura.test ' },
      });
      expect(res.status).toBe(200);
      expect(res.body.email).toBe('nova.caixa@prefeitura.test');
      const [audit] = await server.dataSource.query(
        `SELECT description, details FROM audit_logs WHERE entity_id = $1 AND action = 'update'`,
        [user.id],
      );
      expect(audit).toMatchObject({
        description: 'E-mail alterado pelo próprio usuário',
        details: { email: { from: 'email.troca@prefeitura.test', to: 'nova.caixa@prefeitura.test' } },
      });
    });

    it('refuses a wrong password without changing anything', async () => {
      const { token, user } = await signIn('email.senha');
      const res = await api(server.url, 'PUT', '/profile/email', {
        token,
        body: { password: 'errada', newEmail: 'x@prefeitura.test' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'Senha atual incorreta.' });
      const [row] = await server.dataSource.query('SELECT email FROM users WHERE id = $1', [user.id]);
      expect(row.email).toBe('email.senha@prefeitura.test');
    });

    it('refuses a malformed e-mail and an e-mail another user has (any case)', async () => {
      const { token } = await signIn('email.conflito');
      await createUser(server.dataSource, { username: 'dono.email' });
      const bad = await api(server.url, 'PUT', '/profile/email', {
        token,
        body: { password: TEST_PASSWORD, newEmail: 'sem-arroba' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ message: 'Informe um e-mail válido.' });
      const taken = await api(server.url, 'PUT', '/profile/email', {
        token,
        body: { password: TEST_PASSWORD, newEmail: 'DONO.EMAIL@prefeitura.test' },
      });
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ message: 'Já existe um usuário com este e-mail.' });
      const missing = await api(server.url, 'PUT', '/profile/email', { token, body: { newEmail: 'a@b.test' } });
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ message: 'Informe sua senha.' });
    });
  });

  describe('avatar', () => {
    const upload = (token: string, bytes: Buffer, name: string, type: string, field = 'avatar') => {
      const form = new FormData();
      form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
      return api<{ avatarUrl: string }>(server.url, 'POST', '/profile/avatar', { token, body: form });
    };
    const photo = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
        .jpeg()
        .toBuffer();

    it('stores a real image as a 256×256 WebP any signed-in user can see, and replaces the old one', async () => {
      const { token, user } = await signIn('avatar.ok');
      const res = await upload(token, await photo(1200, 800), 'eu.jpg', 'image/jpeg');
      expect(res.status).toBe(200);
      expect(res.body.avatarUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
      expect((await api<UserView>(server.url, 'GET', '/profile', { token })).body.avatar).toBe(res.body.avatarUrl);

      const colleague = await signIn('avatar.colega');
      const image = await fetch(`${server.url}/api${res.body.avatarUrl}?token=${colleague.token}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toMatch(/^image\/webp/);
      const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
      expect((await fetch(`${server.url}/api${res.body.avatarUrl}`)).status).toBe(401);

      const second = await upload(token, await photo(300, 300), 'nova.png', 'image/png');
      expect(second.status).toBe(200);
      expect(second.body.avatarUrl).not.toBe(res.body.avatarUrl);
      expect((await fetch(`${server.url}/api${res.body.avatarUrl}?token=${token}`)).status).toBe(404);
      const files = await server.dataSource.query(
        `SELECT owner_kind, owner_id FROM stored_files WHERE owner_kind = 'avatar' AND owner_id = $1`,
        [user.id],
      );
      expect(files).toHaveLength(1);
      const audits = await server.dataSource.query(
        `SELECT description FROM audit_logs WHERE entity_id = $1 AND action = 'upload'`,
        [user.id],
      );
      expect(audits).toEqual([
        { description: 'Foto de perfil atualizada' },
        { description: 'Foto de perfil atualizada' },
      ]);
    });

    it('refuses an image over 5 MB with 413 and the spec message', async () => {
      const { token, user } = await signIn('avatar.grande');
      const big = Buffer.concat([await photo(64, 64), Buffer.alloc(5 * 1024 * 1024)]);
      const res = await upload(token, big, 'grande.jpg', 'image/jpeg');
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ message: 'Imagem muito grande. O tamanho máximo é 5MB.' });
      const [row] = await server.dataSource.query('SELECT avatar FROM users WHERE id = $1', [user.id]);
      expect(row.avatar).toBeNull();
    });

    it('refuses a file that is not an image, whatever its name and declared type say', async () => {
      const { token } = await signIn('avatar.falso');
      const res = await upload(token, Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'), 'foto.png', 'image/png');
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({ message: 'O arquivo selecionado não é uma imagem válida.' });
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      expect((await upload(token, svg, 'x.svg', 'image/svg+xml')).status).toBe(415);
      const stored = await server.dataSource.query(
        `SELECT count(*)::int AS n FROM stored_files WHERE owner_kind = 'avatar' AND uploaded_by = (SELECT id FROM users WHERE username = 'avatar.falso')`,
      );
      expect(stored[0].n).toBe(0);
    });

    it('asks for an image when none is sent, and refuses a file in another field', async () => {
      const { token } = await signIn('avatar.vazio');
      const form = new FormData();
      form.append('nome', 'sem arquivo');
      const none = await api(server.url, 'POST', '/profile/avatar', { token, body: form });
      expect(none.status).toBe(400);
      expect(none.body).toMatchObject({ message: 'Selecione uma imagem.' });
      const wrongField = await upload(token, await photo(10, 10), 'a.jpg', 'image/jpeg', 'foto');
      expect(wrongField.status).toBe(400);
      expect((wrongField.body as unknown as { message: string }).message).toMatch(/^Não foi possível ler o envio/);
    });
  });
});
