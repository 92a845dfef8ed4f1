import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '#server/common/auth-user';
import type { RequestMeta } from '#server/common/http/request';
import type { DepartmentView } from '#server/contracts/departments';
import { DepartmentEntity } from '#server/database/entities/index';
import { AuditService } from '../audit/audit.service';
import { isPgError, PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION } from '#server/database/pg-errors';
import type { DepartmentDto } from './dto/department.dto';

const toView = (d: DepartmentEntity): DepartmentView => ({
  _id: d.id,
  id: d.id,
  name: d.name,
  description: d.description,
});

@Injectable()
export class DepartmentsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {}

  async list(): Promise<DepartmentView[]> {
    const rows = await this.dataSource.getRepository(DepartmentEntity).find({ order: { name: 'ASC' } });
    return rows.map(toView);
  }

  async create(caller: AuthUser, dto: DepartmentDto, meta: RequestMeta): Promise<DepartmentView> {
    return this.write(async (manager) => {
      const saved = await manager
        .getRepository(DepartmentEntity)
        .save({ name: dto.name, description: dto.description || null });
      await this.audit.record(
        {
          action: 'create',
          entityType: 'department',
          entityId: saved.id,
          description: `Departamento ${saved.name} criado`,
          actor: caller,
          meta,
        },
        manager,
      );
      return toView(saved);
    });
  }

  async update(caller: AuthUser, id: string, dto: DepartmentDto, meta: RequestMeta): Promise<DepartmentView> {
    return this.write(async (manager) => {
      const repo = manager.getRepository(DepartmentEntity);
      const before = await repo.findOneBy({ id });
      if (!before) throw new NotFoundException('Departamento não encontrado.');
      // Users and processes reference the name with ON UPDATE CASCADE, so a rename follows everywhere.
      const saved = await repo.save({ ...before, name: dto.name, description: dto.description || null });
      await this.audit.record(
        {
          action: 'update',
          entityType: 'department',
          entityId: id,
          description: `Departamento ${before.name} atualizado`,
          actor: caller,
          meta,
          details: { from: { name: before.name, description: before.description }, to: dto },
        },
        manager,
      );
      return toView(saved);
    });
  }

  async remove(caller: AuthUser, id: string, meta: RequestMeta): Promise<void> {
    await this.write(async (manager) => {
      const repo = manager.getRepository(DepartmentEntity);
      const department = await repo.findOneBy({ id });
      if (!department) throw new NotFoundException('Departamento não encontrado.');
      await repo.delete({ id });
      await this.audit.record(
        {
          action: 'delete',
          entityType: 'department',
          entityId: id,
          description: `Departamento ${department.name} excluído`,
          actor: caller,
          meta,
        },
        manager,
      );
    });
  }

  private async write<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(work);
    } catch (error) {
      if (isPgError(error, PG_UNIQUE_VIOLATION))
        throw new ConflictException('Já existe um departamento com este nome.');
      if (isPgError(error, PG_FOREIGN_KEY_VIOLATION)) {
        throw new ConflictException(
          'Este departamento está em uso (usuários ou processos vinculados) e não pode ser excluído.',
        );
      }
      throw error;
    }
  }
}
