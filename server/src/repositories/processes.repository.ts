import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '#server/common/auth-user';
import { ProcessEntity } from '#server/database/entities/index';
import { visibleProcessesWhere } from '#server/domain/processes/process-visibility';

/** The processes table, always read through visibleProcessesWhere (docs/processes.md#confidentiality). */
@Injectable()
export class ProcessesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Those of `ids` that exist and the reader may not see. */
  async hiddenFrom(
    reader: Pick<AuthUser, 'id' | 'role'>,
    ids: string[],
    tx: EntityManager = this.dataSource.manager,
  ): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const visible = visibleProcessesWhere(reader, 'p');
    const hidden = await tx
      .getRepository(ProcessEntity)
      .createQueryBuilder('p')
      .select('p.id')
      .where('p.id IN (:...ids)', { ids })
      .andWhere(`NOT ${visible.sql}`, visible.params)
      .getMany();
    return new Set(hidden.map((p) => p.id));
  }
}
