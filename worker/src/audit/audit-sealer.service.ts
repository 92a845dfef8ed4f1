import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { CHAIN_ROW_COLUMNS, type ChainRow, chainHash, GENESIS_HASH } from '#server/domain/audit/audit-hash';

/** Advisory lock held by whoever extends or cuts the chain (sealer, checkpoint, purge): one at a time. */
export const AUDIT_CHAIN_LOCK = 7_312_001;
const BATCH = 1000;

/** The chain's head: the newest sealed row, or after a purge of everything, the last checkpoint. */
export async function chainHead(manager: EntityManager): Promise<{ seq: string; hash: string } | null> {
  const [row]: { seq: string; hash: string }[] = await manager.query(
    `SELECT seq::text AS seq, hash FROM audit_logs WHERE seq IS NOT NULL ORDER BY audit_logs.seq DESC LIMIT 1`,
  );
  if (row) return row;
  const [checkpoint]: { seq: string; hash: string }[] = await manager.query(
    `SELECT seq::text AS seq, hash FROM audit_checkpoints ORDER BY audit_checkpoints.seq DESC, id DESC LIMIT 1`,
  );
  return checkpoint ?? null;
}

/**
 * Seals committed audit rows into the hash chain, oldest first (created_at, id), in batches: each
 * gets seq = head + 1…, prev_hash = the head's hash and hash = SHA-256(prev_hash ‖ canonical row).
 * Business transactions only INSERT; this runs apart from them, one sealer at a time (advisory
 * lock), so every row lands in one linear chain whatever the number of writers.
 */
@Injectable()
export class AuditSealerService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async sealPending(): Promise<number> {
    let sealed = 0;
    for (;;) {
      const count = await this.dataSource.transaction((manager) => this.sealBatch(manager));
      sealed += count;
      if (count < BATCH) return sealed;
    }
  }

  private async sealBatch(manager: EntityManager): Promise<number> {
    await manager.query(`SELECT pg_advisory_xact_lock($1)`, [AUDIT_CHAIN_LOCK]);
    const rows: ChainRow[] = await manager.query(
      `SELECT ${CHAIN_ROW_COLUMNS} FROM audit_logs WHERE seq IS NULL ORDER BY created_at, id LIMIT ${BATCH} FOR UPDATE`,
    );
    if (rows.length === 0) return 0;
    const head = await chainHead(manager);
    let seq = BigInt(head?.seq ?? '0');
    let prevHash = head?.hash ?? GENESIS_HASH;
    const ids: string[] = [];
    const seqs: string[] = [];
    const prevHashes: string[] = [];
    const hashes: string[] = [];
    for (const row of rows) {
      seq += 1n;
      const hash = chainHash(prevHash, row, seq.toString());
      ids.push(row.id);
      seqs.push(seq.toString());
      prevHashes.push(prevHash);
      hashes.push(hash);
      prevHash = hash;
    }
    await manager.query(
      `UPDATE audit_logs a SET seq = v.seq, prev_hash = v.prev_hash, hash = v.hash
         FROM unnest($1::uuid[], $2::bigint[], $3::text[], $4::text[]) AS v(id, seq, prev_hash, hash)
        WHERE a.id = v.id`,
      [ids, seqs, prevHashes, hashes],
    );
    return rows.length;
  }
}
