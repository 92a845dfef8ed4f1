import { BadRequestException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/** Deepest nesting a request body or query may have; real payloads stay under 6. */
export const MAX_INPUT_DEPTH = 32;

export const INPUT_TOO_DEEP = 'A requisição tem níveis de aninhamento demais.';
export const INPUT_INVALID_TEXT = 'A requisição contém caracteres inválidos.';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A NUL character or a lone UTF-16 surrogate: neither can be stored in PostgreSQL text. */
const isInvalidText = (text: string) => text.includes('\0') || LONE_SURROGATE.test(text);

/**
 * The first problem of a parsed body or query, or null: too deep, or a string (value or key) that
 * PostgreSQL cannot store. Iterative, so a body nested thousands of levels cannot overflow the stack.
 */
export function inputShapeProblem(value: unknown): string | null {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: current, depth } = pending.pop()!;
    if (typeof current === 'string') {
      if (isInvalidText(current)) return INPUT_INVALID_TEXT;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return INPUT_TOO_DEEP;
    for (const [key, child] of Object.entries(current)) {
      if (isInvalidText(key)) return INPUT_INVALID_TEXT;
      pending.push({ value: child, depth: depth + 1 });
    }
  }
  return null;
}

/** Express middleware: 400 with a pt-BR message before any pipe or query sees a malformed input. */
export function rejectMalformedInput(req: Request, _res: Response, next: NextFunction): void {
  const problem = inputShapeProblem(req.body) ?? inputShapeProblem(req.query);
  next(problem ? new BadRequestException(problem) : undefined);
}
