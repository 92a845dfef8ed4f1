/** Port of the API server when the client runs apart from it (docs/interface.md#api-base, ARCHITECTURE Part 1). */
export const API_PORT = 3005;
/** Port of the Vite development server. */
export const DEV_CLIENT_PORT = 3009;

export interface PageLocation {
  hostname: string;
  port: string;
  origin: string;
}

const PRIVATE_IPV4 = [
  /^127\./, // loopback
  /^10\./,
  /^192\.168\./,
  /^172\.(1[6-9]|2\d|3[01])\./,
  /^169\.254\./, // link-local
];

/** localhost, a loopback address or a private (RFC 1918 / link-local / IPv6 ULA) address. */
export function isLocalOrPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '::1' || host === '0.0.0.0') return true;
  if (/^f[cd][0-9a-f]{2}:/.test(host) || host.startsWith('fe80:')) return true;
  return PRIVATE_IPV4.some((pattern) => pattern.test(host));
}

/**
 * Origin of the API server (no trailing slash). A page served by the SEMGI server itself carries
 * `<meta name="semgi-api" content="same-origin">` and always uses its own origin, whatever the port,
 * address or proxy in front. Otherwise (the Vite dev server) docs/interface.md#api-base applies: port 3005 on the
 * page's host when that host is local/private or the page is on Vite's port 3009; else its own origin.
 */
export function apiOrigin(location: PageLocation, servedBySemgiServer = hasSameOriginApiMarker()): string {
  if (servedBySemgiServer) return location.origin;
  if (isLocalOrPrivateHost(location.hostname) || location.port === String(DEV_CLIENT_PORT)) {
    const host =
      location.hostname.includes(':') && !location.hostname.startsWith('[')
        ? `[${location.hostname}]`
        : location.hostname;
    return `http://${host}:${API_PORT}`;
  }
  return location.origin;
}

/** Base URL of every API call, e.g. `http://localhost:3005/api` or `https://prefeitura.gov.br/api`. */
export function apiBaseUrl(location: PageLocation, servedBySemgiServer = hasSameOriginApiMarker()): string {
  return `${apiOrigin(location, servedBySemgiServer)}/api`;
}

/** Whether the page's index.html came from the SEMGI server (see server/src/app/serve-client.ts). */
function hasSameOriginApiMarker(): boolean {
  if (typeof document === 'undefined') return false;
  return document.querySelector('meta[name="semgi-api"]')?.getAttribute('content') === 'same-origin';
}
