import type { CalendarDay, DeadlineReply } from '#server/contracts/calendar';
import { Clock } from '#server/domain/clock';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

/** The municipal calendar's endpoints (docs/deadlines.md#api) on a real server and PostgreSQL. */
describe('calendar API', () => {
  const { server } = useServerSuite();
  let admin: Awaited<ReturnType<typeof login>>;
  let operator: Awaited<ReturnType<typeof login>>;

  beforeAll(async () => {
    await createUser(server.dataSource, { username: 'cal.admin', role: 'admin', department: 'Gabinete' });
    await createUser(server.dataSource, { username: 'cal.op', department: 'Infraestrutura' });
    admin = await login(server.url, 'cal.admin', TEST_PASSWORD);
    operator = await login(server.url, 'cal.op', TEST_PASSWORD);
  });

  const holidays = (year: number | string, token = operator.token) =>
    api<CalendarDay[]>(server.url, 'GET', `/calendar/holidays?year=${year}`, { token });
  const add = (body: unknown, token = admin.token) =>
    api<CalendarDay>(server.url, 'POST', '/calendar/holidays', { token, body });
  const remove = (date: string, token = admin.token) =>
    api<{ message: string }>(server.url, 'DELETE', `/calendar/holidays/${date}`, { token });
  const deadline = (query: string, token = operator.token) =>
    api<DeadlineReply>(server.url, 'GET', `/calendar/deadline?${query}`, { token });

  it("lists a year's computed days for any signed-in user, by date, and refuses anonymous callers", async () => {
    const res = await holidays(2026);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      expect.arrayContaining([
        { date: '2026-02-16', name: 'Carnaval', kind: 'optional' },
        { date: '2026-04-03', name: 'Sexta-Feira Santa', kind: 'national' },
        { date: '2026-07-09', name: 'Revolução Constitucionalista', kind: 'state' },
        { date: '2026-11-20', name: 'Dia da Consciência Negra', kind: 'national' },
      ]),
    );
    const dates = res.body.map((day) => day.date);
    expect(dates).toEqual([...dates].sort());
    expect(dates.every((date) => date.startsWith('2026-'))).toBe(true);
    expect((await api(server.url, 'GET', '/calendar/holidays?year=2026')).status).toBe(401);
  });

  it('refuses a missing or absurd year with a pt-BR 400', async () => {
    for (const year of ['', 'abc', '1899', '2200', '2026.5']) {
      const res = await holidays(year);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, message: 'Informe um ano entre 1900 e 2199.' });
    }
  });

  it('lets an admin add a municipal holiday and a ponto facultativo, recorded in the audit log', async () => {
    const created = await add({ date: '2026-08-14', name: '  Aniversário da Cidade ', kind: 'municipal' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ date: '2026-08-14', name: 'Aniversário da Cidade', kind: 'municipal' });
    expect((await add({ date: '2026-02-18', name: 'Quarta-feira de Cinzas', kind: 'optional' })).status).toBe(201);

    const year = await holidays(2026);
    expect(year.body).toEqual(
      expect.arrayContaining([
        { date: '2026-08-14', name: 'Aniversário da Cidade', kind: 'municipal' },
        { date: '2026-02-18', name: 'Quarta-feira de Cinzas', kind: 'optional' },
      ]),
    );
    const added = await api<CalendarDay[]>(server.url, 'GET', '/calendar/added-days?year=2026', { token: admin.token });
    expect(added.body).toEqual([
      { date: '2026-02-18', name: 'Quarta-feira de Cinzas', kind: 'optional' },
      { date: '2026-08-14', name: 'Aniversário da Cidade', kind: 'municipal' },
    ]);
    expect((await api(server.url, 'GET', '/calendar/added-days?year=2026', { token: operator.token })).status).toBe(
      403,
    );
    const [audit] = await server.dataSource.query(
      `SELECT action, entity_type, entity_id, description, username FROM audit_logs
        WHERE entity_type = 'calendar' AND entity_id = '2026-08-14'`,
    );
    expect(audit).toEqual({
      action: 'create',
      entity_type: 'calendar',
      entity_id: '2026-08-14',
      description: 'Feriado municipal Aniversário da Cidade em 14/08/2026 incluído no calendário',
      username: 'cal.admin',
    });
  });

  it('counts a municipal holiday in the deadline as soon as it is added, and not after it is deleted', async () => {
    expect((await deadline('from=2026-09-10&days=1&unit=business')).body).toEqual({ due: '2026-09-11' });
    expect((await add({ date: '2026-09-11', name: 'Padroeira', kind: 'municipal' })).status).toBe(201);
    expect((await deadline('from=2026-09-10&days=1&unit=business')).body).toEqual({ due: '2026-09-14' });
    expect((await deadline('from=2026-09-09&days=2&unit=calendar')).body).toEqual({ due: '2026-09-14' });

    const removed = await remove('2026-09-11');
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: 'Dia excluído do calendário.' });
    expect((await deadline('from=2026-09-10&days=1&unit=business')).body).toEqual({ due: '2026-09-11' });
    const [audit] = await server.dataSource.query(
      `SELECT action, description FROM audit_logs WHERE entity_type = 'calendar' AND entity_id = '2026-09-11'
        AND action = 'delete'`,
    );
    expect(audit).toEqual({
      action: 'delete',
      description: 'Feriado municipal Padroeira em 11/09/2026 excluído do calendário',
    });
  });

  it('computes due dates by the rules: calendar days by default, moved past weekends and holidays', async () => {
    const cases: [string, string][] = [
      ['from=2026-03-06&days=2&unit=calendar', '2026-03-09'],
      ['from=2026-03-06&days=2', '2026-03-09'],
      ['from=2026-02-13&days=1&unit=business', '2026-02-19'], // Carnaval, and the Ash Wednesday added above
      ['from=2026-04-01&days=20&unit=calendar', '2026-04-22'],
      ['from=2025-12-30&days=2&unit=business', '2026-01-02'],
      ['from=2028-02-27&days=2&unit=calendar', '2028-03-01'],
    ];
    for (const [query, due] of cases) {
      const res = await deadline(query);
      expect({ query, status: res.status, body: res.body }).toEqual({ query, status: 200, body: { due } });
    }
  });

  it("counts from the city's today when no start day is given, whatever the hour in UTC", async () => {
    // 23:30 in Brasília on Thursday 2026-11-26 is already Friday 27 in UTC: the count starts on the 26th.
    const now = jest.spyOn(server.app.get(Clock), 'now').mockReturnValue(new Date('2026-11-27T02:30:00Z'));
    try {
      expect((await deadline('days=5&unit=business')).body).toEqual({ due: '2026-12-03' });
      expect((await deadline('days=1&unit=calendar')).body).toEqual({ due: '2026-11-27' });
    } finally {
      now.mockRestore();
    }
  });

  it('refuses bad deadline queries with a pt-BR 400', async () => {
    const days = 'O prazo deve ser um número inteiro de 1 a 730 dias.';
    const cases: [string, string][] = [
      ['from=2026-03-06&days=-1&unit=business', days],
      ['from=2026-03-06&days=0&unit=business', days],
      ['from=2026-03-06&days=731&unit=business', days],
      ['from=2026-03-06&days=1.5&unit=business', days],
      ['from=2026-03-06&days=abc', days],
      ['from=2026-03-06&unit=business', days],
      ['from=2026-03-06&days=99999999999999999999', days],
      ['from=2026-02-30&days=1', 'Informe uma data válida no formato AAAA-MM-DD.'],
      ['from=06/03/2026&days=1', 'Informe uma data válida no formato AAAA-MM-DD.'],
      ['from=1800-01-01&days=1', 'A data deve estar entre os anos 1900 e 2199.'],
      ['from=2026-03-06&days=1&unit=uteis', 'Unidade inválida: use business (dias úteis) ou calendar (dias corridos).'],
    ];
    for (const [query, message] of cases) {
      const res = await deadline(query);
      expect({ query, status: res.status, body: res.body }).toEqual({
        query,
        status: 400,
        body: expect.objectContaining({ statusCode: 400, message }),
      });
    }
  });

  it('refuses additions by operators (403), bad input (400) and a date already on the calendar (409)', async () => {
    const forbidden = await add({ date: '2026-10-01', name: 'Festa', kind: 'municipal' }, operator.token);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ message: 'Você não tem permissão para realizar esta ação.' });

    const bad: [unknown, string][] = [
      [{ date: '2026-02-30', name: 'X', kind: 'municipal' }, 'Informe uma data válida no formato AAAA-MM-DD.'],
      [{ date: '', name: 'X', kind: 'municipal' }, 'Informe a data do feriado ou ponto facultativo.'],
      [{ name: 'X', kind: 'municipal' }, 'Informe a data do feriado ou ponto facultativo.'],
      [{ date: '2026-10-01', name: '   ', kind: 'municipal' }, 'Informe o nome do feriado ou ponto facultativo.'],
      [{ date: '2026-10-01', kind: 'municipal' }, 'Informe o nome do feriado ou ponto facultativo.'],
      [{ date: '2026-10-01', name: 'X'.repeat(121), kind: 'municipal' }, 'O nome deve ter no máximo 120 caracteres.'],
      [
        { date: '2026-10-01', name: 'X', kind: 'national' },
        'Tipo inválido: use municipal (feriado municipal) ou optional (ponto facultativo).',
      ],
    ];
    for (const [body, message] of bad) {
      const res = await add(body);
      expect({ body, status: res.status, message: (res.body as unknown as { message: string }).message }).toEqual({
        body,
        status: 400,
        message,
      });
    }

    const stored = await add({ date: '2026-08-14', name: 'Outra festa', kind: 'optional' });
    expect(stored.status).toBe(409);
    expect(stored.body).toMatchObject({
      message: '14/08/2026 já é um dia sem expediente no calendário: Aniversário da Cidade (feriado municipal).',
    });
    const computed = await add({ date: '2026-12-25', name: 'Natal municipal', kind: 'municipal' });
    expect(computed.status).toBe(409);
    expect(computed.body).toMatchObject({
      message: '25/12/2026 já é um dia sem expediente no calendário: Natal (feriado nacional).',
    });
  });

  it('deletes only added days: a computed holiday is refused with the reason, an empty date is 404', async () => {
    expect((await remove('2026-08-14', operator.token)).status).toBe(403);
    const national = await remove('2026-12-25');
    expect(national.status).toBe(409);
    expect(national.body).toMatchObject({
      message:
        'Feriado nacional Natal (25/12/2026) é calculado pelo sistema e não pode ser excluído; só feriados municipais ' +
        'e pontos facultativos incluídos no calendário podem.',
    });
    const none = await remove('2026-10-01');
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({
      message: 'Nenhum feriado municipal ou ponto facultativo cadastrado em 01/10/2026.',
    });
    const bad = await remove('2026-13-01');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'Informe uma data válida no formato AAAA-MM-DD.' });
    expect((await remove('2026-08-14')).status).toBe(200);
    expect((await holidays(2026)).body.some((day) => day.date === '2026-08-14')).toBe(false);
  });
});
