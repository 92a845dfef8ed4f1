import type { UserLookup, UserView } from '#server/contracts/users';
import type { UserEntity } from '#server/database/entities/index';

export function toUserView(user: UserEntity): UserView {
  return {
    _id: user.id,
    id: user.id,
    name: user.name,
    displayName: user.displayName,
    username: user.username,
    email: user.email,
    phone: user.phone,
    department: user.department,
    role: user.role,
    level: user.level,
    status: user.status,
    avatar: user.avatar,
    preferences: user.preferences,
    deadlineReminderDays: user.deadlineReminderDays,
    requirePasswordChange: user.mustChangePassword,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

export function toUserLookup(user: UserEntity): UserLookup {
  return { _id: user.id, name: user.name, department: user.department, email: user.email, phone: user.phone };
}
