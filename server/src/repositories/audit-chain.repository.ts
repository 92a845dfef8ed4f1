import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuditChainReader } from '#server/domain/audit/audit-chain-verifier';
import { type AuditCheckpoint, CHECKPOINT_COLUMNS } from '#server/domain/audit/audit-checkpoint';
import { CHAIN_ROW_COLUMNS, type ChainRow } from '#server/domain/audit/audit-hash';

/** Advisory lock held by whoever extends or cuts the chain (sealer, checkpoint, purge): one at a time. */
const AUDIT_CHAIN_LOCK = 7_312_001;

export interface ChainLink {
  seq: string;
  hash: string;
}

/**
 * The audit log's hash chain (docs/audit.md): sealing, signed checkpoints, the retention purge and
 * the reads of the verifier. Writers take `lock` first, inside their transaction.
 */
@Injectable()
export class AuditChainRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Until the transaction ends, no one else extends or cuts the chain. */
  async lock(tx: EntityManager): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock($1)`, [AUDIT_CHAIN_LOCK]);
  }

  /** The chain's head: the newest sealed row, or after a purge of everything, the last checkpoint. */
  async head(tx: EntityManager = this.dataSource.manager): Promise<ChainLink | null> {
    const [row]: ChainLink[] = await tx.query(
      `SELECT seq::text AS seq, hash FROM audit_logs WHERE seq IS NOT NULL ORDER BY audit_logs.seq DESC LIMIT 1`,
    );
    if (row) return row;
    const [checkpoint]: ChainLink[] = await tx.query(
      `SELECT seq::text AS seq, hash FROM audit_checkpoints ORDER BY audit_checkpoints.seq DESC, id DESC LIMIT 1`,
    );
    return checkpoint ?? null;
  }

  /** The oldest committed rows not sealed yet (created_at, id), locked until the transaction ends. */
  unsealed(limit: number, tx: EntityManager): Promise<ChainRow[]> {
    return tx.query(
      `SELECT ${CHAIN_ROW_COLUMNS} FROM audit_logs WHERE seq IS NULL ORDER BY created_at, id LIMIT ${limit} FOR UPDATE`,
    );
  }

  async seal(links: { id: string; seq: string; prevHash: string; hash: string }[], tx: EntityManager): Promise<void> {
    await tx.query(
      `UPDATE audit_logs a SET seq = v.seq, prev_hash = v.prev_hash, hash = v.hash
         FROM unnest($1::uuid[], $2::bigint[], $3::text[], $4::text[]) AS v(id, seq, prev_hash, hash)
        WHERE a.id = v.id`,
      [links.map((l) => l.id), links.map((l) => l.seq), links.map((l) => l.prevHash), links.map((l) => l.hash)],
    );
  }

  /** The database's clock, as a checkpoint states it (UTC, microseconds). */
  async now(tx: EntityManager = this.dataSource.manager): Promise<string> {
    const [{ now }]: { now: string }[] = await tx.query(
      `SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS now`,
    );
    return now;
  }

  async latestCheckpointSeq(tx: EntityManager = this.dataSource.manager): Promise<string | null> {
    const [latest]: { seq: string }[] = await tx.query(
      `SELECT seq::text AS seq FROM audit_checkpoints ORDER BY audit_checkpoints.seq DESC LIMIT 1`,
    );
    return latest?.seq ?? null;
  }

  async insertCheckpoint(checkpoint: AuditCheckpoint, tx: EntityManager): Promise<void> {
    await tx.query(
      `INSERT INTO audit_checkpoints (seq, hash, reason, key_id, signature, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        checkpoint.seq,
        checkpoint.hash,
        checkpoint.reason,
        checkpoint.keyId,
        checkpoint.signature,
        checkpoint.createdAt,
      ],
    );
  }

  /** The last row of the longest prefix of the chain created before `cutoff`, or null when there is none. */
  async lastRowBefore(cutoff: Date, tx: EntityManager): Promise<ChainLink | null> {
    const [{ upTo }]: { upTo: string | null }[] = await tx.query(
      `SELECT coalesce(
                (SELECT min(seq) - 1 FROM audit_logs WHERE seq IS NOT NULL AND created_at >= $1),
                (SELECT max(seq) FROM audit_logs))::text AS "upTo"`,
      [cutoff],
    );
    if (!upTo) return null;
    const [last]: ChainLink[] = await tx.query(`SELECT seq::text AS seq, hash FROM audit_logs WHERE seq = $1`, [upTo]);
    return last ?? null;
  }

  /** Deletes the chain up to `seq` (the audit_logs trigger refuses it outside this switch); how many rows. */
  async purgeUpTo(seq: string, tx: EntityManager): Promise<number> {
    await tx.query(`SET LOCAL semgi.audit_purge = 'on'`);
    const [{ purged }]: { purged: string }[] = await tx.query(
      `WITH gone AS (DELETE FROM audit_logs WHERE seq <= $1 RETURNING 1) SELECT count(*) AS purged FROM gone`,
      [seq],
    );
    await tx.query(`SET LOCAL semgi.audit_purge = 'off'`);
    return Number(purged);
  }

  /** What verifyAuditChain reads, through `tx` (e.g. a transaction a test rolls back). */
  reader(tx: EntityManager = this.dataSource.manager): AuditChainReader {
    return {
      unsealedCount: async () => {
        const [{ unsealed }]: { unsealed: string }[] = await tx.query(
          `SELECT count(*) AS unsealed FROM audit_logs WHERE seq IS NULL`,
        );
        return Number(unsealed);
      },
      checkpoints: () =>
        tx.query(`SELECT ${CHECKPOINT_COLUMNS} FROM audit_checkpoints ORDER BY audit_checkpoints.seq, id`),
      sealedAfter: (seq, limit) =>
        tx.query(`SELECT ${CHAIN_ROW_COLUMNS} FROM audit_logs WHERE seq > $1 ORDER BY audit_logs.seq LIMIT ${limit}`, [
          seq,
        ]),
    };
  }
}
