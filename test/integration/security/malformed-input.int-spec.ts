import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

/**
 * The inputs an outside fuzz turned into 500s (docs/interface.md#messages): each now gets a 4xx with a pt-BR
 * message, and nothing is written.
 */
describe('malformed input answers 4xx, never 500', () => {
  const { server } = useServerSuite();
  let token: string;

  const raw = async (method: string, path: string, body: string, contentType = 'application/json') => {
    const res = await fetch(`${server.url}/api${path}`, {
      method,
      headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
      body,
    });
    return { status: res.status, body: (await res.json()) as { statusCode: number; message: string } };
  };

  beforeAll(async () => {
    await createUser(server.dataSource, { username: 'fuzz.alvo', department: 'Jurídico' });
    token = (await login(server.url, 'fuzz.alvo', TEST_PASSWORD)).token;
  });

  it('refuses JSON nested thousands of levels with 400', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const res = await raw('PUT', '/profile', `{"name":${deep}}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('A requisição tem níveis de aninhamento demais.');
  });

  it('refuses a large body on /auth/login before parsing it (413)', async () => {
    const res = await raw('POST', '/auth/login', JSON.stringify({ username: 'x', password: 'y'.repeat(1_800_000) }));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Arquivo ou requisição grande demais.');
  });

  it("answers malformed JSON with a fixed pt-BR 400 that never echoes the body's bytes", async () => {
    for (const [method, path] of [
      ['PUT', '/profile'],
      ['POST', '/auth/login'],
      ['POST', '/processes'],
    ]) {
      const res = await raw(method, path, '{"name": "Ana", <script>alert(1)</script> \u0000');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('JSON inválido no corpo da requisição.');
      expect(JSON.stringify(res.body)).not.toMatch(/script|alert|Unexpected|position/i);
    }
  });

  it('answers 415 for an unknown charset', async () => {
    const res = await raw('PUT', '/profile', '{"name":"Ana"}', 'application/json; charset=bogus');
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('Codificação de caracteres não suportada: use UTF-8.');
  });

  it.each(['1e21', '1234567890123456789012345678901234567890', '100001'])('refuses page=%s with 400', async (page) => {
    const res = await api(server.url, 'GET', `/processes?page=${page}`, { token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Parâmetros de paginação inválidos.' });
  });

  // Found by the OpenAPI fuzz: a huge integer page reached OFFSET and answered 500.
  it.each(['1.7976931348623157e+308', '1e21', '100001'])('refuses notifications page=%s with 400', async (page) => {
    const res = await api(server.url, 'GET', `/notifications?page=${page}`, { token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Parâmetros de paginação inválidos.' });
  });

  // Found by the OpenAPI fuzz: class-validator's maxDecimalPlaces threw on exponent notation (500).
  it.each([5e-324, 1e-7, 0.001, 1e21])('refuses an estimated total of %s with 400', async (estimatedTotal) => {
    const res = await api(server.url, 'POST', '/purchase-orders', {
      token,
      body: { items: [false], justification: 'x', estimatedTotal },
    });
    expect(res.status).toBe(400);
  });

  it('refuses NUL bytes in search text and in names with 400', async () => {
    const search = await api(server.url, 'GET', '/processes?q=abc%00def', { token });
    expect(search.status).toBe(400);
    expect(search.body).toMatchObject({ message: 'A requisição contém caracteres inválidos.' });
    const name = await api(server.url, 'PUT', '/profile', { token, body: { name: 'Ana\u0000Maria' } });
    expect(name.status).toBe(400);
    expect(name.body).toMatchObject({ message: 'A requisição contém caracteres inválidos.' });
  });

  it('refuses a null name on PUT /profile and keeps the stored one', async () => {
    const res = await api(server.url, 'PUT', '/profile', { token, body: { name: null } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'O nome completo é obrigatório.' });
    const me = await api<{ name: string }>(server.url, 'GET', '/profile', { token });
    expect(me.body.name).toBeTruthy();
  });

  it('refuses a lone surrogate in an e-mail with 400', async () => {
    const res = await raw('PUT', '/profile/email', '{"email":"ana\\ud800@prefeitura.gov.br","password":"x"}');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('A requisição contém caracteres inválidos.');
  });

  it('accepts the access token in the query string only on file routes', async () => {
    const viaQuery = await api(server.url, 'GET', `/processes?token=${token}`);
    expect(viaQuery.status).toBe(401);
    const viaHeader = await api(server.url, 'GET', '/processes', { token });
    expect(viaHeader.status).toBe(200);
  });
});
