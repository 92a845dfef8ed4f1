import { countByStatements, type RunStatement } from './capped-count';

const CAP = 1000;
const walk: [string, unknown[]] = ['SELECT walk', ['w']];
const all: [string, unknown[]] = ['SELECT all', ['a']];

/** A stand-in for PostgreSQL: the plan's LIMIT expects `expected` rows; each count answers its figure. */
function database(expected: number, totals: { walk: number; all: number }) {
  const ran: string[] = [];
  const query: RunStatement = (sql) => {
    ran.push(sql.startsWith('EXPLAIN') ? 'explain' : sql === walk[0] ? 'walk' : 'all');
    if (sql === `EXPLAIN (FORMAT JSON) ${all[0]}`) {
      const limit = { 'Node Type': 'Limit', 'Plan Rows': expected, Plans: [{ 'Node Type': 'Sort', 'Plan Rows': 9 }] };
      return Promise.resolve([
        { 'QUERY PLAN': [{ Plan: { 'Node Type': 'Aggregate', 'Plan Rows': 1, Plans: [limit] } }] },
      ]);
    }
    return Promise.resolve([{ total: sql === walk[0] ? totals.walk : totals.all }]);
  };
  return { query, ran };
}

describe('countByStatements (docs/processes.md#list-counts)', () => {
  it('without a walk counts once, exact up to the cap', async () => {
    const db = database(5, { walk: 0, all: 12 });
    await expect(countByStatements(db.query, { all }, CAP)).resolves.toEqual({ total: 12, lowerBound: false });
    expect(db.ran).toEqual(['all']);
  });

  it('when PostgreSQL expects past the cap, a walk past it settles the count', async () => {
    const db = database(CAP + 1, { walk: CAP + 1, all: 0 });
    await expect(countByStatements(db.query, { walk, all }, CAP)).resolves.toEqual({ total: CAP, lowerBound: true });
    expect(db.ran).toEqual(['explain', 'walk']);
  });

  it('a walk that stays under the cap leaves the count to the planned statement', async () => {
    const db = database(CAP + 1, { walk: 40, all: 700 });
    await expect(countByStatements(db.query, { walk, all }, CAP)).resolves.toEqual({ total: 700, lowerBound: false });
    expect(db.ran).toEqual(['explain', 'walk', 'all']);
  });

  it('when PostgreSQL expects the cap not to be reached, the walk is not tried', async () => {
    const db = database(CAP, { walk: CAP + 1, all: 3 });
    await expect(countByStatements(db.query, { walk, all }, CAP)).resolves.toEqual({ total: 3, lowerBound: false });
    expect(db.ran).toEqual(['explain', 'all']);
  });
});
