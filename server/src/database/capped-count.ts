import type { EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/** A count that stops at `cap` rows: `total` is then the cap and `lowerBound` true (docs/processes.md#list-counts). */
export interface CappedCount {
  total: number;
  lowerBound: boolean;
}

/** A page of rows with the capped count of the rows matching. */
export interface RowsAndCappedTotal<T> {
  rows: T[];
  count: CappedCount;
}

/** `counted` rows (read with LIMIT cap + 1) as a CappedCount. */
export const capCount = (counted: number, cap: number): CappedCount =>
  counted > cap ? { total: cap, lowerBound: true } : { total: counted, lowerBound: false };

/**
 * `SELECT count(*) FROM (SELECT 1 … LIMIT cap + 1)`: the rows `qb` matches (the visibility filter
 * included), reading at most one past the cap, so the count costs the same at any table size
 * (docs/processes.md#list-counts).
 */
export function cappedCountSql<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, cap: number): [string, unknown[]] {
  const [sql, params] = qb
    .select('1')
    .limit(cap + 1)
    .getQueryAndParameters();
  return [`SELECT count(*)::int AS total FROM (${sql}) matching`, params];
}

export async function cappedCount<T extends ObjectLiteral>(
  tx: EntityManager,
  qb: SelectQueryBuilder<T>,
  cap: number,
): Promise<CappedCount> {
  return countByStatements((sql, params) => tx.query(sql, params), { all: cappedCountSql(qb, cap) }, cap);
}

/**
 * A count's statements, each `SELECT count(*)::int AS total` capped at the same cap. `walk`, if
 * given, is tried first when PostgreSQL expects more than the cap to match `all`; it settles the
 * count only when it passed the cap, and `all` counts otherwise.
 */
export interface CountStatements {
  walk?: [string, unknown[]];
  all: [string, unknown[]];
}

/** What runs a statement and returns its rows: a transaction's `query`, or a benchmark's pool. */
export type RunStatement = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** Runs `statements` as docs/processes.md#list-counts describes. */
export async function countByStatements(
  query: RunStatement,
  statements: CountStatements,
  cap: number,
): Promise<CappedCount> {
  const total = async ([sql, params]: [string, unknown[]]) =>
    ((await query(sql, params))[0] as { total: number }).total;
  if (statements.walk && (await expectedRows(query, statements.all)) > cap) {
    const walked = await total(statements.walk);
    if (walked > cap) return capCount(walked, cap);
  }
  return capCount(await total(statements.all), cap);
}

interface PlanNode {
  'Node Type': string;
  'Plan Rows': number;
  Plans?: PlanNode[];
}

/** How many rows PostgreSQL expects the capped count's LIMIT to pass on (its plan, not run). */
async function expectedRows(query: RunStatement, [sql, params]: [string, unknown[]]): Promise<number> {
  const [row] = await query(`EXPLAIN (FORMAT JSON) ${sql}`, params);
  const [{ Plan }] = row['QUERY PLAN'] as { Plan: PlanNode }[];
  const limit = (node: PlanNode): PlanNode | undefined =>
    node['Node Type'] === 'Limit' ? node : node.Plans?.map(limit).find(Boolean);
  return limit(Plan)?.['Plan Rows'] ?? Infinity;
}
