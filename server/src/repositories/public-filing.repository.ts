import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DEFAULT_RECEIVING_DEPARTMENT } from '#server/contracts/public-requests';

/** The account every online filing is created by (docs/processes.md#online-filing): inactive, never logs in. */
export const ONLINE_FILING_USERNAME = 'solicitacao-online';
const ONLINE_FILING_NAME = 'Solicitação online';
const ONLINE_FILING_EMAIL = 'solicitacao-online@semgi.invalid';

/** public_filing_settings and the online-filing account. */
@Injectable()
export class PublicFilingRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The chosen receiving department, or null while none was chosen. */
  async chosenDepartment(tx: EntityManager = this.dataSource.manager): Promise<string | null> {
    const rows: { receiving_department: string }[] = await tx.query(
      `SELECT receiving_department FROM public_filing_settings`,
    );
    return rows[0]?.receiving_department ?? null;
  }

  async choose(department: string, userId: string, tx: EntityManager = this.dataSource.manager): Promise<void> {
    await tx.query(
      `INSERT INTO public_filing_settings (id, receiving_department, updated_by) VALUES (true, $1, $2)
       ON CONFLICT (id) DO UPDATE SET receiving_department = excluded.receiving_department,
         updated_by = excluded.updated_by, updated_at = now()`,
      [department, userId],
    );
  }

  /** The default receiving department, created the first time a filing needs it. */
  async ensureDefaultDepartment(tx: EntityManager): Promise<void> {
    await tx.query(`INSERT INTO departments (name) VALUES ($1) ON CONFLICT DO NOTHING`, [DEFAULT_RECEIVING_DEPARTMENT]);
  }

  /**
   * The online-filing account's id, created on first use (inactive, and its password hash '!' is
   * no hash: no password matches it) and kept in `department`: filings leave from and arrive at the
   * receiving department.
   */
  async filingAccount(department: string, tx: EntityManager): Promise<string> {
    const rows: { id: string }[] = await tx.query(
      `INSERT INTO users (username, name, email, department, status, password_hash, must_change_password, preferences)
       VALUES ($1, $2, $3, $4, 'inactive', '!', false, '{"theme":"system","notifications":{"email":false,"system":false}}')
       ON CONFLICT (username) DO UPDATE SET department = excluded.department
       RETURNING id`,
      [ONLINE_FILING_USERNAME, ONLINE_FILING_NAME, ONLINE_FILING_EMAIL, department],
    );
    return rows[0].id;
  }
}
