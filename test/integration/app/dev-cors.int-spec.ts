import { useServerSuite } from '#test/setup/server-suite';

/** Outside production the Vite dev server (port 3009) may call the API of the same host with cookies. */
describe('CORS for the development client', () => {
  const { server } = useServerSuite();

  function preflight(origin: string) {
    return fetch(`${server.url}/api/auth/refresh-token`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST' },
    });
  }

  it('allows a page of the same host on another port, with credentials', async () => {
    const res = await preflight('http://127.0.0.1:3009');
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3009');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('refuses pages of other hosts', async () => {
    const res = await preflight('http://evil.example:3009');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const health = await fetch(`${server.url}/api/health`, { headers: { origin: 'http://localhost.evil.example' } });
    expect(health.headers.get('access-control-allow-origin')).toBeNull();
  });
});
