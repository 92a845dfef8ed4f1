import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '#server/common/auth-user';
import { TemplateEntity } from '#server/database/entities/index';
import { visibleTemplatesWhere } from '#server/domain/templates/template-visibility';

type TemplateFields = Pick<
  TemplateEntity,
  | 'title'
  | 'content'
  | 'type'
  | 'category'
  | 'isPublic'
  | 'documentFormat'
  | 'baseDocument'
  | 'organization'
  | 'formatting'
>;

/** The templates table, read through visibleTemplatesWhere (docs/templates.md) wherever a user asks. */
@Injectable()
export class TemplatesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The templates offered to `viewer`, newest first. */
  listOffered(viewer: AuthUser, limit: number, tx: EntityManager = this.dataSource.manager): Promise<TemplateEntity[]> {
    const visible = visibleTemplatesWhere(viewer);
    return tx
      .getRepository(TemplateEntity)
      .createQueryBuilder('t')
      .where(visible.sql, visible.params)
      .orderBy('t.created_at', 'DESC')
      .addOrderBy('t.id')
      .limit(limit)
      .getMany();
  }

  /** The template if it is offered to `viewer`. */
  findOffered(viewer: AuthUser, id: string, tx: EntityManager = this.dataSource.manager) {
    return this.offeredById(viewer, id, tx).getOne();
  }

  /** The same, locked (FOR UPDATE) until `tx` ends. */
  findOfferedAndLock(viewer: AuthUser, id: string, tx: EntityManager) {
    return this.offeredById(viewer, id, tx).setLock('pessimistic_write').getOne();
  }

  /** Whether a template offered to `viewer` uses the stored file `storedName` as its DOCX base. */
  baseOfOffered(viewer: AuthUser, storedName: string, tx: EntityManager = this.dataSource.manager): Promise<boolean> {
    const visible = visibleTemplatesWhere(viewer);
    return tx
      .getRepository(TemplateEntity)
      .createQueryBuilder('t')
      .where('t.base_document = :name', { name: storedName })
      .andWhere(visible.sql, visible.params)
      .getExists();
  }

  /** A template a caller just wrote: it throws when missing. */
  getById(id: string, tx: EntityManager = this.dataSource.manager): Promise<TemplateEntity> {
    return tx.findOneByOrFail(TemplateEntity, { id });
  }

  insert(
    fields: TemplateFields & Pick<TemplateEntity, 'createdBy' | 'department'>,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<TemplateEntity> {
    return tx.getRepository(TemplateEntity).save(fields);
  }

  async update(id: string, fields: TemplateFields, tx: EntityManager = this.dataSource.manager): Promise<void> {
    await tx.getRepository(TemplateEntity).update({ id }, fields);
  }

  async delete(id: string, tx: EntityManager = this.dataSource.manager): Promise<void> {
    await tx.delete(TemplateEntity, { id });
  }

  private offeredById(viewer: AuthUser, id: string, tx: EntityManager) {
    const visible = visibleTemplatesWhere(viewer);
    return tx
      .getRepository(TemplateEntity)
      .createQueryBuilder('t')
      .where('t.id = :id', { id })
      .andWhere(visible.sql, visible.params);
  }
}
