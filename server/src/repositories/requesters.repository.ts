import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '#server/common/auth-user';
import { REQUESTER_SEARCH_MIN_LENGTH } from '#server/contracts/processes';
import { ExternalRequesterEntity } from '#server/database/entities/index';
import { visibleProcessesWhere } from '#server/domain/processes/process-visibility';
import { escapeLike } from '#server/domain/search/text-search';

/** The external_requesters table: people and organisations outside the city hall who open processes. */
@Injectable()
export class RequestersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Requesters whose name or CPF/CNPJ contains `query` (accent- and case-insensitive; digits also
   * match the document without punctuation), by name, among those of at least one process the
   * viewer may see (visibleProcessesWhere).
   */
  findVisible(
    viewer: Pick<AuthUser, 'id' | 'role'>,
    query: string,
    limit: number,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<ExternalRequesterEntity[]> {
    const digits = query.replace(/\D/g, '');
    const visible = visibleProcessesWhere(viewer, 'vp');
    return tx
      .getRepository(ExternalRequesterEntity)
      .createQueryBuilder('r')
      .where(`EXISTS (SELECT 1 FROM processes vp WHERE vp.requester_external_id = r.id AND ${visible.sql})`)
      .andWhere(
        digits.length >= REQUESTER_SEARCH_MIN_LENGTH
          ? `(r.search_text LIKE '%' || semgi_search_normalize(:pattern) || '%' OR regexp_replace(r.document, '\\D', '', 'g') LIKE :digits)`
          : `r.search_text LIKE '%' || semgi_search_normalize(:pattern) || '%'`,
        { ...visible.params, pattern: escapeLike(query), digits: `%${digits}%` },
      )
      .orderBy('r.name', 'ASC')
      .limit(limit)
      .getMany();
  }

  findById(id: string, tx: EntityManager = this.dataSource.manager): Promise<ExternalRequesterEntity | null> {
    return tx.getRepository(ExternalRequesterEntity).findOneBy({ id });
  }

  exists(id: string, tx: EntityManager = this.dataSource.manager): Promise<boolean> {
    return tx.getRepository(ExternalRequesterEntity).existsBy({ id });
  }

  async setEmailUpdates(id: string, emailUpdates: boolean, tx: EntityManager = this.dataSource.manager): Promise<void> {
    await tx.getRepository(ExternalRequesterEntity).update(id, { emailUpdates });
  }

  /**
   * Who to e-mail about the process `processId` (docs/processes.md#updates-by-e-mail): its external
   * requester when they opted in and have an address, and the process is not confidential; else null.
   */
  async updateRecipient(
    processId: string,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<{ name: string; email: string } | null> {
    const rows: { name: string; email: string }[] = await tx.query(
      `SELECT r.name, btrim(r.email) AS email
         FROM processes p JOIN external_requesters r ON r.id = p.requester_external_id
        WHERE p.id = $1 AND NOT p.confidential AND r.email_updates AND btrim(coalesce(r.email, '')) <> ''`,
      [processId],
    );
    return rows[0] ?? null;
  }

  /** `emailUpdates` defaults to off (docs/processes.md#updates-by-e-mail). */
  insert(
    fields: Omit<ExternalRequesterEntity, 'id' | 'createdAt' | 'emailUpdates'> & { emailUpdates?: boolean },
    tx: EntityManager = this.dataSource.manager,
  ): Promise<ExternalRequesterEntity> {
    return tx.getRepository(ExternalRequesterEntity).save(fields);
  }
}
