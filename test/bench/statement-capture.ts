import pg from 'pg';

/** A statement as the server's `pg` client sent it. */
export interface CapturedStatement {
  text: string;
  values?: unknown[];
}

/**
 * Records every statement this process's `pg` clients send between `start()` and `stop()`, so a
 * benchmark can replay a request's SQL on a bare pool (capital.bench.ts). Runs inside the server's
 * own process (bench-app.ts): `pg.Client.prototype.query` is wrapped only while recording.
 */
export function statementCapture() {
  const original = pg.Client.prototype.query;
  let statements: CapturedStatement[] = [];
  const start = () => {
    statements = [];
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown];
      const positional = Array.isArray(second) ? second : undefined;
      if (typeof first === 'string') statements.push({ text: first, values: positional });
      else if (first && typeof first === 'object' && 'text' in first)
        statements.push({ text: first.text, values: first.values ?? positional });
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pg.Client.prototype.query;
  };
  const stop = (): CapturedStatement[] => {
    pg.Client.prototype.query = original;
    const recorded = statements;
    statements = [];
    return recorded;
  };
  return { start, stop };
}
