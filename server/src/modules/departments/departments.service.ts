import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import type { RequestMeta } from '#server/common/http/request';
import type { DepartmentView } from '#server/contracts/departments';
import type { DepartmentEntity } from '#server/database/entities/index';
import { isPgError, PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION } from '#server/database/pg-errors';
import { Transactions, type Tx } from '#server/database/transactions';
import { DepartmentsRepository } from '#server/repositories/departments.repository';
import { AuditService } from '../audit/audit.service';
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
    private readonly transactions: Transactions,
    private readonly departments: DepartmentsRepository,
    private readonly audit: AuditService,
  ) {}

  async list(): Promise<DepartmentView[]> {
    return (await this.departments.listByName()).map(toView);
  }

  async create(caller: AuthUser, dto: DepartmentDto, meta: RequestMeta): Promise<DepartmentView> {
    return this.write(async (manager) => {
      const saved = await this.departments.insert({ name: dto.name, description: dto.description || null }, manager);
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
      const before = await this.departments.findById(id, manager);
      if (!before) throw new NotFoundException('Departamento não encontrado.');
      const saved = await this.departments.update(
        before,
        { name: dto.name, description: dto.description || null },
        manager,
      );
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
      const department = await this.departments.findById(id, manager);
      if (!department) throw new NotFoundException('Departamento não encontrado.');
      await this.departments.delete(id, manager);
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

  private async write<T>(work: (manager: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.transactions.run(work);
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
