import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { hashAccessCode } from '#server/domain/processes/access-code';

/** The process_access_codes table (docs/processes.md#receipts-and-tracking): one current code per process. */
@Injectable()
export class ProcessAccessCodesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Sets the process's code, replacing the one it had (which stops working). */
  async replace(processId: string, code: string, tx: EntityManager = this.dataSource.manager): Promise<void> {
    await tx.query(
      `INSERT INTO process_access_codes (process_id, code, code_hash) VALUES ($1, $2, $3)
       ON CONFLICT (process_id) DO UPDATE SET code = excluded.code, code_hash = excluded.code_hash, issued_at = now()`,
      [processId, code, hashAccessCode(code)],
    );
  }

  /** The hash the public tracking compares against; null when the process has no code. */
  async hashOf(processId: string, tx: EntityManager = this.dataSource.manager): Promise<Buffer | null> {
    const rows: { code_hash: Buffer }[] = await tx.query(
      `SELECT code_hash FROM process_access_codes WHERE process_id = $1`,
      [processId],
    );
    return rows[0]?.code_hash ?? null;
  }
}
