import { STATUS_CODES } from 'node:http';
import { HttpException } from '@nestjs/common';
import express, {
  type ErrorRequestHandler,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import type { ApiError } from '#server/contracts/auth';
import { STATUS_TEXT } from '#server/common/filters/http-exception.filter';

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

const BODY_PARSER_MESSAGES: Record<string, string> = {
  'entity.parse.failed': 'JSON inválido no corpo da requisição.',
  'charset.unsupported': 'Codificação de caracteres não suportada: use UTF-8.',
  'encoding.unsupported': 'Compressão do corpo da requisição não suportada.',
};

/** The 4xx errors express's body parsers raise (http-errors with `expose`), in our shape. */
function clientErrorOfBodyParser(exception: unknown): ApiError | null {
  const error = exception as { status?: unknown; expose?: unknown; type?: unknown } | null;
  if (!error || error.expose !== true || typeof error.status !== 'number') return null;
  const statusCode = error.status;
  if (statusCode < 400 || statusCode >= 500) return null;
  const message =
    (typeof error.type === 'string' ? BODY_PARSER_MESSAGES[error.type] : undefined) ??
    STATUS_TEXT[statusCode] ??
    'Requisição inválida.';
  return { statusCode, message, error: STATUS_CODES[statusCode] ?? 'Error' };
}

/**
 * The body parsers' errors in our shape, before Nest sees them: Nest turns a SyntaxError into a
 * 400 carrying its text, which quotes the body's bytes ('Unexpected token < in JSON at position 16').
 */
export const bodyParserErrors: ErrorRequestHandler = (error: unknown, _req, _res, next: NextFunction) => {
  const known = clientErrorOfBodyParser(error);
  next(known ? new HttpException(known, known.statusCode) : error);
};
