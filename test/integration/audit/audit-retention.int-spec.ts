import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadEnv } from '#server/config/env';
import { verifyAuditChain } from '#server/domain/audit/audit-chain-verifier';
import { loadSigningKey } from '#server/domain/signing/signing-key';
import { QueueService } from '#server/queue/queue.service';
import { AuditChainRepository } from '#server/repositories/audit-chain.repository';
import { AuditSealerService } from '#worker/audit/audit-sealer.service';
import { seedAuditRows } from '#test/factories/audit';
import { eventually } from '#test/setup/eventually';
import { useServerSuite } from '#test/setup/server-suite';

describe('audit retention purge (AUDIT_RETENTION_DAYS, default 1825)', () => {
  const { server, worker } = useServerSuite({ worker: true });

  const chain = () => new AuditChainRepository(server.dataSource);
  const verify = () => verifyAuditChain(chain().reader(), loadSigningKey(loadEnv()), loadEnv().STORAGE_DIR);
  const count = async (where: string) =>
    Number((await server.dataSource.query(`SELECT count(*) FROM audit_logs WHERE ${where}`))[0].count);

  it('purges the rows older than the retention after a signed checkpoint, and the rest still verifies', async () => {
    const sealer = worker.get(AuditSealerService);
    await seedAuditRows(server.dataSource, 40, { offsetDays: 1900, days: 30, prefix: 'Antigo' });
    await sealer.sealPending();
    await seedAuditRows(server.dataSource, 15, { days: 3, prefix: 'Recente' });
    await sealer.sealPending();
    expect(await verify()).toMatchObject({ ok: true, firstSeq: 1, checkedRows: 55 });

    // Through the queue, as the nightly scheduler runs it.
    await server.app.get(QueueService).enqueue('audit.retention', {});
    await eventually(async () => (await count(`description LIKE 'Antigo%'`)) === 0, 'a purga da retenção');

    expect(await count(`description LIKE 'Antigo%'`)).toBe(0);
    expect(await count(`description LIKE 'Recente%'`)).toBe(15);
    const checkpoints: { seq: string; reason: string }[] = await server.dataSource.query(
      `SELECT seq::text AS seq, reason FROM audit_checkpoints WHERE reason = 'retention'`,
    );
    expect(checkpoints).toEqual([{ seq: '40', reason: 'retention' }]);
    const files = await readdir(path.join(path.resolve(loadEnv().STORAGE_DIR), 'audit-checkpoints'));
    expect(files).toContain('checkpoint-000000000040-retention.json');
    const report = await verify();
    expect(report).toMatchObject({ ok: true, firstSeq: 41, lastSeq: 55 });
    expect(report.checkpointsVerified).toBeGreaterThanOrEqual(1);

    // The chain goes on from where it was, and a later purge with nothing to do changes nothing.
    await server.dataSource.query(
      `INSERT INTO audit_logs (action, entity_type, description) VALUES ('other', 'system', 'Depois da limpeza')`,
    );
    await sealer.sealPending();
    expect(await verify()).toMatchObject({ ok: true, firstSeq: 41, lastSeq: 56, unsealedRows: 0 });
  });

  it('treats a gap at the start without its checkpoint as deleted rows', async () => {
    const runner = server.dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      // Any checkpoint at seq 40 anchors the chain (a periodic one may have signed it too): remove all,
      // and their copies (an empty folder stands for STORAGE_DIR without them).
      await runner.query(`DELETE FROM audit_checkpoints`);
      const noCopies = await mkdtemp(path.join(tmpdir(), 'semgi-sem-copias-'));
      const report = await verifyAuditChain(chain().reader(runner.manager), loadSigningKey(loadEnv()), noCopies);
      expect(report.break).toMatchObject({ kind: 'deleted', seq: 41 });
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });
});
