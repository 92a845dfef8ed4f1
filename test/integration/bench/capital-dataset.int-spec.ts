import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { loadEnv, resetEnvCache } from '#server/config/env';
import type { AuditLogListResponse } from '#server/contracts/audit';
import type { DashboardResponse } from '#server/contracts/dashboard';
import type { NotificationListResponse } from '#server/contracts/notifications';
import type { ProcessesReport } from '#server/contracts/reports';
import { PROCESS_HISTORY_ACTIONS, type ProcessListResponse } from '#server/contracts/processes';
import { SEARCH_RANKED_MATCHES, type SearchResponse } from '#server/contracts/search';
import { isValidNup } from '#server/modules/processes/nup';
import { DashboardAggregatesService } from '#worker/dashboard/dashboard-aggregates.service';
import {
  CAPITAL_HEAVY_DOCUMENTS,
  CAPITAL_HEAVY_HISTORY,
  capitalCounts,
  capitalHeavyFileId,
  type CapitalDataset,
  ensureCapitalDataset,
} from '#test/bench/capital-dataset';
import { api, login } from '#test/setup/app';
import { databaseUrl, dropDatabase } from '#test/setup/database';
import { useServerSuite } from '#test/setup/server-suite';

/**
 * The 'capital' dataset of the benchmarks (test/bench/capital-dataset.ts) at a CI size: the data is
 * consistent (every foreign key holds although it was loaded without FK triggers, valid NUPs, the
 * heavy process and inbox exist), and a staff user's list, search, dashboard, processes report and notifications
 * hold exactly what the confidentiality rule lets them see (docs/processes.md#confidentiality),
 * checked against the rule written directly in SQL.
 */
const SCALE = 0.0005;
const adminUrl = process.env.SEMGI_TEST_ADMIN_DATABASE_URL!;
const database = `semgi_capital_t_${randomBytes(4).toString('hex')}`;
let dataset: CapitalDataset;
let sql: Client;
let previousUrl: string | undefined;

/** The confidentiality rule, straight from docs/processes.md: visible to admins, the creator, the access list. */
const VISIBLE = `(NOT p.confidential OR p.created_by = $1
                  OR EXISTS (SELECT 1 FROM process_confidential_access a WHERE a.process_id = p.id AND a.user_id = $1))`;

