import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { type AuthUser, isAdmin } from '#server/common/auth-user';
import type { RequestMeta } from '#server/common/http/request';
import {
  mayReadFullUserList,
  type CreateUserResponse,
  type ResetPasswordResponse,
  type UserLookup,
  type UserStatus,
  type UserView,
} from '#server/contracts/users';
import type { UserEntity } from '#server/database/entities/index';
import { isPgError, PG_FOREIGN_KEY_VIOLATION } from '#server/database/pg-errors';
import { Transactions, type Tx } from '#server/database/transactions';
import { DepartmentsRepository } from '#server/repositories/departments.repository';
import { UsersRepository } from '#server/repositories/users.repository';
import { RealtimeService } from '#server/realtime/realtime.service';
import { AuditService } from '../audit/audit.service';
import { generateTemporaryPassword, hashPassword } from '../auth/passwords';
import { RefreshSessionsService } from '../auth/refresh-sessions.service';
import type { CreateUserDto } from './dto/create-user.dto';
import type { UpdateUserDto } from './dto/update-user.dto';
import { TemporaryPasswordDeliveryService } from './temporary-password-delivery.service';
import { rethrowUserConflict } from './user-conflicts';
import { toUserLookup, toUserView } from '#server/domain/users/user-view';
import { AppConfig } from '#server/config/config.module';
import { removeReportExportsOf } from '#server/domain/exports/export-files';

@Injectable()
export class UsersService {
  constructor(
    private readonly transactions: Transactions,
    private readonly users: UsersRepository,
    private readonly departments: DepartmentsRepository,
    private readonly audit: AuditService,
    private readonly refreshSessions: RefreshSessionsService,
    private readonly realtime: RealtimeService,
    private readonly temporaryPasswords: TemporaryPasswordDeliveryService,
    private readonly config: AppConfig,
  ) {}

  async view(id: string): Promise<UserView> {
    return toUserView(await this.findOrFail(id));
  }

  async list(caller: AuthUser): Promise<UserView[] | UserLookup[]> {
    const users = await this.users.listByName();
    return mayReadFullUserList(caller) ? users.map(toUserView) : users.map(toUserLookup);
  }

  /** Active staff for pickers (confidential access, requester, report filters). */
  async lookups(): Promise<UserLookup[]> {
    const users = await this.users.listByName('active');
    return users.map(toUserLookup);
  }

  async create(caller: AuthUser, dto: CreateUserDto, meta: RequestMeta): Promise<CreateUserResponse> {
    const tempPassword = generateTemporaryPassword();
    const passwordHash = await hashPassword(tempPassword);
    const user = await this.transactions.run(async (manager) => {
      await this.assertDepartmentExists(manager, dto.department);
      const saved = await this.save(manager, {
        ...dto,
        role: dto.role ?? 'operator',
        level: dto.level ?? 'Funcionário',
        passwordHash,
        mustChangePassword: true,
      });
      await this.audit.record(
        {
          action: 'create',
          entityType: 'user',
          entityId: saved.id,
          description: `Usuário ${saved.username} criado`,
          actor: caller,
          meta,
          details: { username: saved.username, department: saved.department, role: saved.role, level: saved.level },
        },
        manager,
      );
      return saved;
    });
    return { user: toUserView(user), ...(await this.temporaryPasswords.deliver(user, tempPassword, 'created')) };
  }

  async update(caller: AuthUser, id: string, dto: UpdateUserDto, meta: RequestMeta): Promise<UserView> {
    if (caller.id === id && dto.role && dto.role !== 'admin' && isAdmin(caller)) {
      throw new ForbiddenException('Você não pode remover seu próprio perfil de administrador.');
    }
    const updated = await this.transactions.run(async (manager) => {
      const before = await this.findOrFail(id, manager);
      if (dto.department) await this.assertDepartmentExists(manager, dto.department);
      // A field left out (or a null role or level) keeps its value; a null phone is a value: none.
      const changes = Object.fromEntries(Object.entries(dto).filter(([, value]) => value !== undefined));
      const saved = await this.save(manager, { ...before, ...changes });
      await this.audit.record(
        {
          action: 'update',
          entityType: 'user',
          entityId: id,
          description: `Usuário ${saved.username} atualizado`,
          actor: caller,
          meta,
          details: { changes: changedFields(before, saved, ['name', 'email', 'department', 'role', 'level', 'phone']) },
        },
        manager,
      );
      return { before, saved };
    });
    const { before, saved } = updated;
    if (before.department !== saved.department || before.role !== saved.role || before.level !== saved.level) {
      // Exports made under the old rights are not served any more (README › Reports › Exports).
      await removeReportExportsOf(this.config.STORAGE_DIR, (owner) => owner === id);
    }
    if (before.department !== saved.department || before.role !== saved.role) {
      // Socket rooms depend on department and role: make the user's sockets reconnect and rejoin.
      await this.realtime.disconnectUser(id, 'Seus dados de acesso foram alterados.');
    }
    return toUserView(updated.saved);
  }

