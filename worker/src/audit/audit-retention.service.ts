import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppConfig } from '#server/config/config.module';
import { writeCheckpoint } from '#server/domain/audit/audit-checkpoint';
import { loadSigningKey, type SigningKey } from '#server/domain/signing/signing-key';
import { AUDIT_CHAIN_LOCK, chainHead } from './audit-sealer.service';

/**
 * Signed checkpoints of the chain and the retention purge. A checkpoint states "row `seq` has hash
 * `hash`", signed with the server's Ed25519 key, in audit_checkpoints and as a file under
 * STORAGE_DIR/audit-checkpoints/ (copy them off the machine: they prove the chain up to there even
 * to someone who controls the database).
 */
@Injectable()
export class AuditRetentionService {
  private key: SigningKey | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  private signingKey(): SigningKey {
    this.key ??= loadSigningKey(this.config);
    return this.key;
  }

  /** Signs the head of the chain unless the newest checkpoint already covers it. */
  async checkpoint(): Promise<{ seq: string } | null> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock($1)`, [AUDIT_CHAIN_LOCK]);
      const head = await chainHead(manager);
      if (!head) return null;
      const [latest]: { seq: string }[] = await manager.query(
        `SELECT seq::text AS seq FROM audit_checkpoints ORDER BY audit_checkpoints.seq DESC LIMIT 1`,
      );
      if (latest?.seq === head.seq) return null;
      await writeCheckpoint(manager, this.signingKey(), this.config.STORAGE_DIR, head, 'periodic');
      return { seq: head.seq };
    });
  }

  /**
   * Deletes the longest prefix of the chain whose rows are all older than AUDIT_RETENTION_DAYS,
   * after signing a checkpoint at its last row (same transaction): the oldest remaining row links
   * to that checkpoint, so the rest of the chain still verifies. Unsealed rows are never purged.
   */
  async purge(now = new Date()): Promise<{ purged: number; upToSeq: string | null }> {
    const days = this.config.AUDIT_RETENTION_DAYS;
    const cutoff = new Date(now.getTime() - days * 86_400_000);
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock($1)`, [AUDIT_CHAIN_LOCK]);
      const [{ upTo }]: { upTo: string | null }[] = await manager.query(
        `SELECT coalesce(
                  (SELECT min(seq) - 1 FROM audit_logs WHERE seq IS NOT NULL AND created_at >= $1),
                  (SELECT max(seq) FROM audit_logs))::text AS "upTo"`,
        [cutoff],
      );
      const [last]: { seq: string; hash: string }[] = upTo
        ? await manager.query(`SELECT seq::text AS seq, hash FROM audit_logs WHERE seq = $1`, [upTo])
        : [];
      if (!last) return { purged: 0, upToSeq: null };
      await writeCheckpoint(manager, this.signingKey(), this.config.STORAGE_DIR, last, 'retention');
      await manager.query(`SET LOCAL semgi.audit_purge = 'on'`);
      const [{ purged }]: { purged: string }[] = await manager.query(
        `WITH gone AS (DELETE FROM audit_logs WHERE seq <= $1 RETURNING 1) SELECT count(*) AS purged FROM gone`,
        [upTo],
      );
      await manager.query(`SET LOCAL semgi.audit_purge = 'off'`);
      return { purged: Number(purged), upToSeq: upTo };
    });
  }
}
