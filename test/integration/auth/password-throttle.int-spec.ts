import type { DocumentView } from '#server/contracts/documents';
import { AUTH_MESSAGES } from '#server/contracts/auth';
import {
  ACCOUNT_FAILURES_PER_MINUTE,
  ACCOUNT_FAILURES_PER_QUARTER_HOUR,
} from '#server/modules/auth/login-throttle.service';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { TRUSTING_LOOPBACK_PROXY, useServerSuite } from '#test/setup/server-suite';

const countOf = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

/**
 * Every password check (login, the profile's password and e-mail changes) shares one atomic
 * throttle, counted per account and address, so guessing is bounded and a stranger cannot lock the
 * owner out. The server believes X-Forwarded-For from loopback here, so each test picks its addresses.
 */
describe('one password throttle for every password check', () => {
  const { server } = useServerSuite(TRUSTING_LOOPBACK_PROXY);

  const from = (address: string) => ({ 'x-forwarded-for': address });
  const signIn = async (username: string) => {
    await createUser(server.dataSource, { username });
    return login(server.url, username, TEST_PASSWORD);
  };
  const tryLogin = (username: string, password: string, address: string) =>
    api(server.url, 'POST', '/auth/login', { body: { username, password }, headers: from(address) });

  it.each([
    [
      'PUT /profile/password',
      'senha.paralela',
      '/profile/password',
      (guess: string) => ({ currentPassword: guess, newPassword: 'Nova-Senha-2026' }),
    ],
    [
      'PUT /profile/email',
      'email.paralelo',
      '/profile/email',
      (guess: string) => ({ password: guess, newEmail: 'novo@prefeitura.test' }),
    ],
  ])(
    '%s: of 200 parallel wrong guesses exactly the limit is checked, and then the right one is not recognisable',
    async (_route, username, path, body) => {
      const { token } = await signIn(username);
      const address = '198.51.100.10';
      const statuses = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          api(server.url, 'PUT', path, { token, body: body(`errada-${i}`), headers: from(address) }).then(
            (r) => r.status,
          ),
        ),
      );
      expect(countOf(statuses, 400)).toBe(ACCOUNT_FAILURES_PER_MINUTE);
      expect(countOf(statuses, 429)).toBe(200 - ACCOUNT_FAILURES_PER_MINUTE);
      const right = await api(server.url, 'PUT', path, { token, body: body(TEST_PASSWORD), headers: from(address) });
      expect(right.status).toBe(429);
      expect(right.body.message).toMatch(/^Muitas tentativas com a senha\. Aguarde \d+ segundos e tente novamente\.$/);
      // The same budget as the login's: the account is throttled there too, from that address.
      expect((await tryLogin(username, TEST_PASSWORD, address)).status).toBe(429);
    },
  );

  it('shares the budget between the profile and the login, atomically', async () => {
    const { token } = await signIn('conta.compartilhada');
    const address = '198.51.100.20';
    const half = ACCOUNT_FAILURES_PER_MINUTE / 2;
    for (let i = 0; i < half; i++) {
      const res = await api(server.url, 'PUT', '/profile/email', {
        token,
        body: { password: `errada-${i}`, newEmail: 'x@prefeitura.test' },
        headers: from(address),
      });
      expect(res.status).toBe(400);
    }
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        tryLogin('conta.compartilhada', `errada-${i}`, address).then((r) => r.status),
      ),
    );
    expect(countOf(statuses, 401)).toBe(ACCOUNT_FAILURES_PER_MINUTE - half);
    expect(countOf(statuses, 429)).toBe(50 - (ACCOUNT_FAILURES_PER_MINUTE - half));
  });

  it('counts the signing password against the same budget', async () => {
    const { token } = await signIn('assina.compartilhada');
    const doc = (
      await api<DocumentView>(server.url, 'POST', '/documents', {
        token,
        body: { title: 'Ofício para assinar', content: 'Texto.' },
      })
    ).body;
    const statuses = await Promise.all(
      Array.from({ length: ACCOUNT_FAILURES_PER_MINUTE }, (_, i) =>
        api(server.url, 'PUT', '/profile/email', {
          token,
          body: { password: `errada-${i}`, newEmail: 'x@prefeitura.test' },
        }).then((r) => r.status),
      ),
    );
    expect(countOf(statuses, 400)).toBe(ACCOUNT_FAILURES_PER_MINUTE);
    const sign = await api(server.url, 'POST', `/documents/${doc.id}/sign`, {
      token,
      body: { signatureType: 'simple', certificateType: 'password', password: TEST_PASSWORD },
    });
    expect(sign.status).toBe(429);
  });

  it("does not let a stranger lock the owner out: the attacker's address is refused, the owner's is not", async () => {
    await createUser(server.dataSource, { username: 'admin.alvo', role: 'admin' });
    for (let i = 0; i < ACCOUNT_FAILURES_PER_MINUTE; i++) {
      expect((await tryLogin('admin.alvo', `errada-${i}`, '203.0.113.66')).status).toBe(401);
    }
    const attacker = await tryLogin('admin.alvo', TEST_PASSWORD, '203.0.113.66');
    expect(attacker.status).toBe(429);
    expect(attacker.body.message).toMatch(/^Muitas tentativas de login\. Aguarde \d+ segundos e tente novamente\.$/);
    expect((await tryLogin('admin.alvo', TEST_PASSWORD, '198.51.100.30')).status).toBe(200);
  });

  it('bounds guesses spread over many addresses, yet lets an address that has not failed try', async () => {
    await createUser(server.dataSource, { username: 'alvo.distribuido' });
    const attackers = Array.from(
      { length: ACCOUNT_FAILURES_PER_QUARTER_HOUR / ACCOUNT_FAILURES_PER_MINUTE },
      (_, i) => `203.0.113.${100 + i}`,
    );
    const statuses = await Promise.all(
      attackers.flatMap((address) =>
        Array.from({ length: ACCOUNT_FAILURES_PER_MINUTE }, (_, i) =>
          tryLogin('alvo.distribuido', `errada-${i}`, address).then((r) => r.status),
        ),
      ),
    );
    expect(countOf(statuses, 401)).toBe(ACCOUNT_FAILURES_PER_QUARTER_HOUR);
    // The account's budget is spent: a new address gets one try, not ten.
    expect((await tryLogin('alvo.distribuido', 'errada', '203.0.113.200')).status).toBe(401);
    expect((await tryLogin('alvo.distribuido', 'errada-2', '203.0.113.200')).status).toBe(429);
    // The owner, from an address that has not failed, gets in.
    expect((await tryLogin('alvo.distribuido', TEST_PASSWORD, '198.51.100.40')).status).toBe(200);
  });

  it('refuses a new password made only of spaces (400)', async () => {
    const { token } = await signIn('senha.espacos');
    const res = await api(server.url, 'PUT', '/profile/password', {
      token,
      body: { currentPassword: TEST_PASSWORD, newPassword: '        ' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(AUTH_MESSAGES.newPasswordBlank);
  });
});
