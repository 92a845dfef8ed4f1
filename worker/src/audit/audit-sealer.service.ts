import { Injectable } from '@nestjs/common';
import { Transactions, type Tx } from '#server/database/transactions';
import { chainHash, GENESIS_HASH } from '#server/domain/audit/audit-hash';
import { AuditChainRepository } from '#server/repositories/audit-chain.repository';

const BATCH = 1000;

/**
 * Seals committed audit rows into the hash chain, oldest first (created_at, id), in batches: each
 * gets seq = head + 1…, prev_hash = the head's hash and hash = SHA-256(prev_hash ‖ canonical row).
 * Business transactions only INSERT; this runs apart from them, one sealer at a time (the chain's
 * lock), so every row lands in one linear chain whatever the number of writers.
 */
@Injectable()
export class AuditSealerService {
  constructor(
    private readonly transactions: Transactions,
    private readonly chain: AuditChainRepository,
  ) {}

  async sealPending(): Promise<number> {
    let sealed = 0;
    for (;;) {
      const count = await this.transactions.run((tx) => this.sealBatch(tx));
      sealed += count;
      if (count < BATCH) return sealed;
    }
  }

  private async sealBatch(tx: Tx): Promise<number> {
    await this.chain.lock(tx);
    const rows = await this.chain.unsealed(BATCH, tx);
    if (rows.length === 0) return 0;
    const head = await this.chain.head(tx);
    let seq = BigInt(head?.seq ?? '0');
    let prevHash = head?.hash ?? GENESIS_HASH;
    const links = rows.map((row) => {
      seq += 1n;
      const hash = chainHash(prevHash, row, seq.toString());
      const link = { id: row.id, seq: seq.toString(), prevHash, hash };
      prevHash = hash;
      return link;
    });
    await this.chain.seal(links, tx);
    return rows.length;
  }
}
