import { Injectable } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import type { RequestMeta } from '#server/common/http/request';
import type { AuditAction, AuditEntityType, AuditStatus } from '#server/contracts/audit';
import { Transactions, type Tx } from '#server/database/transactions';
import { AfterCommitKick } from '#server/database/after-commit-kick';
import { QueueService } from '#server/queue/queue.service';
import { AuditLogsRepository } from '#server/repositories/audit-logs.repository';

export interface AuditEntry {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId?: string | null;
  description: string;
  status?: AuditStatus;
  /** Who acted; omit for anonymous events (failed login of an unknown user). */
  actor?: Pick<AuthUser, 'id' | 'username' | 'department'> | null;
  /** Used when there is no actor, e.g. the username typed in a failed login. */
  username?: string | null;
  meta?: RequestMeta;
  /** Free structure. Never put passwords, tokens or hashes here. */
  details?: Record<string, unknown> | null;
}

const SECRET_KEYS = /pass(word)?|token|secret|hash|certificate|pfx|p12/i;

/** Drops any key that looks like a secret, at any depth, before it reaches the audit log. */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !SECRET_KEYS.test(key))
        .map(([key, inner]) => [key, redactSecrets(inner)]),
    );
  }
  return value;
}

/**
 * Writes audit entries. Pass the transaction so the entry commits or rolls back
 * together with the change it describes. Sealing (seq and hash chain) is not done here, so business
 * transactions never queue behind each other: after the commit a deduplicated `audit.seal` job asks
 * the worker to seal the new rows in order (the worker also seals every 2 s).
 */
@Injectable()
export class AuditService {
  private readonly sealing: AfterCommitKick;

  constructor(
    private readonly logs: AuditLogsRepository,
    transactions: Transactions,
    queues: QueueService,
  ) {
    this.sealing = new AfterCommitKick(transactions, queues, 'audit.seal', 'falha ao acionar a selagem da auditoria');
  }

  async record(entry: AuditEntry, tx?: Tx): Promise<void> {
    await this.logs.insert(
      {
        action: entry.action,
        entityType: entry.entityType,
        entityId: entry.entityId ?? null,
        description: entry.description.slice(0, 2000),
        status: entry.status ?? 'success',
        userId: entry.actor?.id ?? null,
        username: entry.actor?.username ?? entry.username?.slice(0, 100) ?? null,
        userDepartment: entry.actor?.department ?? null,
        ipAddress: entry.meta?.ipAddress ?? null,
        details: entry.details ? (redactSecrets(entry.details) as object) : null,
      },
      tx,
    );
    this.sealing.written(tx);
  }
}
