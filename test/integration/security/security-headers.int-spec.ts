import { io } from 'socket.io-client';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { TRUSTING_LOOPBACK_PROXY, useServerSuite } from '#test/setup/server-suite';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** Whether a Socket.IO handshake sent with `origin` is accepted (README, Decisions › Security). */
function handshake(url: string, token: string, origin: string): Promise<string> {
  const socket = io(url, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { origin },
  });
  return new Promise((resolve) => {
    socket.once('connect', () => {
      socket.close();
      resolve('connected');
    });
    socket.once('connect_error', (error) => {
      socket.close();
      resolve(error.message);
    });
  });
}

/** Browser security headers on every response (README, Decisions › Security). */
describe('security headers', () => {
  const { server } = useServerSuite();
  let token: string;

  beforeAll(async () => {
    await createUser(server.dataSource, { username: 'cabecalhos' });
    token = (await login(server.url, 'cabecalhos', TEST_PASSWORD)).token;
  });

  const csp = (headers: Headers) =>
    Object.fromEntries(
      (headers.get('content-security-policy') ?? '')
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter(([name]) => name)
        .map(([name, ...values]) => [name, values]),
    );

  it('serves the client under a CSP without inline scripts, framing or HTTPS pinning over HTTP', async () => {
    const res = await fetch(`${server.url}/semgi/`);
    expect(res.status).toBe(200);
    const policy = csp(res.headers);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['frame-src']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy).not.toHaveProperty('upgrade-insecure-requests');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    // The page has no inline script the CSP would block.
    expect(await res.text()).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
  });

  it('sends nosniff and the CSP on API replies, errors included', async () => {
    for (const path of ['/api/health', '/api/rota-que-nao-existe', '/api/documents']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(csp(res.headers)['frame-ancestors']).toEqual(["'none'"]);
    }
  });

  it('sends HSTS only to HTTPS requests, never to a forged X-Forwarded-Proto', async () => {
    const res = await fetch(`${server.url}/api/health`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('keeps the stricter per-file CSP on stored files, framable by the app only', async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('<script>alert(1)</script>')]), 'nota.html');
    const text = await api(server.url, 'POST', '/documents/upload', { token, body: form });
    expect(text.status).toBe(201);
    const textFile = await fetch(`${server.url}/api${text.body.fileUrl}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(textFile.status).toBe(200);
    expect(textFile.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'",
    );
    expect(textFile.headers.get('x-content-type-options')).toBe('nosniff');
    expect(textFile.headers.get('x-frame-options')).toBe('SAMEORIGIN');

    const pdfForm = new FormData();
    pdfForm.append('file', new Blob([PDF]), 'oficio.pdf');
    const pdf = await api(server.url, 'POST', '/documents/upload', { token, body: pdfForm });
    expect(pdf.status).toBe(201);
    const pdfFile = await fetch(`${server.url}/api${pdf.body.fileUrl}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdfFile.status).toBe(200);
    // Chrome's PDF viewer refuses to run under `sandbox` or `object-src 'none'`.
    expect(pdfFile.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
    expect(pdfFile.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('accepts Socket.IO handshakes only from the app origin (and, outside production, the same host)', async () => {
    const { port } = new URL(server.url);
    expect(await handshake(server.url, token, `http://127.0.0.1:${port}`)).toBe('connected');
    expect(await handshake(server.url, token, 'http://127.0.0.1:3009')).toBe('connected');
    expect(await handshake(server.url, token, 'https://evil.example')).not.toBe('connected');
    expect(await handshake(server.url, token, 'null')).not.toBe('connected');
  });

  it('does not echo a foreign Origin on Socket.IO polling', async () => {
    const res = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

/** Behind a trusted proxy that terminates TLS, HSTS is sent (X-Forwarded-Proto: https). */
describe('HSTS behind a trusted proxy', () => {
  const { server } = useServerSuite(TRUSTING_LOOPBACK_PROXY);

  it('pins HTTPS only for requests the proxy says arrived over HTTPS', async () => {
    const https = await fetch(`${server.url}/api/health`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const http = await fetch(`${server.url}/api/health`);
    expect(http.headers.get('strict-transport-security')).toBeNull();
  });
});
