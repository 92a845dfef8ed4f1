import type { Request } from 'express';
import type { AuthUser } from '../auth-user';

export type AuthedRequest = Request & { user: AuthUser; id?: string | number };

/** What the audit log records about where a request came from. */
export interface RequestMeta {
  ipAddress: string | null;
  userAgent: string | null;
}

export function requestMeta(req: Request): RequestMeta {
  return { ipAddress: req.ip ?? null, userAgent: req.get('user-agent')?.slice(0, 300) ?? null };
}
