import { resetEnvCache } from '#server/config/env';
import { createUser } from '#test/factories/users';
import { api, type RunningServer, startServer } from '#test/setup/app';

/** The client address recorded for a failed login sent with a forged X-Forwarded-For. */
async function recordedAddress(server: RunningServer, username: string): Promise<string | null> {
  await createUser(server.dataSource, { username });
  const res = await api(server.url, 'POST', '/auth/login', {
    body: { username, password: 'errada' },
    headers: { 'x-forwarded-for': '203.0.113.77' },
  });
  expect(res.status).toBe(401);
  const [row] = await server.dataSource.query<{ ip_address: string | null }[]>(
    `SELECT ip_address FROM audit_logs WHERE username = $1 AND action = 'login' ORDER BY created_at DESC LIMIT 1`,
    [username],
  );
  return row.ip_address;
}

/** X-Forwarded-For is believed only from the proxies TRUST_PROXY names (README, Decisions › Sessions and accounts). */
describe('client address behind proxies', () => {
  afterEach(() => {
    delete process.env.TRUST_PROXY;
    resetEnvCache();
  });

  it('ignores X-Forwarded-For by default, so a LAN client cannot forge its address', async () => {
    resetEnvCache();
    const server = await startServer();
    try {
      expect(await recordedAddress(server, 'sem.proxy')).toMatch(/127\.0\.0\.1$/);
    } finally {
      await server.close();
    }
  });

  it('believes X-Forwarded-For from a proxy TRUST_PROXY names', async () => {
    process.env.TRUST_PROXY = 'loopback';
    resetEnvCache();
    const server = await startServer();
    try {
      expect(await recordedAddress(server, 'com.proxy')).toBe('203.0.113.77');
    } finally {
      await server.close();
    }
  });
});
