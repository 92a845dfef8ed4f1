import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { EntityManager } from 'typeorm';
import { loadEnv } from '#server/config/env';
import type { AuditChainReport } from '#server/contracts/audit';
import { verifyAuditChain } from '#server/domain/audit/audit-chain-verifier';
import { type AuditCheckpoint, checkpointSignatureValid } from '#server/domain/audit/audit-checkpoint';
import { CHAIN_ROW_COLUMNS, type ChainRow, chainHash } from '#server/domain/audit/audit-hash';
import { loadSigningKey } from '#server/domain/signing/signing-key';
import { AuditService } from '#server/modules/audit/audit.service';
import { AuditRetentionService } from '#worker/audit/audit-retention.service';
import { QUEUES } from '#server/contracts/jobs';
import { QueueService } from '#server/queue/queue.service';
import { AuditChainRepository } from '#server/repositories/audit-chain.repository';
import { AuditSealerService } from '#worker/audit/audit-sealer.service';
import { seedAuditRows } from '#test/factories/audit';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login, startWorker } from '#test/setup/app';
import { eventually, hold } from '#test/setup/eventually';
import { useServerSuite } from '#test/setup/server-suite';

describe('audit hash chain: sealing, tamper detection and checkpoints', () => {
  const { server, worker } = useServerSuite({ worker: true });
  let sealer: AuditSealerService;
  let retention: AuditRetentionService;
  let adminToken: string;

  beforeAll(async () => {
    sealer = worker.get(AuditSealerService);
    retention = worker.get(AuditRetentionService);
    await createUser(server.dataSource, { username: 'adm.cadeia', role: 'admin' });
    adminToken = (await login(server.url, 'adm.cadeia', TEST_PASSWORD)).token;
  });

  const verify = (manager: EntityManager = server.dataSource.manager) =>
    verifyAuditChain(
      new AuditChainRepository(server.dataSource).reader(manager),
      loadSigningKey(loadEnv()),
      loadEnv().STORAGE_DIR,
    );
  const count = async (where: string) =>
    Number((await server.dataSource.query(`SELECT count(*) FROM audit_logs WHERE ${where}`))[0].count);

  /**
   * Runs `check` with the audit queue paused and idle: the every-minute checkpoint job would
   * otherwise sign the head at a moment of its choosing, between a test's steps.
   */
  async function withoutAuditJobs<T>(check: () => Promise<T>): Promise<T> {
    const queue = server.app.get(QueueService).queue(QUEUES.audit);
    await queue.pause();
    try {
      await eventually(async () => (await queue.getActiveCount()) === 0, 'a fila de auditoria parar');
      return await check();
    } finally {
      await queue.resume();
    }
  }

  /** Runs `tamper` as a database administrator would (guard bypassed), verifies, and rolls everything back. */
  async function verifyTampered(tamper: (m: EntityManager) => Promise<unknown>): Promise<AuditChainReport> {
    const runner = server.dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      await runner.query(`SET LOCAL semgi.audit_purge = 'on'`);
      await tamper(runner.manager);
      return await verify(runner.manager);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  }

  it('seals what the app writes shortly after the commit (kicked job), in one chain from seq 1', async () => {
    await api(server.url, 'POST', '/auth/logout', {
      token: (await login(server.url, 'adm.cadeia', TEST_PASSWORD)).token,
    });
    await eventually(async () => (await count('seq IS NULL')) === 0, 'a selagem das linhas novas');
    expect(await count('seq IS NULL')).toBe(0);
    const report = await verify();
    expect(report).toMatchObject({ ok: true, firstSeq: 1, unsealedRows: 0, break: null });
    expect(report.checkedRows).toBe(await count('true'));
  });

  it('keeps one linear chain under 20 concurrent writers while the sealer runs', async () => {
    const audit = server.app.get(AuditService);
    const before = await count('true');
    let writing = true;
    const sealing = (async () => {
      while (writing) await sealer.sealPending();
    })();
    await Promise.all(
      Array.from({ length: 20 }, (_, writer) =>
        (async () => {
          for (let i = 0; i < 10; i += 1) {
            await server.dataSource.transaction(async (manager) => {
              await audit.record(
                {
                  action: 'update',
                  entityType: 'process',
                  entityId: `w${writer}`,
                  description: `escritor ${writer} nº ${i}`,
                },
                manager,
              );
              await hold(Math.random() * 5);
            });
          }
        })(),
      ),
    );
    writing = false;
    await sealing;
    await sealer.sealPending();

    const rows: { seq: string; prevHash: string; hash: string }[] = await server.dataSource.query(
      `SELECT seq::text AS seq, prev_hash AS "prevHash", hash FROM audit_logs ORDER BY audit_logs.seq`,
    );
    expect(rows).toHaveLength(before + 200);
    rows.forEach((row, index) => {
      expect(row.seq).toBe(String(index + 1));
      if (index > 0) expect(row.prevHash).toBe(rows[index - 1].hash);
    });
    expect(await verify()).toMatchObject({ ok: true, checkedRows: before + 200 });
  });

  it('refuses to let the app edit or delete audit rows, and lets it only seal unsealed ones', async () => {
    const [{ id }]: { id: string }[] = await server.dataSource.query(`SELECT id FROM audit_logs WHERE seq = 3`);
    await expect(
      server.dataSource.query(`UPDATE audit_logs SET description = 'apagado' WHERE id = $1`, [id]),
    ).rejects.toThrow('registro de auditoria 3 selado: UPDATE recusado');
    await expect(server.dataSource.query(`DELETE FROM audit_logs WHERE id = $1`, [id])).rejects.toThrow(
      'audit_logs é somente inclusão: DELETE recusado',
    );
    await expect(server.dataSource.query(`TRUNCATE audit_logs`)).rejects.toThrow('TRUNCATE recusado');
    const [{ id: fresh }]: { id: string }[] = await server.dataSource.query(
      `INSERT INTO audit_logs (action, entity_type, description) VALUES ('other','system','novo') RETURNING id`,
    );
    await expect(
      server.dataSource.query(`UPDATE audit_logs SET description = 'trocado' WHERE id = $1`, [fresh]),
    ).rejects.toThrow('só pode receber o selo');
    await sealer.sealPending();
    expect(await verify()).toMatchObject({ ok: true, unsealedRows: 0 });
  });

  it('names the first edited, deleted, inserted or swapped row exactly', async () => {
    const k = 10;
    const edited = await verifyTampered((m) =>
      m.query(`UPDATE audit_logs SET description = 'outra' WHERE seq = $1`, [k]),
    );
    expect(edited).toMatchObject({ ok: false, checkedRows: k - 1, break: { kind: 'edited', seq: k } });

    const editedDetails = await verifyTampered((m) =>
      m.query(`UPDATE audit_logs SET details = '{"x":1}', ip_address = '1.2.3.4' WHERE seq = $1`, [k + 5]),
    );
    expect(editedDetails.break).toMatchObject({ kind: 'edited', seq: k + 5 });

    const deleted = await verifyTampered((m) => m.query(`DELETE FROM audit_logs WHERE seq = $1`, [k]));
    expect(deleted.break).toMatchObject({ kind: 'deleted', seq: k, message: `Registro de sequência ${k} removido.` });

    const deletedRenumbered = await verifyTampered(async (m) => {
      await m.query(`DELETE FROM audit_logs WHERE seq = $1`, [k]);
      await m.query(`UPDATE audit_logs SET seq = -(seq - 1) WHERE seq > $1`, [k]);
      await m.query(`UPDATE audit_logs SET seq = -seq WHERE seq < 0`);
    });
    expect(deletedRenumbered.break).toMatchObject({ kind: 'deleted', seq: k });

    const swapped = await verifyTampered(async (m) => {
      await m.query(`UPDATE audit_logs SET seq = -1 WHERE seq = $1`, [k]);
      await m.query(`UPDATE audit_logs SET seq = $1 WHERE seq = $2`, [k, k + 1]);
      await m.query(`UPDATE audit_logs SET seq = $1 WHERE seq = -1`, [k + 1]);
    });
    expect(swapped.break).toMatchObject({ kind: 'swapped', seq: k });

    // A forger who knows the algorithm: correct hash and link, following rows shifted by one.
    const inserted = await verifyTampered(async (m) => {
      await m.query(`UPDATE audit_logs SET seq = -(seq + 1) WHERE seq >= $1`, [k]);
      await m.query(`UPDATE audit_logs SET seq = -seq WHERE seq < 0`);
      const [prev]: ChainRow[] = await m.query(`SELECT ${CHAIN_ROW_COLUMNS} FROM audit_logs WHERE seq = $1`, [k - 1]);
      const forged: ChainRow = {
        ...prev,
        id: '00000000-0000-4000-8000-00000000f00d',
        description: 'login forjado',
        seq: String(k),
        prevHash: prev.hash,
      };
      await m.query(
        `INSERT INTO audit_logs (id, created_at, action, entity_type, entity_id, description, user_id, username,
                                 user_department, status, ip_address, details, seq, prev_hash, hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
        [
          forged.id,
          forged.createdAt,
          forged.action,
          forged.entityType,
          forged.entityId,
          forged.description,
          forged.userId,
          forged.username,
          forged.userDepartment,
          forged.status,
          forged.ipAddress,
          forged.details,
          k,
          prev.hash,
          chainHash(prev.hash ?? '', forged, String(k)),
        ],
      );
    });
    expect(inserted.break).toMatchObject({ kind: 'inserted', seq: k, id: '00000000-0000-4000-8000-00000000f00d' });

    expect(await verify()).toMatchObject({ ok: true, break: null });
  });

  it('signs checkpoints (table and file) that catch a cut tail and a recomputed chain', async () => {
    await withoutAuditJobs(async () => {
      await seedAuditRows(server.dataSource, 1, { prefix: 'Ponto' });
      await sealer.sealPending();
      expect(await retention.checkpoint()).toEqual({ seq: String(await count('seq IS NOT NULL')) });
      expect(await retention.checkpoint()).toBeNull();
    });
    const key = loadSigningKey(loadEnv());
    const dir = path.join(path.resolve(loadEnv().STORAGE_DIR), 'audit-checkpoints');
    const files = await readdir(dir);
    expect(files.some((f) => f.endsWith('-periodic.json'))).toBe(true);
    const onDisk = JSON.parse(await readFile(path.join(dir, files[files.length - 1]), 'utf8')) as AuditCheckpoint;
    expect(checkpointSignatureValid(onDisk, key)).toBe(true);
    expect(checkpointSignatureValid({ ...onDisk, hash: 'f'.repeat(64) }, key)).toBe(false);

    const head = await count('seq IS NOT NULL');
    const cut = await verifyTampered((m) => m.query(`DELETE FROM audit_logs WHERE seq = $1`, [head]));
    expect(cut.break).toMatchObject({ kind: 'deleted', seq: head });

    // Rewriting the last row and recomputing its hash passes the row checks but not the signed checkpoint.
    const rewritten = await verifyTampered(async (m) => {
      const [row]: ChainRow[] = await m.query(`SELECT ${CHAIN_ROW_COLUMNS} FROM audit_logs WHERE seq = $1`, [head]);
      const changed = { ...row, description: 'reescrito' };
      await m.query(`UPDATE audit_logs SET description = $1, hash = $2 WHERE seq = $3`, [
        changed.description,
        chainHash(row.prevHash ?? '', changed, String(head)),
        head,
      ]);
    });
    expect(rewritten.break).toMatchObject({ kind: 'checkpoint', seq: head });
  });

  it('signs a checkpoint every minute while rows arrive and when a worker stops: the tail is at most a minute', async () => {
    const scheduler = await server.app.get(QueueService).queue(QUEUES.audit).getJobScheduler('audit.checkpoint.every');
    expect(scheduler).toMatchObject({ every: 60_000 });

    // Rows written, then a worker stops before any job sealed or signed them (the queue is paused):
    // it seals and signs them on its way out.
    await withoutAuditJobs(async () => {
      await seedAuditRows(server.dataSource, 5, { prefix: 'Antes de parar' });
      const stopping = await startWorker();
      await stopping.close();
      expect(await count('seq IS NULL')).toBe(0);
      const [{ newest }]: { newest: string }[] = await server.dataSource.query(
        `SELECT max(seq)::text AS newest FROM audit_checkpoints`,
      );
      expect(newest).toBe(String(await count('seq IS NOT NULL')));
      expect(await verify()).toMatchObject({ ok: true, tailRows: 0 });
    });
  });

  it("reports the unsealed tail's size and catches the probe's tail deletion and re-chain through the checkpoint copies", async () => {
    await withoutAuditJobs(async () => {
      await sealer.sealPending();
      await retention.checkpoint();
      await seedAuditRows(server.dataSource, 6, { prefix: 'Cauda' });
      expect(await verify()).toMatchObject({ ok: true, unsealedRows: 6, tailRows: 6 });
      await sealer.sealPending();
      // Sealed but not signed yet: the verifiers say how many rows a rewrite could still touch.
      expect(await verify()).toMatchObject({ ok: true, unsealedRows: 0, tailRows: 6 });
      expect(await retention.checkpoint()).not.toBeNull();
      expect(await verify()).toMatchObject({ ok: true, tailRows: 0 });
    });
    const head = await count('seq IS NOT NULL');

    // The probe: delete the newest rows, and the checkpoints in the table that would show it.
    const cut = await verifyTampered(async (m) => {
      await m.query(`DELETE FROM audit_checkpoints`);
      await m.query(`DELETE FROM audit_logs WHERE seq > $1`, [head - 3]);
    });
    expect(cut).toMatchObject({ ok: false, break: { kind: 'deleted', seq: head - 2 } });

    // The probe: edit a row and re-chain everything after it with the project's own hash function.
    const rechained = await verifyTampered(async (m) => {
      await m.query(`DELETE FROM audit_checkpoints`);
      const rows: (ChainRow & { seq: string })[] = await m.query(
        `SELECT ${CHAIN_ROW_COLUMNS} FROM audit_logs WHERE seq >= $1 ORDER BY seq`,
        [head - 4],
      );
      let prevHash = rows[0].prevHash ?? '';
      for (const row of rows) {
        const changed = row.seq === String(head - 4) ? { ...row, description: 'reescrito' } : row;
        const hash = chainHash(prevHash, changed, row.seq);
        await m.query(`UPDATE audit_logs SET description = $1, prev_hash = $2, hash = $3 WHERE seq = $4`, [
          changed.description,
          prevHash,
          hash,
          row.seq,
        ]);
        prevHash = hash;
      }
    });
    expect(rechained).toMatchObject({ ok: false, break: { kind: 'checkpoint', seq: head } });
  });

  it('reports through GET /api/logs/verify and `npm run audit:verify` (exit 1 naming the row)', async () => {
    const res = await api<AuditChainReport>(server.url, 'GET', '/logs/verify', { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, break: null });

    const script = path.resolve('dist/server/src/seed/audit-verify.js');
    const run = () =>
      promisify(execFile)('node', [script], { env: { ...process.env } }).then(
        (out) => ({ code: 0, stdout: out.stdout }),
        (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
      );
    const intact = await run();
    expect(intact).toMatchObject({ code: 0 });
    expect(intact.stdout).toContain('Cadeia íntegra.');
    expect(intact.stdout).toMatch(/Cauda sem ponto de verificação assinado: \d+ registro\(s\)/);

    const [{ seq }]: { seq: string }[] = await server.dataSource.query(`SELECT max(seq)::text AS seq FROM audit_logs`);
    await server.dataSource.transaction(async (m) => {
      await m.query(`SET LOCAL semgi.audit_purge = 'on'`);
      await m.query(`UPDATE audit_logs SET username = 'outro' WHERE seq = $1`, [Number(seq) - 1]);
    });
    const broken = await run();
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain(`CADEIA ROMPIDA (edited): Registro de sequência ${Number(seq) - 1} alterado`);
    expect(
      (await api<AuditChainReport>(server.url, 'GET', '/logs/verify', { token: adminToken })).body.break,
    ).toMatchObject({
      kind: 'edited',
      seq: Number(seq) - 1,
    });
  });
});
