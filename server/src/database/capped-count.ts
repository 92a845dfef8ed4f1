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
  const [{ total }]: { total: number }[] = await tx.query(...cappedCountSql(qb, cap));
  return capCount(total, cap);
}
