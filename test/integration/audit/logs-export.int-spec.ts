import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { loadEnv } from '#server/config/env';
import type { AuditExportQueued, ExportProgressPayload, ExportReadyPayload } from '#server/contracts/audit';
import { seedAuditRows } from '#test/factories/audit';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { connectSocket, login, type TestSocket } from '#test/setup/app';
import { eventually } from '#test/setup/eventually';
import { useServerSuite } from '#test/setup/server-suite';

/** RFC 4180 parser with a configurable separator (quoted fields may hold separators, quotes and line breaks). */
function parseCsv(text: string, separator = ';'): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === separator) {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
  }
  if (field !== '' || row.length > 0) throw new Error('CSV terminado no meio de uma linha');
  return rows;
}

describe('GET /api/logs/export: CSV built by the worker, streamed back', () => {
  const { server } = useServerSuite({ worker: true });
  let token: string;
  let socket: TestSocket;

  beforeAll(async () => {
    await createUser(server.dataSource, { username: 'adm.export', role: 'admin' });
    await createUser(server.dataSource, { username: 'adm.outro', role: 'admin' });
    token = (await login(server.url, 'adm.export', TEST_PASSWORD)).token;
    socket = await connectSocket(server.url, token);
  });
  afterAll(async () => {
    socket.close();
  });

  it('writes every filtered row (BOM, ;, RFC 4180 quotes, pt-BR dates, formula guard) with progress and a notification', async () => {
    await seedAuditRows(server.dataSource, 12_000, { days: 60 });
    const tricky = [
      'Texto com ; ponto e vírgula',
      'Diz "olá" e sai',
      'Linha 1\nLinha 2\r\nLinha 3',
      '=HYPERLINK("http://mal.example","clique")',
      '+5511999999999',
      '-10',
      '@SOMA(A1)',
      'Ação concluída às 10h — ok',
    ];
    for (const [i, description] of tricky.entries()) {
      await server.dataSource.query(
        `INSERT INTO audit_logs (created_at, action, entity_type, description, username, status, details)
         VALUES (now() - make_interval(mins => $1), 'delete', 'document', $2, 'maria.silva', 'error', $3)`,
        [i, description, { motivo: 'teste; "aspas"' }],
      );
    }
    const progress: ExportProgressPayload[] = [];
    let ready: ExportReadyPayload | undefined;
    socket.on('export:progress', (p) => progress.push(p));
    socket.on('export:ready', (p) => (ready = p));

    // Opened in a new window: the token travels in the query string on this route.
    const res = await fetch(`${server.url}/api/logs/export?status=error&sortOrder=-1&token=${token}`);
    expect(res.status).toBe(202);
    const queued = (await res.json()) as AuditExportQueued;
    await eventually(() => ready !== undefined, 'export:ready', { timeoutMs: 30_000 });

    const expected: { description: string; createdAt: Date }[] = await server.dataSource.query(
      `SELECT description, created_at AS "createdAt" FROM audit_logs WHERE status = 'error' ORDER BY created_at DESC, id DESC`,
    );
    expect(expected.length).toBeGreaterThan(3000);
    expect(ready).toEqual({
      exportId: queued.exportId,
      rows: expected.length,
      downloadPath: `/logs/export/${queued.exportId}/download`,
    });
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.at(-1)).toEqual({ exportId: queued.exportId, processed: expected.length, total: expected.length });

    const download = await fetch(`${server.url}/api${ready!.downloadPath}?token=${token}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(download.headers.get('content-disposition')).toMatch(
      /attachment; filename="logs-auditoria-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const bytes = Buffer.from(await download.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.toString('utf8').slice(1));
    expect(rows[0]).toEqual([
      'Data/Hora',
      'Ação',
      'Tipo de Entidade',
      'ID da Entidade',
      'Descrição',
      'Usuário',
      'Departamento',
      'Status',
      'Endereço IP',
      'Detalhes',
    ]);
    expect(rows).toHaveLength(expected.length + 1);
    const guard = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
    expect(rows.slice(1).map((r) => r[4])).toEqual(expected.map((e) => guard(e.description)));
    const dateTime = new Intl.DateTimeFormat('pt-BR', {
      timeZone: loadEnv().TIME_ZONE,
      dateStyle: 'short',
      timeStyle: 'medium',
    });
    expect(rows[1][0]).toBe(dateTime.format(expected[0].createdAt).replace(', ', ' '));
    expect(rows[1][0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    const newest = rows[1];
    expect(newest.slice(1, 4)).toEqual(['Excluir', 'Documento', '']);
    expect(newest[7]).toBe('Erro');
    expect(JSON.parse(newest[9])).toEqual({ motivo: 'teste; "aspas"' });
    expect(rows.slice(1, 9).map((r) => r[4])).toEqual([
      'Texto com ; ponto e vírgula',
      'Diz "olá" e sai',
      'Linha 1\nLinha 2\r\nLinha 3',
      `'=HYPERLINK("http://mal.example","clique")`,
      "'+5511999999999",
      "'-10",
      "'@SOMA(A1)",
      'Ação concluída às 10h — ok',
    ]);

    // Only the admin who asked may download it; no temporary file is left behind.
    const other = await login(server.url, 'adm.outro', TEST_PASSWORD);
    expect((await fetch(`${server.url}/api${ready!.downloadPath}?token=${other.token}`)).status).toBe(404);
    const dir = path.join(path.resolve(loadEnv().STORAGE_DIR), 'audit-exports');
    const [owner] = await readdir(dir);
    expect(await readdir(path.join(dir, owner))).toEqual([`${queued.exportId}.csv`]);

    // The stored notification (type task) links to the logs screen, which downloads the file.
    let notes: { type: string; link: string; message: string }[] = [];
    await eventually(async () => {
      notes = await server.dataSource.query(
        `SELECT n.type, n.link, n.message FROM notifications n JOIN users u ON u.id = n.user_id
          WHERE u.username = 'adm.export'`,
      );
      return notes.length > 0;
    }, 'a notificação da exportação');
    expect(notes).toEqual([
      {
        type: 'task',
        link: `/semgi/logs?download=${queued.exportId}`,
        message: 'O arquivo CSV dos logs está pronto para download.',
      },
    ]);
  });

  it('refuses the query-string token on the other log routes, and bad filters with a 400', async () => {
    expect((await fetch(`${server.url}/api/logs?token=${token}`)).status).toBe(401);
    const bad = await fetch(`${server.url}/api/logs/export?startDate=2026-02-02&endDate=2026-01-01&token=${token}`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe(
      'A data final não pode ser anterior à data inicial.',
    );
    const missing = await fetch(
      `${server.url}/api/logs/export/00000000-0000-4000-8000-000000000000/download?token=${token}`,
    );
    expect(missing.status).toBe(404);
  });
});
