import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { DocumentTypeEntity } from '#server/database/entities/index';

type DocumentTypeFields = Pick<DocumentTypeEntity, 'name' | 'minimumLevel'> &
  Partial<Pick<DocumentTypeEntity, 'active'>>;

/** The document types (docs/documents.md#types). */
@Injectable()
export class DocumentTypesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** By name, ignoring case and accents; only the active ones unless `includeInactive`. */
  list(includeInactive: boolean, tx: EntityManager = this.dataSource.manager): Promise<DocumentTypeEntity[]> {
    const qb = tx.getRepository(DocumentTypeEntity).createQueryBuilder('t');
    if (!includeInactive) qb.where('t.active');
    return qb.orderBy('semgi_search_normalize(t.name)').addOrderBy('t.id').getMany();
  }

  findById(id: string, tx: EntityManager = this.dataSource.manager): Promise<DocumentTypeEntity | null> {
    return tx.findOneBy(DocumentTypeEntity, { id });
  }

  findByIds(ids: string[], tx: EntityManager = this.dataSource.manager): Promise<DocumentTypeEntity[]> {
    return ids.length === 0 ? Promise.resolve([]) : tx.findBy(DocumentTypeEntity, { id: In(ids) });
  }

  /** The type whose name equals `name` ignoring case and accents. */
  findByName(name: string, tx: EntityManager = this.dataSource.manager): Promise<DocumentTypeEntity | null> {
    return tx
      .getRepository(DocumentTypeEntity)
      .createQueryBuilder('t')
      .where('semgi_search_normalize(btrim(t.name)) = semgi_search_normalize(btrim(:name))', { name })
      .getOne();
  }

  /** A name another type holds (ignoring case and accents) fails with a unique violation. */
  async insert(fields: DocumentTypeFields, tx: EntityManager = this.dataSource.manager): Promise<DocumentTypeEntity> {
    return tx.save(DocumentTypeEntity, tx.create(DocumentTypeEntity, fields));
  }

  /** The same unique violation for a name another type holds. */
  async update(
    id: string,
    fields: DocumentTypeFields,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<DocumentTypeEntity | null> {
    await tx.update(DocumentTypeEntity, { id }, fields);
    return this.findById(id, tx);
  }
}