  async setStatus(caller: AuthUser, id: string, status: UserStatus, meta: RequestMeta): Promise<UserView> {
    if (caller.id === id && status === 'inactive') {
      throw new ForbiddenException('Você não pode desativar sua própria conta.');
    }
    const saved = await this.transactions.run(async (manager) => {
      const user = await this.findOrFail(id, manager);
      user.status = status;
      const result = await this.users.save(user, manager);
      if (status === 'inactive') await this.refreshSessions.revokeAllForUser(id, manager);
      await this.audit.record(
        {
          action: 'update',
          entityType: 'user',
          entityId: id,
          description: `Usuário ${user.username} ${status === 'active' ? 'ativado' : 'desativado'}`,
          actor: caller,
          meta,
          details: { status },
        },
        manager,
      );
      return result;
    });
    if (status === 'inactive') await this.realtime.disconnectUser(id, 'Sua conta foi desativada.');
    return toUserView(saved);
  }

  async resetPassword(caller: AuthUser, id: string, meta: RequestMeta): Promise<ResetPasswordResponse> {
    const tempPassword = generateTemporaryPassword();
    const passwordHash = await hashPassword(tempPassword);
    const user = await this.transactions.run(async (manager) => {
      const user = await this.findOrFail(id, manager);
      await this.users.setTemporaryPassword(id, passwordHash, manager);
      await this.refreshSessions.revokeAllForUser(id, manager);
      await this.audit.record(
        {
          action: 'update',
          entityType: 'user',
          entityId: id,
          description: `Senha do usuário ${user.username} redefinida`,
          actor: caller,
          meta,
        },
        manager,
      );
      return user;
    });
    await this.realtime.disconnectUser(id, 'Sua senha foi redefinida.');
    return this.temporaryPasswords.deliver(user, tempPassword, 'reset');
  }

  async remove(caller: AuthUser, id: string, meta: RequestMeta): Promise<void> {
    if (caller.id === id) throw new ForbiddenException('Você não pode excluir sua própria conta.');
    try {
      await this.transactions.run(async (manager) => {
        const user = await this.findOrFail(id, manager);
        await this.users.delete(id, manager);
        await this.audit.record(
          {
            action: 'delete',
            entityType: 'user',
            entityId: id,
            description: `Usuário ${user.username} excluído`,
            actor: caller,
            meta,
            details: { username: user.username, name: user.name, department: user.department },
          },
          manager,
        );
      });
    } catch (error) {
      if (isPgError(error, PG_FOREIGN_KEY_VIOLATION)) {
        throw new ConflictException(
          'Este usuário possui registros vinculados (processos, documentos) e não pode ser excluído. Desative-o.',
        );
      }
      throw error;
    }
    await this.realtime.disconnectUser(id, 'Sua conta foi removida.');
  }

  private async findOrFail(id: string, manager?: Tx): Promise<UserEntity> {
    const user = await this.users.findById(id, manager);
    if (!user) throw new NotFoundException('Usuário não encontrado.');
    return user;
  }

  private async assertDepartmentExists(manager: Tx, name: string) {
    if (!(await this.departments.existsByName(name, manager))) {
      throw new BadRequestException(`Departamento "${name}" não existe.`);
    }
  }

  private async save(manager: Tx, user: Partial<UserEntity>): Promise<UserEntity> {
    try {
      return await this.users.save(user, manager);
    } catch (error) {
      rethrowUserConflict(error);
    }
  }
}

function changedFields<T extends object>(before: T, after: T, keys: (keyof T)[]) {
  return Object.fromEntries(
    keys.filter((key) => before[key] !== after[key]).map((key) => [key, { from: before[key], to: after[key] }]),
  );
}
