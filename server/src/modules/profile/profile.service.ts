import {
  BadRequestException,
  Injectable,
  Logger,
  NotFoundException,
  PayloadTooLargeException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { readFile } from 'node:fs/promises';
import type { AuthUser } from '#server/common/auth-user';
import type { RequestMeta } from '#server/common/http/request';
import {
  AVATAR_MAX_BYTES,
  AVATAR_NOT_AN_IMAGE,
  AVATAR_TOO_LARGE,
  type AvatarResponse,
  type ChangeEmailRequest,
  type ChangeOwnPasswordRequest,
  type PreferencesChange,
  type ProfileChanges,
} from '#server/contracts/profile';
import type { UserPreferences, UserView } from '#server/contracts/users';
import type { UserEntity } from '#server/database/entities/index';
import { Transactions, type Tx } from '#server/database/transactions';
import { UsersRepository } from '#server/repositories/users.repository';
import { AuditService } from '../audit/audit.service';
import { AuthService } from '../auth/auth.service';
import { FileStorageService } from '#server/domain/files/file-storage.service';
import { rethrowUserConflict } from '../users/user-conflicts';
import { toUserView } from '#server/domain/users/user-view';
import { avatarStoredName, avatarUrlOf, AVATAR_OWNER_KIND } from './avatar-url';
import { toAvatarWebp } from './avatar-image';

/** The signed-in user's own account: display data, preferences, e-mail and password. */
@Injectable()
export class ProfileService {
  private readonly logger = new Logger(ProfileService.name);

  constructor(
    private readonly transactions: Transactions,
    private readonly users: UsersRepository,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    private readonly files: FileStorageService,
  ) {}

  async get(caller: AuthUser): Promise<UserView> {
    return toUserView(await this.findOrFail(caller.id));
  }

  async update(caller: AuthUser, dto: ProfileChanges, meta: RequestMeta): Promise<UserView> {
    return this.transactions.run(async (manager) => {
      const user = await this.findOrFail(caller.id, manager);
      if (dto.name !== undefined) user.name = dto.name;
      if (dto.displayName !== undefined) user.displayName = dto.displayName;
      if (dto.preferences) user.preferences = mergePreferences(user.preferences, dto.preferences);
      if (dto.deadlineReminderDays !== undefined) user.deadlineReminderDays = dto.deadlineReminderDays;
      const saved = await this.users.save(user, manager);
      await this.audit.record(
        {
          action: 'update',
          entityType: 'user',
          entityId: caller.id,
          description: 'Perfil atualizado pelo próprio usuário',
          actor: caller,
          meta,
          details: { fields: Object.keys(dto).filter((key) => dto[key as keyof ProfileChanges] !== undefined) },
        },
        manager,
      );
      return toUserView(saved);
    });
  }

  /** Keeps the caller's own session; every other session of the account ends. */
  async changePassword(
    caller: AuthUser,
    dto: ChangeOwnPasswordRequest,
    meta: RequestMeta,
  ): Promise<{ message: string }> {
    await this.auth.changePassword(caller, dto.currentPassword, dto.newPassword, meta, { keepCurrentSession: true });
    return { message: 'Senha atualizada com sucesso!' };
  }

  async changeEmail(caller: AuthUser, dto: ChangeEmailRequest, meta: RequestMeta): Promise<UserView> {
    await this.auth.assertPassword(caller, dto.password, meta);
    try {
      return await this.transactions.run(async (manager) => {
        const user = await this.findOrFail(caller.id, manager);
        const previous = user.email;
        user.email = dto.newEmail;
        const saved = await this.users.save(user, manager);
        await this.audit.record(
          {
            action: 'update',
            entityType: 'user',
            entityId: caller.id,
            description: 'E-mail alterado pelo próprio usuário',
            actor: caller,
            meta,
            details: { email: { from: previous, to: saved.email } },
          },
          manager,
        );
        return toUserView(saved);
      });
    } catch (error) {
      rethrowUserConflict(error);
    }
  }

  /**
   * Checks the upload by its content, stores it as a 256×256 WebP and points the profile at it.
   * The previous picture is deleted once the new one is committed.
   */
  async setAvatar(
    caller: AuthUser,
    upload: Express.Multer.File | undefined,
    meta: RequestMeta,
  ): Promise<AvatarResponse> {
    if (!upload) throw new BadRequestException('Selecione uma imagem.');
    if (upload.size > AVATAR_MAX_BYTES) throw new PayloadTooLargeException(AVATAR_TOO_LARGE);
    const webp = await toAvatarWebp(await readFile(upload.path));
    if (!webp) throw new UnsupportedMediaTypeException(AVATAR_NOT_AN_IMAGE);
    let storedName: string | undefined;
    let previous: string | null = null;
    try {
      await this.transactions.run(async (manager) => {
        const user = await this.findOrFail(caller.id, manager);
        const stored = await this.files.store(
          webp,
          'avatar.webp',
          { ownerKind: AVATAR_OWNER_KIND, ownerId: caller.id, uploadedBy: caller.id },
          manager,
        );
        storedName = stored.storedName;
        previous = user.avatar;
        user.avatar = avatarUrlOf(stored.storedName);
        await this.users.save(user, manager);
        await this.audit.record(
          {
            action: 'upload',
            entityType: 'user',
            entityId: caller.id,
            description: 'Foto de perfil atualizada',
            actor: caller,
            meta,
            details: { file: stored.storedName, sizeBytes: stored.sizeBytes },
          },
          manager,
        );
      });
    } catch (error) {
      if (storedName) await this.files.discardFromDisk([storedName]);
      throw error;
    }
    const old = avatarStoredName(previous);
    if (old) {
      await this.files
        .remove(old)
        .catch((error: unknown) => this.logger.warn({ err: error }, 'Avatar antigo não removido'));
    }
    return { avatarUrl: avatarUrlOf(storedName!) };
  }

  private async findOrFail(id: string, manager?: Tx): Promise<UserEntity> {
    const user = await this.users.findById(id, manager);
    if (!user) throw new NotFoundException('Usuário não encontrado.');
    return user;
  }
}

/** Partial update: a field left out (or undefined) keeps its current value. */
export function mergePreferences(current: UserPreferences, change: PreferencesChange): UserPreferences {
  return {
    theme: change.theme ?? current.theme,
    notifications: {
      email: change.notifications?.email ?? current.notifications.email,
      system: change.notifications?.system ?? current.notifications.system,
    },
  };
}