describe('capital dataset (CI size)', () => {
  const { server, worker } = useServerSuite({
    worker: true,
    before: async () => {
      dataset = await ensureCapitalDataset({ scale: SCALE, database, adminUrl, log: () => undefined });
      previousUrl = process.env.DATABASE_URL;
      process.env.DATABASE_URL = dataset.databaseUrl;
      resetEnvCache();
    },
    after: async () => {
      process.env.DATABASE_URL = previousUrl;
      resetEnvCache();
      await sql?.end();
      await dropDatabase(adminUrl, database);
    },
  });
  let staff: { id: string; token: string };
  let admin: { token: string };

  beforeAll(async () => {
    sql = new Client({ connectionString: databaseUrl(adminUrl, database) });
    await sql.connect();
    // A staff member who is on some access lists and not on others.
    const { rows } = await sql.query<{ username: string }>(
      `SELECT u.username FROM users u
        WHERE u.role = 'operator' AND u.status = 'active' AND u.username = ANY($1)
          AND EXISTS (SELECT 1 FROM process_confidential_access a WHERE a.user_id = u.id)
        ORDER BY u.username LIMIT 1`,
      [dataset.users.map((u) => u.username)],
    );
    const staffLogin = await login(server.url, rows[0].username, dataset.password);
    staff = { id: staffLogin.user.id, token: staffLogin.token };
    const adminUser = dataset.users.find((u) => u.role === 'admin')!;
    admin = { token: (await login(server.url, adminUser.username, dataset.password)).token };
    await worker.get(DashboardAggregatesService).recompute();
  });

  const count = async (query: string, params: unknown[] = []) =>
    Number((await sql.query<{ n: string }>(`SELECT count(*) AS n FROM ${query}`, params)).rows[0].n);

  it('is consistent: counts, foreign keys, NUPs, confidential share, heavy process and inbox', async () => {
    const expected = capitalCounts(SCALE);
    expect(dataset.built).toBe(true);
    expect(dataset.sizeBytes).toBeGreaterThan(0);
    expect(await count('processes')).toBe(expected.processes);
    expect(await count('users')).toBe(expected.users);
    expect(await count('notifications')).toBe(expected.notifications);
    // The logins of this test add their own rows to the generated ones.
    expect(await count(`audit_logs WHERE description LIKE 'Ação registrada %'`)).toBe(expected.audit);
    const { rows: fks } = await sql.query<{
      name: string;
      child: string;
      parent: string;
      cols: string[];
      refs: string[];
    }>(
      `SELECT c.conname AS name, c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent,
              array(SELECT attname FROM unnest(c.conkey) WITH ORDINALITY k(n, o)
                    JOIN pg_attribute ON attrelid = c.conrelid AND attnum = k.n ORDER BY o)::text[] AS cols,
              array(SELECT attname FROM unnest(c.confkey) WITH ORDINALITY k(n, o)
                    JOIN pg_attribute ON attrelid = c.confrelid AND attnum = k.n ORDER BY o)::text[] AS refs
         FROM pg_constraint c JOIN pg_namespace ns ON ns.oid = c.connamespace AND ns.nspname = 'public'
        WHERE c.contype = 'f'`,
    );
    const broken: string[] = [];
    for (const fk of fks) {
      const join = fk.cols.map((col, i) => `p."${fk.refs[i]}" = c."${col}"`).join(' AND ');
      const present = fk.cols.map((col) => `c."${col}" IS NOT NULL`).join(' AND ');
      const orphans = await count(
        `${fk.child} c WHERE ${present} AND NOT EXISTS (SELECT 1 FROM ${fk.parent} p WHERE ${join})`,
      );
      if (orphans > 0) broken.push(`${fk.name}: ${orphans}`);
    }
    expect(broken).toEqual([]);
    const ids = (await sql.query<{ id: string }>('SELECT id FROM processes')).rows.map((r) => r.id);
    expect(ids.filter((id) => !isValidNup(id))).toEqual([]);
    const confidential = await count('processes WHERE confidential');
    expect(confidential / expected.processes).toBeGreaterThanOrEqual(0.03);
    expect(confidential / expected.processes).toBeLessThanOrEqual(0.05);
    expect(
      await count(
        'processes p WHERE confidential AND NOT EXISTS (SELECT 1 FROM process_confidential_access a WHERE a.process_id = p.id)',
      ),
    ).toBe(0);
    const heavy = (
      await sql.query<{ process_id: string }>('SELECT process_id FROM process_documents WHERE stored_file_id = $1', [
        capitalHeavyFileId(SCALE),
      ])
    ).rows[0].process_id;
    expect(await count('process_history WHERE process_id = $1', [heavy])).toBe(CAPITAL_HEAVY_HISTORY);
    // Its 50 attachments, plus those the round-robin of ordinary attachments gives every process.
    expect(await count('process_documents WHERE process_id = $1', [heavy])).toBeGreaterThanOrEqual(
      CAPITAL_HEAVY_DOCUMENTS,
    );
    expect(
      await count("notifications WHERE user_id = (SELECT id FROM users WHERE username = 'cap.u2')"),
    ).toBeGreaterThanOrEqual(expected.notifications / 2);
    expect(await count('document_signatures')).toBe(await count('documents'));
    // finalized_at is what the finalisation trigger would have written (the load runs without triggers).
    expect(await count(`processes WHERE status = 'concluído'`)).toBeGreaterThan(0);
    expect(
      await count(
        `processes p WHERE finalized_at IS DISTINCT FROM (SELECT max(h.date) FROM process_history h
                     WHERE h.process_id = p.id AND h.action = $1)`,
        [PROCESS_HISTORY_ACTIONS.finalized],
      ),
    ).toBe(0);
    // Sealed audit rows: the worker's sealer finds nothing to do.
    expect(await count(`audit_logs WHERE description LIKE 'Ação registrada %' AND seq IS NULL`)).toBe(0);
    // A second call keeps the database as it is.
    const again = await ensureCapitalDataset({ scale: SCALE, database, adminUrl, log: () => undefined });
    expect(again.built).toBe(false);
  });

  it("a staff user's list holds exactly the processes they may see", async () => {
    const visible = await count(`processes p WHERE ${VISIBLE}`, [staff.id]);
    expect(visible).toBeLessThan(await count('processes'));
    const seen = new Set<string>();
    for (let page = 1; ; page++) {
      const res = await api<ProcessListResponse>(server.url, 'GET', `/processes?limit=100&page=${page}`, {
        token: staff.token,
      });
      expect(res.status).toBe(200);
      // Exact up to the count's cap, the cap past it (docs/processes.md#list-counts).
      expect(res.body.data).toMatchObject({
        total: Math.min(visible, loadEnv().LIST_COUNT_CAP),
        totalIsLowerBound: visible > loadEnv().LIST_COUNT_CAP,
      });
      for (const p of res.body.data.processes) seen.add(p.id);
      if (res.body.data.processes.length < 100) break;
    }
    const truth = (
      await sql.query<{ id: string }>(`SELECT p.id FROM processes p WHERE ${VISIBLE}`, [staff.id])
    ).rows.map((r) => r.id);
    expect([...seen].sort()).toEqual(truth.sort());
  });

  it('search finds only what the user may see, counts included', async () => {
    const res = await api<SearchResponse>(server.url, 'GET', '/search?q=alvara', { token: staff.token });
    expect(res.status).toBe(200);
    const truth = (
      await sql.query<{ id: string }>(
        `SELECT p.id FROM processes p WHERE semgi_search_normalize(p.subject) LIKE '%alvara%' AND ${VISIBLE}`,
        [staff.id],
      )
    ).rows.map((r) => r.id);
    expect(res.body.processes).toMatchObject({
      total: Math.min(truth.length, SEARCH_RANKED_MATCHES),
      totalIsLowerBound: truth.length > SEARCH_RANKED_MATCHES,
    });
    for (const item of res.body.processes.items) expect(truth).toContain(item.id);
    // By number: a confidential process out of reach is not found; one on the user's list is.
    const { rows: hidden } = await sql.query<{ id: string }>(
      `SELECT p.id FROM processes p WHERE NOT ${VISIBLE} LIMIT 1`,
      [staff.id],
    );
    const { rows: granted } = await sql.query<{ id: string }>(
      'SELECT process_id AS id FROM process_confidential_access WHERE user_id = $1 LIMIT 1',
      [staff.id],
    );
    const byNumber = async (id: string) =>
      (await api<SearchResponse>(server.url, 'GET', `/search?q=${encodeURIComponent(id)}`, { token: staff.token })).body
        .processes;
    expect((await byNumber(hidden[0].id)).items.map((p) => p.id)).not.toContain(hidden[0].id);
    expect((await byNumber(granted[0].id)).items.map((p) => p.id)).toContain(granted[0].id);
  });

  it("the dashboard counts only the user's visible processes", async () => {
    const res = await api<DashboardResponse>(server.url, 'GET', '/dashboard', { token: staff.token });
    expect(res.status).toBe(200);
    expect(res.body.stats.active).toBe(
      await count(`processes p WHERE p.status = 'em andamento' AND ${VISIBLE}`, [staff.id]),
    );
    expect(res.body.stats.completed).toBe(
      await count(`processes p WHERE p.status = 'concluído' AND ${VISIBLE}`, [staff.id]),
    );
    const distributed = res.body.departmentDistribution.reduce((sum, slice) => sum + slice.count, 0);
    expect(distributed).toBe(await count(`processes p WHERE ${VISIBLE}`, [staff.id]));
  });

  it("a year's processes report counts only the user's visible processes, from the per-day figures", async () => {
    const zone = loadEnv().TIME_ZONE;
    expect((await sql.query('SELECT 1 FROM process_report_zone WHERE zone = $1', [zone])).rowCount).toBe(1);
    const year = new Date().getFullYear() - 1;
    const res = await api<ProcessesReport>(
      server.url,
      'GET',
      `/reports/processes?startDate=${year}-01-01&endDate=${year}-12-31`,
      { token: staff.token },
    );
    expect(res.status).toBe(200);
    const inYear = `p.created_at >= make_timestamptz(${year}, 1, 1, 0, 0, 0, $2)
                AND p.created_at < make_timestamptz(${year + 1}, 1, 1, 0, 0, 0, $2)`;
    const visible = await count(`processes p WHERE ${inYear} AND ${VISIBLE}`, [staff.id, zone]);
    expect(visible).toBeGreaterThan(0);
    expect(res.body.totalProcesses).toBe(visible);
    expect(res.body.completed).toBe(
      await count(`processes p WHERE ${inYear} AND p.status = 'concluído' AND ${VISIBLE}`, [staff.id, zone]),
    );
    expect(res.body.byDepartment.reduce((sum, d) => sum + d.count, 0)).toBe(visible);
    expect(res.body.processesByMonth.reduce((sum, m) => sum + m.count, 0)).toBe(visible);
  });

  it('notifications and the audit viewer show exactly their own rows', async () => {
    const inbox = await api<NotificationListResponse>(server.url, 'GET', '/notifications', { token: staff.token });
    expect(inbox.status).toBe(200);
    expect(inbox.body.total).toBe(await count('notifications WHERE user_id = $1', [staff.id]));
    expect((await api(server.url, 'GET', '/logs', { token: staff.token })).status).toBe(403);
    const logs = await api<AuditLogListResponse>(server.url, 'GET', '/logs?status=error', { token: admin.token });
    expect(logs.status).toBe(200);
    expect(logs.body.totalItems).toBe(await count("audit_logs WHERE status = 'error'"));
    const empty = await api<AuditLogListResponse>(server.url, 'GET', '/logs?username=ninguem.existe', {
      token: admin.token,
    });
    expect(empty.body.totalItems).toBe(0);
  });
});
