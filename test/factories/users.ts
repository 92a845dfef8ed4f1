import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { Level, Role } from '#server/contracts/users';
import { UserEntity } from '#server/database/entities/index';
import { hashPassword } from '#server/modules/auth/passwords';
import { login } from '#test/setup/app';

export const TEST_PASSWORD = 'senha-de-teste-1';
let hashed: Promise<string> | undefined;

export interface UserSeed {
  username?: string;
  name?: string;
  department?: string;
  role?: Role;
  level?: Level;
  status?: 'active' | 'inactive';
  phone?: string | null;
  mustChangePassword?: boolean;
}

/** An active user whose password is TEST_PASSWORD (no forced change unless asked). */
export async function createUser(dataSource: DataSource, seed: UserSeed = {}): Promise<UserEntity> {
  hashed ??= hashPassword(TEST_PASSWORD);
  const suffix = randomBytes(3).toString('hex');
  const username = seed.username ?? `user.${suffix}`;
  return dataSource.getRepository(UserEntity).save({
    username,
    name: seed.name ?? `Servidor ${suffix}`,
    email: `${username}@prefeitura.test`,
    department: seed.department ?? 'Administração',
    role: seed.role ?? 'operator',
    level: seed.level ?? 'Funcionário',
    status: seed.status ?? 'active',
    phone: seed.phone ?? null,
    passwordHash: await hashed,
    mustChangePassword: seed.mustChangePassword ?? false,
  });
}

/** A user created for a test and signed in. */
export interface SignedInUser {
  id: string;
  token: string;
}

/** Creates each seeded user and signs them in against `server`, filling `into` under the seed's key. */
export async function signInUsers<K extends string>(
  server: { dataSource: DataSource; url: string },
  seeds: Record<K, UserSeed & { username: string }>,
  into: Record<K, SignedInUser>,
): Promise<void> {
  for (const key of Object.keys(seeds) as K[]) {
    const seed = seeds[key];
    const user = await createUser(server.dataSource, seed);
    into[key] = { id: user.id, token: (await login(server.url, seed.username, TEST_PASSWORD)).token };
  }
}
