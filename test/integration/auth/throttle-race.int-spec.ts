import type { DocumentView } from '#server/contracts/documents';
import { ACCOUNT_FAILURES_PER_MINUTE } from '#server/modules/auth/login-throttle.service';
import { SIGNING_PASSWORD_FAILURES } from '#server/modules/documents/signing/signing-throttle.service';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

const countOf = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

/** Parallel wrong passwords cannot get more tries than the limit: each attempt is counted before it is checked. */
describe('password throttles under parallel attempts', () => {
  const { server } = useServerSuite();

  it('lets exactly the limit of 100 parallel wrong logins of one account be tried', async () => {
    await createUser(server.dataSource, { username: 'alvo.paralelo' });
    const statuses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        api(server.url, 'POST', '/auth/login', { body: { username: 'alvo.paralelo', password: `errada-${i}` } }).then(
          (res) => res.status,
        ),
      ),
    );
    expect(countOf(statuses, 401)).toBe(ACCOUNT_FAILURES_PER_MINUTE);
    expect(countOf(statuses, 429)).toBe(100 - ACCOUNT_FAILURES_PER_MINUTE);
  });

  it('does not count successful logins against the account', async () => {
    await createUser(server.dataSource, { username: 'entra.sempre' });
    for (let i = 0; i < ACCOUNT_FAILURES_PER_MINUTE + 2; i++) await login(server.url, 'entra.sempre', TEST_PASSWORD);
    const wrong = await api(server.url, 'POST', '/auth/login', { body: { username: 'entra.sempre', password: 'x' } });
    expect(wrong.status).toBe(401);
  });

  it('lets exactly the limit of 20 parallel wrong signing passwords be checked', async () => {
    await createUser(server.dataSource, { username: 'assina.paralelo', department: 'Financeiro' });
    const signer = await login(server.url, 'assina.paralelo', TEST_PASSWORD);
    const doc = (
      await api<DocumentView>(server.url, 'POST', '/documents', {
        token: signer.token,
        body: { title: 'Ofício para assinar', content: 'Texto.' },
      })
    ).body;
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api(server.url, 'POST', `/documents/${doc.id}/sign`, {
          token: signer.token,
          body: { signatureType: 'simple', certificateType: 'password', password: `errada-${i}` },
        }).then((res) => res.status),
      ),
    );
    expect(countOf(statuses, 400)).toBe(SIGNING_PASSWORD_FAILURES);
    expect(countOf(statuses, 429)).toBe(20 - SIGNING_PASSWORD_FAILURES);
  });
});
