import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { DepartmentEntity } from '#server/database/entities/index';

type DepartmentFields = Pick<DepartmentEntity, 'name' | 'description'>;

/** The departments table (docs/accounts.md#departments). */
@Injectable()
export class DepartmentsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  listByName(tx: EntityManager = this.dataSource.manager): Promise<DepartmentEntity[]> {
    return tx.getRepository(DepartmentEntity).find({ order: { name: 'ASC' } });
  }

  findById(id: string, tx: EntityManager = this.dataSource.manager): Promise<DepartmentEntity | null> {
    return tx.getRepository(DepartmentEntity).findOneBy({ id });
  }

  existsByName(name: string, tx: EntityManager = this.dataSource.manager): Promise<boolean> {
    return tx.getRepository(DepartmentEntity).existsBy({ name });
  }

  /** How many of `names` exist. */
  countByNames(names: string[], tx: EntityManager = this.dataSource.manager): Promise<number> {
    return tx.getRepository(DepartmentEntity).countBy({ name: In(names) });
  }

  insert(fields: DepartmentFields, tx: EntityManager = this.dataSource.manager): Promise<DepartmentEntity> {
    return tx.getRepository(DepartmentEntity).save(fields);
  }

  /** Users and processes reference the name with ON UPDATE CASCADE, so a rename follows everywhere. */
  update(
    department: DepartmentEntity,
    fields: DepartmentFields,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<DepartmentEntity> {
    return tx.getRepository(DepartmentEntity).save({ ...department, ...fields });
  }

  async delete(id: string, tx: EntityManager = this.dataSource.manager): Promise<void> {
    await tx.getRepository(DepartmentEntity).delete({ id });
  }
}
