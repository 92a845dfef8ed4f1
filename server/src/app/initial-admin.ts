import type { Env } from '../config/env';
import type { UsersRepository } from '../repositories/users.repository';
import { generateTemporaryPassword, hashPassword } from '../modules/auth/passwords';

export const INITIAL_ADMIN_USERNAME = 'admin';

/** The `admin` account just created: its password when generated (shown once), none when from the environment. */
export interface FirstAdmin {
  generatedPassword: string | undefined;
}

/** The one log line about the account created (JSON logs, where a framed block would be noise). */
export function firstAdminMessage({ generatedPassword }: FirstAdmin): string {
  return generatedPassword
    ? `Usuário "admin" criado. Senha temporária (exibida só agora, troca obrigatória no primeiro login): ${generatedPassword}`
    : 'Usuário "admin" criado com a senha temporária de INITIAL_ADMIN_PASSWORD (troca obrigatória no primeiro login).';
}

/**
 * On an empty database, creates the `admin` account with a temporary password that must be
 * changed at first login. A generated password is returned to be printed once; only its hash is kept.
 */
export async function ensureInitialAdmin(
  users: UsersRepository,
  env: Pick<Env, 'INITIAL_ADMIN_PASSWORD'>,
): Promise<FirstAdmin | undefined> {
  if ((await users.count()) > 0) return undefined;
  const password = env.INITIAL_ADMIN_PASSWORD ?? generateTemporaryPassword();
  await users.save({
    username: INITIAL_ADMIN_USERNAME,
    name: 'Administrador do Sistema',
    email: 'admin@prefeitura.local',
    department: 'Administração',
    role: 'admin',
    level: 'Chefia',
    passwordHash: await hashPassword(password),
    mustChangePassword: true,
  });
  return { generatedPassword: env.INITIAL_ADMIN_PASSWORD ? undefined : password };
}
