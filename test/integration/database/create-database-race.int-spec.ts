import { randomBytes } from 'node:crypto';
import { ensureDatabaseExists } from '#server/database/migrate';
import { databaseUrl, dropDatabase } from '#test/setup/database';

const adminUrl = process.env.SEMGI_TEST_ADMIN_DATABASE_URL as string;

/**
 * A first start: the server and the worker find the database missing at the same moment and both
 * create it. The loser gets 42P04 or, when both inserted into pg_database at once, 23505.
 */
describe('creating the database at boot', () => {
  const names: string[] = [];
  afterAll(() => Promise.all(names.map((name) => dropDatabase(adminUrl, name))));

  it('tolerates every other instance creating it at the same moment', async () => {
    for (let round = 0; round < 8; round += 1) {
      const name = `semgi_race_${randomBytes(4).toString('hex')}`;
      names.push(name);
      const url = databaseUrl(adminUrl, name);
      const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => ensureDatabaseExists(url)));
      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    }
  });
});
