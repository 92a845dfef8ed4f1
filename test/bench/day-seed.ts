import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { createServerApp } from '#server/app/create-server-app';
import { resetEnvCache } from '#server/config/env';
import { DEFAULT_DEPARTMENTS } from '#server/contracts/users';
import { hashPassword } from '#server/modules/auth/passwords';
import { seedReportData } from '#test/factories/report-seed';
import { databaseUrl, withAdminClient } from '#test/setup/database';

/** What the day benchmark needs of a dataset: the shape `ensureCapitalDataset` (branch capital) returns. */
export interface BenchDataset {
  databaseUrl: string;
  /** Password of every user of the dataset. */
  password: string;
  users: { username: string; department: string; role: string }[];
  /** True when this call built the database, false when an earlier one had. */
  built: boolean;
  buildSeconds?: number;
  sizeBytes: number;
}

const PASSWORD = 'bench-dia-1';

/**
 * A small stand-in for the capital dataset, behind the same interface: at `scale` s, 5,000,000 × s
 * processes (a fifth as many documents) and max(600, 20,000 × s) operators spread over the
 * departments, all with one password. Built once per scale into `semgi_bench_day_<scale>` and kept,
 * so later runs start at once; drop that database to rebuild it. Needs process.env set for a
 * server (JWT_SECRET, REDIS_PREFIX…): a server booted here migrates the database, then seeds it.
 */
export async function ensureDaySeed(options: { scale?: number } = {}): Promise<BenchDataset> {
  const scale = options.scale ?? 1;
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `semgi_bench_day_${String(scale).replace(/\W/g, '_')}`;
  const url = databaseUrl(adminUrl, name);
  const exists = await withAdminClient(adminUrl, async (client) => {
    const { rows } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return rows.length > 0;
  });
  const previous = process.env.DATABASE_URL;
  process.env.DATABASE_URL = url;
  resetEnvCache();
  const start = Date.now();
  const app = await createServerApp();
  try {
    const dataSource = app.get<DataSource>(getDataSourceToken());
    if (!exists) await seed(dataSource, scale);
    const users = await dataSource.query<BenchDataset['users']>(
      `SELECT username, department, role FROM users WHERE username LIKE 'dia.%' ORDER BY username`,
    );
    const [{ size }] = await dataSource.query<{ size: string }[]>('SELECT pg_database_size(current_database()) AS size');
    return {
      databaseUrl: url,
      password: PASSWORD,
      users,
      built: !exists,
      ...(exists ? {} : { buildSeconds: (Date.now() - start) / 1000 }),
      sizeBytes: Number(size),
    };
  } finally {
    await app.close();
    if (previous === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous;
    resetEnvCache();
  }
}

async function seed(dataSource: DataSource, scale: number): Promise<void> {
  const users = Math.max(600, Math.round(20_000 * scale));
  const processes = Math.max(1_000, Math.round(5_000_000 * scale));
  const ids = await dataSource.query<{ id: string }[]>(
    `INSERT INTO users (username, name, email, department, role, level, password_hash, must_change_password)
     SELECT 'dia.' || lpad(g::text, 6, '0'), 'Servidor ' || g, 'dia.' || g || '@prefeitura.test',
            ($2::text[])[1 + g % cardinality($2::text[])], 'operator', 'Funcionário', $1, false
       FROM generate_series(1, $3::int) g RETURNING id`,
    [await hashPassword(PASSWORD), [...DEFAULT_DEPARTMENTS], users],
  );
  await seedReportData(
    dataSource,
    ids.map((row) => row.id),
    0.28,
    { processes, documents: Math.round(processes / 5) },
  );
  await dataSource.query('VACUUM ANALYZE');
}
