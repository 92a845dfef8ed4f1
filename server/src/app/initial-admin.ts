import type { DataSource } from 'typeorm';
import type { Env } from '../config/env';
import { UserEntity } from '../database/entities';
import { generateTemporaryPassword, hashPassword } from '../modules/auth/passwords';

export const INITIAL_ADMIN_USERNAME = 'admin';

/**
 * On an empty database, creates the `admin` account with a temporary password that must be
 * changed at first login. A generated password is printed once; only its hash is kept.
 */
export async function ensureInitialAdmin(
  dataSource: DataSource,
  env: Pick<Env, 'INITIAL_ADMIN_PASSWORD'>,
  announce: (message: string) => void,
): Promise<boolean> {
  const users = dataSource.getRepository(UserEntity);
  if ((await users.count()) > 0) return false;
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
  announce(
    env.INITIAL_ADMIN_PASSWORD
      ? 'Usuário "admin" criado com a senha temporária de INITIAL_ADMIN_PASSWORD (troca obrigatória no primeiro login).'
      : `Usuário "admin" criado. Senha temporária (exibida só agora, troca obrigatória no primeiro login): ${password}`,
  );
  return true;
}
