import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';

/**
 * Body size limits per route: small everywhere, so nobody (signed in or not) can make the server
 * parse megabytes of JSON, and larger only where a route carries a document's text.
 */
export const BODY_LIMITS = { auth: '16kb', text: '2mb', default: '256kb' } as const;

/**
 * Routes whose JSON carries a whole document text (editor saves, text documents, and the spec's
 * signing call, which sends the text in base64 as `signature`).
 */
const TEXT_ROUTES: { method: string; path: RegExp }[] = [
  { method: 'POST', path: /^\/api\/documents\/?$/ },
  { method: 'POST', path: /^\/api\/documents\/[^/]+\/sign\/?$/ },
  { method: 'PATCH', path: /^\/api\/documents\/[^/]+\/?$/ },
  { method: 'PUT', path: /^\/api\/uploads\/[^/]+\/content\/?$/ },
];

const parsers = {
  auth: express.json({ limit: BODY_LIMITS.auth }),
  text: express.json({ limit: BODY_LIMITS.text }),
  default: express.json({ limit: BODY_LIMITS.default }),
};
const urlencoded = express.urlencoded({ extended: true, limit: BODY_LIMITS.default });

function jsonParserFor(req: Request): RequestHandler {
  if (req.path.startsWith('/api/auth/')) return parsers.auth;
  if (TEXT_ROUTES.some((route) => route.method === req.method && route.path.test(req.path))) return parsers.text;
  return parsers.default;
}

/** JSON and form bodies with the limit of the route (replaces Nest's single global parser). */
export function bodyParsers(): RequestHandler[] {
  return [(req: Request, res: Response, next: NextFunction) => jsonParserFor(req)(req, res, next), urlencoded];
}
