import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { migrateDatabase } from '#server/database/migrate';
import { databaseUrl, dropDatabase } from '#test/setup/database';

const adminUrl = process.env.SEMGI_TEST_ADMIN_DATABASE_URL as string;

/**
 * The schema is the migrations' alone, made under their advisory lock: connecting (server, worker,
 * migrations) installs no extension of its own (TypeORM's "uuid-ossp"), so instances booting
 * together race on nothing.
 */
describe('booting on an empty database', () => {
  const name = `semgi_ext_${randomBytes(4).toString('hex')}`;
  const url = databaseUrl(adminUrl, name);
  afterAll(() => dropDatabase(adminUrl, name));

  it('has only the extensions the migrations create', async () => {
    await migrateDatabase({ DATABASE_URL: url });
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ extname: string }>(`SELECT extname FROM pg_extension`);
      expect(rows.map((row) => row.extname)).not.toContain('uuid-ossp');
      // Ids still default to a fresh uuid without any extension.
      const { rows: ids } = await client.query<{ id: string }>(
        `INSERT INTO departments (name) VALUES ('Secretaria de Teste') RETURNING id`,
      );
      expect(ids[0].id).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await client.end();
    }
  });
});
