import { Injectable } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import type { StoredFileEntity } from '#server/database/entities/index';

/**
 * Who may read or write the files of one owner kind. A policy may also throw an HttpException
 * of its own (e.g. a 409 for a signed document) to explain a refusal to a caller who can read.
 */
export interface FileAccessPolicy {
  canRead(user: AuthUser, file: StoredFileEntity): Promise<boolean>;
  /** Absent: nobody may change the files of this kind. */
  canWrite?(user: AuthUser, file: StoredFileEntity): Promise<boolean>;
}

/**
 * Feature modules register the policy of the files they own (`ownerKind`), usually in their
 * service's onModuleInit. A kind without a policy is denied to everyone.
 */
@Injectable()
export class FileAccessRegistry {
  private readonly policies = new Map<string, FileAccessPolicy>();

  register(ownerKind: string, policy: FileAccessPolicy): void {
    if (this.policies.has(ownerKind)) throw new Error(`Política de acesso a arquivos já registrada: ${ownerKind}`);
    this.policies.set(ownerKind, policy);
  }

  async canRead(user: AuthUser, file: StoredFileEntity): Promise<boolean> {
    const policy = this.policies.get(file.ownerKind);
    return policy ? policy.canRead(user, file) : false;
  }

  /** Writing also requires reading, so a policy's canWrite never has to repeat the read rule. */
  async canWrite(user: AuthUser, file: StoredFileEntity): Promise<boolean> {
    const policy = this.policies.get(file.ownerKind);
    if (!policy?.canWrite || !(await policy.canRead(user, file))) return false;
    return policy.canWrite(user, file);
  }
}
