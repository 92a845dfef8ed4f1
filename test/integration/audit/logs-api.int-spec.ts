import type { AuditLogListResponse, AuditLogView, AuditStatsResponse } from '#server/contracts/audit';
import type { DocumentView } from '#server/contracts/documents';
import { seedAuditRows } from '#test/factories/audit';
import { createProcessViaApi, pid } from '#test/factories/processes';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

const SQL_COLUMNS: Record<string, string> = {
  createdAt: 'created_at',
  action: 'action',
  entityType: 'entity_type',
  status: 'status',
  username: 'username',
};

describe('GET /api/logs (admin only): filters, sorting, paging and statistics', () => {
  const { server } = useServerSuite();
  let admin: string;
  let operator: string;
  let chefe: string;
  let chefeId: string;

  beforeAll(async () => {
    await createUser(server.dataSource, { username: 'adm.logs', role: 'admin' });
    await createUser(server.dataSource, { username: 'op.logs' });
    chefeId = (await createUser(server.dataSource, { username: 'chefe.logs', level: 'Chefia', department: 'Jurídico' }))
      .id;
    admin = (await login(server.url, 'adm.logs', TEST_PASSWORD)).token;
    operator = (await login(server.url, 'op.logs', TEST_PASSWORD)).token;
    chefe = (await login(server.url, 'chefe.logs', TEST_PASSWORD)).token;
    await seedAuditRows(server.dataSource, 420);
  });

  const get = <T>(path: string, token = admin) => api<T>(server.url, 'GET', path, { token });

  /** ids in the order the API should give them, straight from SQL. */
  async function expectedIds(where: string, params: unknown[], sortBy = 'createdAt', order = 'DESC') {
    const column = SQL_COLUMNS[sortBy];
    const keys = column === 'created_at' ? ['created_at', 'id'] : [column, 'created_at', 'id'];
    const rows: { id: string }[] = await server.dataSource.query(
      `SELECT id FROM audit_logs ${where} ORDER BY ${keys.map((k) => `${k} ${order}`).join(', ')}`,
      params,
    );
    return rows.map((r) => r.id);
  }

  it('refuses every route to non-admins (403) and to anonymous callers (401)', async () => {
    const [row]: { id: string }[] = await server.dataSource.query(`SELECT id FROM audit_logs LIMIT 1`);
    const paths = [
      '/logs',
      `/logs/detail/${row.id}`,
      '/logs/stats',
      '/logs/verify',
      '/logs/export',
      `/logs/export/${row.id}/download`,
    ];
    for (const path of paths) {
      const res = await get<{ message: string }>(path, operator);
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
      expect(res.body.message).toBe('Você não tem permissão para realizar esta ação.');
      expect((await api(server.url, 'GET', path)).status).toBe(401);
    }
  });

  it('lists newest first, 50 a page by default, with the totals', async () => {
    const res = await get<AuditLogListResponse>('/logs');
    expect(res.status).toBe(200);
    const all = await expectedIds('', []);
    expect(res.body).toMatchObject({ page: 1, limit: 50, totalItems: all.length, totalExact: true });
    expect(res.body.totalPages).toBe(Math.ceil(all.length / 50));
    expect(res.body.logs.map((l) => l._id)).toEqual(all.slice(0, 50));
    const first = res.body.logs[0];
    expect(Object.keys(first).sort()).toEqual(
      [
        '_id',
        'createdAt',
        'action',
        'entityType',
        'entityId',
        'description',
        'username',
        'userDepartment',
        'status',
        'ipAddress',
        'details',
      ].sort(),
    );
    expect(new Date(first.createdAt).toISOString()).toBe(first.createdAt);
  });

  it('applies every filter like the equivalent SQL', async () => {
    const [{ from, to }]: { from: Date; to: Date }[] = await server.dataSource.query(
      `SELECT now() - interval '20 days' AS from, now() - interval '5 days' AS to`,
    );
    const cases: [string, string, unknown[]][] = [
      ['action=login', 'WHERE action = $1', ['login']],
      ['entityType=document', 'WHERE entity_type = $1', ['document']],
      ['entityId=ent-3', 'WHERE entity_id = $1', ['ent-3']],
      ['status=warning', 'WHERE status = $1', ['warning']],
      ['userDepartment=Jur%C3%ADdico', 'WHERE user_department = $1', ['Jurídico']],
      ['username=MARIA', `WHERE lower(username) LIKE $1`, ['maria%']],
      ['username=pedro.', `WHERE lower(username) LIKE $1`, ['pedro.%']],
      [
        `startDate=${from.toISOString()}&endDate=${to.toISOString()}`,
        'WHERE created_at >= $1 AND created_at <= $2',
        [from, to],
      ],
      [
        `action=update&status=error&startDate=${from.toISOString()}`,
        'WHERE action = $1 AND status = $2 AND created_at >= $3',
        ['update', 'error', from],
      ],
    ];
    for (const [query, where, params] of cases) {
      const ids = await expectedIds(where, params);
      expect(ids.length).toBeGreaterThan(0);
      const res = await get<AuditLogListResponse>(`/logs?${query}&limit=200`);
      expect({ query, status: res.status, total: res.body.totalItems }).toEqual({
        query,
        status: 200,
        total: ids.length,
      });
      expect(res.body.logs.map((l) => l._id)).toEqual(ids.slice(0, 200));
    }
    const user = await createUser(server.dataSource, { username: 'autor.filtro' });
    await server.dataSource.query(
      `INSERT INTO audit_logs (action, entity_type, description, user_id, username) VALUES ('create','process','x',$1,'autor.filtro')`,
      [user.id],
    );
    const byUser = await get<AuditLogListResponse>(`/logs?userId=${user.id}`);
    expect(byUser.body.totalItems).toBe(1);
    expect(byUser.body.logs[0].username).toBe('autor.filtro');
  });

  it('sorts by each allowed column in both orders, with a stable tie-break', async () => {
    for (const sortBy of Object.keys(SQL_COLUMNS)) {
      for (const [sortOrder, order] of [
        ['-1', 'DESC'],
        ['1', 'ASC'],
      ]) {
        const ids = await expectedIds('', [], sortBy, order);
        const page2 = await get<AuditLogListResponse>(`/logs?sortBy=${sortBy}&sortOrder=${sortOrder}&page=2&limit=60`);
        expect({ sortBy, sortOrder, ids: page2.body.logs.map((l) => l._id) }).toEqual({
          sortBy,
          sortOrder,
          ids: ids.slice(60, 120),
        });
      }
    }
  });

  it('clamps page and limit, and refuses malformed input with a 400 in Portuguese', async () => {
    const total = (await expectedIds('', [])).length;
    const last = Math.ceil(total / 200);
    const beyond = await get<AuditLogListResponse>('/logs?limit=999&page=9999');
    expect(beyond.body).toMatchObject({ limit: 200, page: last, totalPages: last });
    expect(beyond.body.logs).toHaveLength(total - (last - 1) * 200);
    expect((await get<AuditLogListResponse>('/logs?page=0&limit=0')).body).toMatchObject({ page: 1, limit: 1 });
    const empty = await get<AuditLogListResponse>('/logs?entityId=nao-existe&page=3');
    expect(empty.body).toMatchObject({ logs: [], page: 1, totalPages: 0, totalItems: 0 });

    const bad: [string, string][] = [
      ['startDate=2026-05-10&endDate=2026-05-01', 'A data final não pode ser anterior à data inicial.'],
      ['startDate=ontem', 'Data inicial inválida.'],
      ['action=hack', 'Ação inválida.'],
      ['entityType=planet', 'Tipo de entidade inválido.'],
      ['status=ok', 'Status inválido.'],
      ['sortBy=description', 'Campo de ordenação inválido.'],
      ['sortBy=created_at;DROP TABLE audit_logs', 'Campo de ordenação inválido.'],
      ['sortOrder=2', 'Ordem inválida: use -1 (decrescente) ou 1 (crescente).'],
      ['page=abc', 'Parâmetros de paginação inválidos.'],
      ['userId=123', 'Identificador de usuário inválido.'],
    ];
    for (const [query, message] of bad) {
      const res = await get<{ message: string }>(`/logs?${query}`);
      expect({ query, status: res.status, message: res.body.message }).toEqual({ query, status: 400, message });
    }
    expect((await get('/logs/stats?startDate=2026-05-10&endDate=2026-05-01')).status).toBe(400);
  });

  it('returns one entry in full, and 404 for an unknown or malformed id', async () => {
    const [row]: { id: string }[] = await server.dataSource.query(
      `SELECT id FROM audit_logs WHERE details IS NOT NULL LIMIT 1`,
    );
    const res = await get<AuditLogView>(`/logs/detail/${row.id}`);
    expect(res.status).toBe(200);
    expect(res.body._id).toBe(row.id);
    expect(res.body.details).toMatchObject({ nested: expect.any(Object) });
    expect((await get('/logs/detail/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get<{ message: string }>('/logs/detail/xyz')).body.message).toBe('Log não encontrado.');
  });

  it('computes the statistics like GROUP BY, optionally within a period', async () => {
    const grouped = async (column: string, where = '', params: unknown[] = []) => {
      const rows: { _id: string | null; count: string }[] = await server.dataSource.query(
        `SELECT ${column} AS "_id", count(*) AS count FROM audit_logs ${where} GROUP BY 1`,
        params,
      );
      return rows.map((r) => ({ _id: r._id, count: Number(r.count) }));
    };
    const sorted = (entries: { _id: string | null; count: number }[]) =>
      [...entries].sort((a, b) => String(a._id).localeCompare(String(b._id)));

    const res = await get<AuditStatsResponse>('/logs/stats');
    expect(res.status).toBe(200);
    expect(sorted(res.body.actionStats)).toEqual(sorted(await grouped('action')));
    expect(sorted(res.body.entityStats)).toEqual(sorted(await grouped('entity_type')));
    expect(sorted(res.body.deptStats)).toEqual(sorted(await grouped('user_department')));
    expect(sorted(res.body.statusStats)).toEqual(sorted(await grouped('status')));
    const counts = res.body.actionStats.map((s) => s.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(res.body.userStats.length).toBeLessThanOrEqual(10);
    expect(sorted(res.body.userStats)).toEqual(sorted(await grouped('username', 'WHERE username IS NOT NULL')));

    const [{ from }]: { from: Date }[] = await server.dataSource.query(`SELECT now() - interval '3 days' AS from`);
    const recent = await get<AuditStatsResponse>(`/logs/stats?startDate=${from.toISOString()}`);
    expect(sorted(recent.body.statusStats)).toEqual(sorted(await grouped('status', 'WHERE created_at >= $1', [from])));
  });

  it("writes a 'read' entry when someone opens a confidential process or document, not an ordinary one", async () => {
    const reads = async (entityId: string) =>
      Number(
        (
          await server.dataSource.query(
            `SELECT count(*) FROM audit_logs WHERE action = 'read' AND entity_id = $1 AND username = 'chefe.logs'`,
            [entityId],
          )
        )[0].count,
      );
    const secret = await createProcessViaApi(server.url, chefe, {
      confidential: true,
      confidentialAccess: [chefeId],
      destinationDepartment: 'Financeiro',
    });
    const open = await createProcessViaApi(server.url, chefe, { destinationDepartment: 'Financeiro' });
    expect((await get(`/processes/${pid(secret.id)}`, chefe)).status).toBe(200);
    expect((await get(`/processes/${pid(open.id)}`, chefe)).status).toBe(200);
    expect(await reads(secret.id)).toBe(1);
    expect(await reads(open.id)).toBe(0);

    const doc = await api<DocumentView>(server.url, 'POST', '/documents', {
      token: chefe,
      body: { title: 'Parecer reservado', content: 'Sigiloso.', confidential: true },
    });
    expect(doc.status).toBe(201);
    expect((await get(`/documents/${doc.body.id}`, chefe)).status).toBe(200);
    expect(await reads(doc.body.id)).toBe(1);

    const listed = await get<AuditLogListResponse>(
      `/logs?action=read&entityType=process&entityId=${encodeURIComponent(secret.id)}`,
    );
    expect(listed.body.logs[0]).toMatchObject({
      action: 'read',
      entityType: 'process',
      username: 'chefe.logs',
      userDepartment: 'Jurídico',
      description: `Processo sigiloso ${secret.id} consultado`,
    });
  });

  // Last: it adds 10,000+ rows that the exact comparisons above do not expect.
  it('counts exactly when the planner expects up to 10,000 rows and estimates beyond', async () => {
    await server.dataSource.query(
      `INSERT INTO audit_logs (action, entity_type, entity_id, description)
       SELECT 'other', 'system', 'massa', 'linha ' || i FROM generate_series(1, 10500) AS i`,
    );
    await server.dataSource.query('ANALYZE audit_logs');
    const exact = await get<AuditLogListResponse>('/logs?entityId=ent-3');
    expect(exact.body.totalExact).toBe(true);
    const big = await get<AuditLogListResponse>('/logs?entityId=massa&limit=200');
    expect(big.status).toBe(200);
    expect(big.body.totalExact).toBe(false);
    expect(big.body.totalItems).toBeGreaterThan(10_000);
    expect(big.body.totalPages).toBe(Math.ceil(big.body.totalItems / 200));
    expect(big.body.logs).toHaveLength(200);

    // The last page turns the estimate into the exact number.
    const last = await get<AuditLogListResponse>('/logs?entityId=massa&limit=200&page=99999');
    expect(last.body).toMatchObject({ totalExact: true, totalItems: 10_500, totalPages: 53, page: 53 });
    expect(last.body.logs).toHaveLength(100);
  });
});
