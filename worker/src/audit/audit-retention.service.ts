import { Injectable } from '@nestjs/common';
import { AppConfig } from '#server/config/config.module';
import { Transactions, type Tx } from '#server/database/transactions';
import { signCheckpoint, writeCheckpointFile, type AuditCheckpoint } from '#server/domain/audit/audit-checkpoint';
import { loadSigningKey, type SigningKey } from '#server/domain/signing/signing-key';
import { AuditChainRepository, type ChainLink } from '#server/repositories/audit-chain.repository';

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
    private readonly transactions: Transactions,
    private readonly chain: AuditChainRepository,
    private readonly config: AppConfig,
  ) {}

  private signingKey(): SigningKey {
    this.key ??= loadSigningKey(this.config);
    return this.key;
  }

  /** Signs `head` at the database's clock, stores it (in `tx`) and writes its copy. */
  private async writeCheckpoint(head: ChainLink, reason: AuditCheckpoint['reason'], tx: Tx): Promise<void> {
    const checkpoint = signCheckpoint(this.signingKey(), head, reason, await this.chain.now(tx));
    await this.chain.insertCheckpoint(checkpoint, tx);
    await writeCheckpointFile(this.config.STORAGE_DIR, checkpoint);
  }

  /** Signs the head of the chain unless the newest checkpoint already covers it. */
  async checkpoint(): Promise<{ seq: string } | null> {
    return this.transactions.run(async (tx) => {
      await this.chain.lock(tx);
      const head = await this.chain.head(tx);
      if (!head) return null;
      if ((await this.chain.latestCheckpointSeq(tx)) === head.seq) return null;
      await this.writeCheckpoint(head, 'periodic', tx);
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
    return this.transactions.run(async (tx) => {
      await this.chain.lock(tx);
      const last = await this.chain.lastRowBefore(cutoff, tx);
      if (!last) return { purged: 0, upToSeq: null };
      await this.writeCheckpoint(last, 'retention', tx);
      return { purged: await this.chain.purgeUpTo(last.seq, tx), upToSeq: last.seq };
    });
  }
}
