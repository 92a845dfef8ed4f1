import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { UsersRepository } from '#server/repositories/users.repository';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

/**
 * Who asks, read on every request (UsersRepository.findActiveInLiveSession, one fixed statement):
 * the fields the request needs with the stored values, and nothing for an account that is not
 * active or a session family with a revoked session (docs/sessions.md#tokens).
 */
describe('the requesting user', () => {
  const { server } = useServerSuite();
  const users = () => server.app.get(UsersRepository);

  it('is the active account with the fields a request needs, as stored', async () => {
    const user = await createUser(server.dataSource, {
      username: 'quem.pede',
      department: 'Financeiro',
      role: 'admin',
      level: 'Chefia',
      mustChangePassword: true,
    });
    expect(await users().findActiveInLiveSession(user.id, randomUUID())).toEqual({
      id: user.id,
      username: 'quem.pede',
      name: user.name,
      email: user.email,
      department: 'Financeiro',
      role: 'admin',
      level: 'Chefia',
      mustChangePassword: true,
    });
  });

  it('is nobody for an account that is not active', async () => {
    const user = await createUser(server.dataSource, { username: 'quem.saiu', status: 'inactive' });
    expect(await users().findActiveInLiveSession(user.id, randomUUID())).toBeNull();
  });

  it('is nobody once a session of the family is revoked, and still someone in another family', async () => {
    const user = await createUser(server.dataSource, { username: 'quem.sai.da.sessao' });
    const session = await login(server.url, 'quem.sai.da.sessao', TEST_PASSWORD);
    const { fam } = jwt.decode(session.token) as { fam: string };
    expect(await users().findActiveInLiveSession(user.id, fam)).not.toBeNull();

    await server.dataSource.query(`UPDATE refresh_sessions SET revoked_at = now() WHERE family_id = $1`, [fam]);
    expect(await users().findActiveInLiveSession(user.id, fam)).toBeNull();
    expect(await users().findActiveInLiveSession(user.id, randomUUID())).not.toBeNull();
  });
});
