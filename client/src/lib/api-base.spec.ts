import { apiBaseUrl, isLocalOrPrivateHost } from './api-base';

const page = (hostname: string, port = '', protocol = 'http:') => ({
  hostname,
  port,
  origin: `${protocol}//${hostname}${port ? `:${port}` : ''}`,
});

describe('apiBaseUrl (docs/interface.md#api-base)', () => {
  it.each(['localhost', '127.0.0.1', '10.1.2.3', '192.168.0.15', '172.16.5.4', '172.31.255.1', '169.254.1.1'])(
    'uses port 3005 on the local/private host %s',
    (host) => {
      expect(apiBaseUrl(page(host, '8080'), false)).toBe(`http://${host}:3005/api`);
    },
  );

  it('uses port 3005 on IPv6 loopback, bracketed', () => {
    expect(apiBaseUrl(page('[::1]', '3000'), false)).toBe('http://[::1]:3005/api');
  });

  it('uses port 3005 when the page is served by Vite on 3009, whatever the host', () => {
    expect(apiBaseUrl(page('dev.prefeitura.gov.br', '3009'), false)).toBe('http://dev.prefeitura.gov.br:3005/api');
  });

  it('uses the same origin on a public host', () => {
    expect(apiBaseUrl(page('semgi.prefeitura.gov.br', '', 'https:'), false)).toBe(
      'https://semgi.prefeitura.gov.br/api',
    );
    expect(apiBaseUrl(page('200.10.20.30', '8443', 'https:'), false)).toBe('https://200.10.20.30:8443/api');
  });

  it('uses the page origin whatever the port or address when the SEMGI server served the page', () => {
    expect(apiBaseUrl(page('10.0.0.5', '8080'), true)).toBe('http://10.0.0.5:8080/api');
    expect(apiBaseUrl(page('192.168.1.20'), true)).toBe('http://192.168.1.20/api');
    expect(apiBaseUrl(page('localhost', '3009'), true)).toBe('http://localhost:3009/api');
  });

  it('does not mistake public addresses that look private', () => {
    expect(isLocalOrPrivateHost('172.32.0.1')).toBe(false);
    expect(isLocalOrPrivateHost('11.0.0.1')).toBe(false);
    expect(isLocalOrPrivateHost('192.169.1.1')).toBe(false);
    expect(isLocalOrPrivateHost('localhost.example.com')).toBe(false);
  });
});
