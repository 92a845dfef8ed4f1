import type { UserView } from '#server/contracts/users';
import { PROFILE_MESSAGES } from '#server/contracts/profile';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

/** Each user's deadline reminder advance (docs/deadlines.md#reminders) through PUT /api/profile. */
describe('deadline reminder preference', () => {
  const { server } = useServerSuite();

  it('defaults to 2, takes 0 to 10, and refuses anything else with a pt-BR 400', async () => {
    const user = await createUser(server.dataSource, { username: 'lembrete.prazo' });
    const { token } = await login(server.url, user.username, TEST_PASSWORD);
    const read = await api<UserView>(server.url, 'GET', '/profile', { token });
    expect(read.body.deadlineReminderDays).toBe(2);

    for (const days of [0, 10, 5]) {
      const res = await api<UserView>(server.url, 'PUT', '/profile', { token, body: { deadlineReminderDays: days } });
      expect(res.status).toBe(200);
      expect(res.body.deadlineReminderDays).toBe(days);
    }
    for (const bad of [-1, 11, 2.5, '3', true]) {
      const res = await api<{ message: string | string[] }>(server.url, 'PUT', '/profile', {
        token,
        body: { deadlineReminderDays: bad },
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.message)).toContain(PROFILE_MESSAGES.deadlineReminderDaysInvalid);
    }
    // Other changes keep it; null means "not given".
    const other = await api<UserView>(server.url, 'PUT', '/profile', {
      token,
      body: { preferences: { theme: 'dark' }, deadlineReminderDays: null },
    });
    expect(other.body.deadlineReminderDays).toBe(5);
    const [row] = await server.dataSource.query(`SELECT deadline_reminder_days FROM users WHERE id = $1`, [user.id]);
    expect(row.deadline_reminder_days).toBe(5);
  });
});
