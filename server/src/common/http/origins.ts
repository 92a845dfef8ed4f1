import type { IncomingHttpHeaders } from 'node:http';

/** Whether `origin` (a page's Origin header) is on `hostname`, whatever its port. */
export function isSameHostOrigin(origin: string | undefined, hostname: string): boolean {
  if (!origin) return false;
  try {
    return new URL(origin).hostname === hostname;
  } catch {
    return false;
  }
}

export interface OriginPolicy {
  /** Extra origins allowed (ALLOWED_ORIGINS), normalised by `new URL().origin`. */
  allowedOrigins: readonly string[];
  /** Outside production a page of the same host on any port (the Vite dev server) is allowed too. */
  allowSameHostAnyPort: boolean;
}

/**
 * Whether a browser page of `origin` may talk to this server with the user's credentials. No
 * Origin header (non-browser clients, same-origin GETs) passes: the check is about pages of other
 * sites. Otherwise the page must be of the host it called (its own origin), be listed, or, outside
 * production, be on the same host name.
 */
export function isAllowedOrigin(
  origin: string | undefined,
  req: { headers: IncomingHttpHeaders },
  policy: OriginPolicy,
): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = req.headers.host;
  if (host && url.host === host.toLowerCase()) return true;
  if (policy.allowedOrigins.includes(url.origin)) return true;
  return policy.allowSameHostAnyPort && host !== undefined && url.hostname === hostnameOf(host);
}

function hostnameOf(host: string): string | undefined {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return undefined;
  }
}
