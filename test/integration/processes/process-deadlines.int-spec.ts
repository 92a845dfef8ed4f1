import { api, connectSocket } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';
import { eventually } from '#test/setup/eventually';
import { signInUsers } from '#test/factories/users';
import { createProcessViaApi, pid } from '#test/factories/processes';
import { Clock } from '#server/domain/clock';
import { DEADLINE_MESSAGES as M, type DeadlineRequest } from '#server/contracts/deadlines';
import type { ProcessUpdatedPayload } from '#server/contracts/socket-events';
import type {
  CreateProcessRequest,
  ProcessListResponse,
  ProcessMutationResponse,
  ProcessView,
  ProtocolMutationResponse,
} from '#server/contracts/processes';

const NOT_ACTING = 'Apenas administradores ou usuários do setor atual do processo podem realizar esta ação.';

/**
 * Process deadlines through the real server and worker (docs/deadlines.md#process-deadlines), with
 * the global Clock moved over March 2027 in São Paulo: a month with no holiday before Good Friday
 * (the 26th), Monday the 1st being "today" unless a test moves it.
 */
describe('process deadlines: set, forward, meet, suspend, resume, extend, filters', () => {
  const { server, worker } = useServerSuite({ worker: true });
  const users = {} as Record<'adm' | 'infra' | 'infra2' | 'jur' | 'admin' | 'fin', { id: string; token: string }>;
  let today = '2027-03-01';
  /** Noon in São Paulo of `day`: what the Clock says while a test sits on that day. */
  const setToday = (day: string) => {
    today = day;
  };

  beforeAll(async () => {
    const seeds = {
      adm: { username: 'p.adm', department: 'Administração' },
      infra: { username: 'p.infra', department: 'Infraestrutura' },
      infra2: { username: 'p.infra2', department: 'Infraestrutura' },
      jur: { username: 'p.jur', department: 'Jurídico' },
      admin: { username: 'p.admin', department: 'Gabinete', role: 'admin' as const },
      fin: { username: 'p.fin', department: 'Financeiro' },
    };
    await signInUsers(server, seeds, users);
    for (const clock of [server.app.get(Clock), worker.get(Clock)]) {
      jest.spyOn(clock, 'now').mockImplementation(() => new Date(`${today}T15:00:00.000Z`));
    }
  });
  beforeEach(() => setToday('2027-03-01'));

  const post = (token: string, path: string, body: unknown) =>
    api<ProcessMutationResponse>(server.url, 'POST', path, { token, body });
  const details = async (id: string, token = users.admin.token) =>
    (await api<ProcessView>(server.url, 'GET', `/processes/${pid(id)}`, { token })).body;
  const create = (deadline?: DeadlineRequest, more: Partial<CreateProcessRequest> = {}) =>
    createProcessViaApi(server.url, users.adm.token, { ...(deadline ? { deadline } : {}), ...more });
  const action = (
    id: string,
    what: 'deadline' | 'suspend' | 'resume' | 'extend',
    body: unknown,
    token = users.infra.token,
  ) => post(token, `/processes/${pid(id)}/${what}`, body);
  const ok = async (reply: Promise<{ status: number; body: ProcessMutationResponse }>, message: string) => {
    const res = await reply;
    expect([res.status, res.body.message]).toEqual([200, message]);
    return res.body.process;
  };
  const refused = async (reply: Promise<{ status: number; body: unknown }>, status: number, message: string) => {
    const res = await reply;
    expect([res.status, (res.body as { message: string }).message]).toEqual([status, message]);
  };

  describe('creation', () => {
    it('{days, unit}: counted from today, the start day excluded, with a history entry and an audit row', async () => {
      const p = await create({ days: 10, unit: 'business' });
      expect(p.deadline).toEqual({
        due: '2027-03-15',
        unit: 'business',
        state: 'on-time',
        kind: 'process',
        businessDaysLeft: 10,
      });
      expect(p.deadlines).toHaveLength(1);
      expect(p.deadlines[0]).toMatchObject({
        days: 10,
        startDate: '2027-03-01',
        setBy: { _id: users.adm.id },
        maxExtensions: 1,
        maxExtensionDays: 10,
        extensions: 0,
        metAt: null,
        metLate: null,
      });
      expect(p.history.map((h) => [h.action, h.comment])).toEqual([
        ['Processo criado', 'Processo criado e enviado para Infraestrutura.'],
        ['Prazo definido', 'Prazo de 10 dias úteis: vence em 15/03/2027.'],
      ]);
      const audit = await server.dataSource.query(
        `SELECT action, description, details FROM audit_logs WHERE entity_id = $1 ORDER BY created_at`,
        [p.id],
      );
      expect(audit.map((a: { description: string }) => a.description).sort()).toEqual([
        `Prazo do processo ${p.id} definido`,
        `Processo ${p.id} criado`,
      ]);
      expect(
        audit.find((a: { action: string; description: string }) => a.description.startsWith('Prazo')).details,
      ).toMatchObject({ kind: 'process', unit: 'business', days: 10, due: '2027-03-15' });
    });

    it('{date}: a day without business moves to the next business day; the unit defaults to DEADLINE_UNIT', async () => {
      const p = await create({ date: '2027-03-06' });
      expect(p.deadline).toMatchObject({ due: '2027-03-08', unit: 'calendar', state: 'on-time', businessDaysLeft: 5 });
      expect(p.deadlines[0]).toMatchObject({ days: null });
      expect(p.history[1].comment).toBe('Prazo até 08/03/2027 (contado em dias corridos).');
    });

    it('a protocol dueDate without `deadline` becomes the process deadline, by date; `deadline` wins over it', async () => {
      const res = await api<ProtocolMutationResponse>(server.url, 'POST', '/protocol', {
        token: users.adm.token,
        body: {
          subject: 'Pedido de informação (LAI)',
          description: 'Cópia do contrato de iluminação.',
          destinationDepartment: 'Infraestrutura',
          protocolData: { type: 'external', dueDate: '2027-03-12' },
        },
      });
      expect(res.status).toBe(201);
      expect(res.body.protocol.deadline).toMatchObject({ due: '2027-03-12', kind: 'process', state: 'on-time' });
      const both = await create(
        { days: 20, unit: 'calendar' },
        { protocolData: { type: 'external', status: 'pending', priority: 'normal', dueDate: '2027-03-12' } },
      );
      expect(both.deadline).toMatchObject({ due: '2027-03-22', unit: 'calendar' });
      expect(both.deadlines).toHaveLength(1);
    });

    it('bad deadlines at creation are refused with their pt-BR 400 and create nothing', async () => {
      const before = await server.dataSource.query(`SELECT count(*)::int AS n FROM processes`);
      const attempt = (deadline: unknown) =>
        api(server.url, 'POST', '/processes', {
          token: users.adm.token,
          body: { subject: 'Com prazo inválido', description: 'x', destinationDepartment: 'Infraestrutura', deadline },
        });
      await refused(attempt({ days: -1 }), 400, M.daysInvalid);
      await refused(attempt({ date: '2027-02-28' }), 400, M.dateInPast);
      await refused(attempt({ days: 5, date: '2027-03-10' }), 400, M.daysOrDate);
      await refused(
        api(server.url, 'POST', '/protocol', {
          token: users.adm.token,
          body: {
            subject: 'Protocolo distante',
            description: 'x',
            destinationDepartment: 'Infraestrutura',
            protocolData: { dueDate: '2999-12-31' },
          },
        }),
        400,
        M.dateTooFar,
      );
      expect(await server.dataSource.query(`SELECT count(*)::int AS n FROM processes`)).toEqual(before);
    });
  });

  describe('return deadlines on a forward', () => {
    /** A process at Infraestrutura, forwarded by infra to Jurídico asking a return in 5 calendar days. */
    const forwarded = async (returnDeadline: DeadlineRequest = { days: 5, unit: 'calendar' }) => {
      const p = await create();
      return ok(
        post(users.infra.token, `/processes/${pid(p.id)}/forward`, {
          destinationDepartment: 'Jurídico',
          comment: 'Parecer, por favor.',
          returnDeadline,
        }),
        'Processo encaminhado com sucesso!',
      );
    };

    it('both sides see it on the details; the history says who asked whom', async () => {
      const p = await forwarded();
      for (const token of [users.infra2.token, users.jur.token]) {
        const seen = await details(p.id, token);
        expect(seen.deadline).toEqual({
          due: '2027-03-08',
          unit: 'calendar',
          state: 'on-time',
          kind: 'return',
          businessDaysLeft: 5,
        });
        expect(seen.deadlines[0]).toMatchObject({
          kind: 'return',
          fromDepartment: 'Infraestrutura',
          toDepartment: 'Jurídico',
          setBy: { _id: users.infra.id },
          days: 5,
        });
      }
      expect(p.history.slice(-2).map((h) => [h.action, h.comment])).toEqual([
        ['Processo encaminhado', 'Parecer, por favor.'],
        [
          'Retorno programado',
          'Infraestrutura pediu o retorno de Jurídico. Prazo de 5 dias corridos: vence em 08/03/2027.',
        ],
      ]);
    });

    it('is met on time when forwarded back to the department that asked', async () => {
      const p = await forwarded();
      setToday('2027-03-08');
      const back = await ok(
        post(users.jur.token, `/processes/${pid(p.id)}/forward`, {
          destinationDepartment: 'Infraestrutura',
          comment: 'Parecer anexo.',
        }),
        'Processo encaminhado com sucesso!',
      );
      expect(back.deadline).toMatchObject({ state: 'met', kind: 'return', businessDaysLeft: null });
      expect(back.deadlines[0]).toMatchObject({ metLate: false, metAt: '2027-03-08T15:00:00.000Z' });
      expect(back.history.at(-1)).toMatchObject({
        action: 'Retorno programado cumprido',
        comment: 'Retorno de Jurídico para Infraestrutura cumprido no prazo (vencimento em 08/03/2027).',
      });
    });

    it('is met late when the destination answers after the due day', async () => {
      const p = await forwarded({ days: 2, unit: 'business' });
      expect(p.deadline?.due).toBe('2027-03-03');
      setToday('2027-03-04');
      expect((await details(p.id)).deadline).toMatchObject({ state: 'overdue', businessDaysLeft: -1 });
      const answered = await ok(
        post(users.jur.token, `/processes/${pid(p.id)}/response-simple`, { response: 'Segue o parecer.' }),
        'Resposta adicionada com sucesso!',
      );
      expect(answered.deadline).toMatchObject({ state: 'met' });
      expect(answered.deadlines[0]).toMatchObject({ metLate: true });
      expect(answered.history.at(-1)?.comment).toBe(
        'Retorno de Jurídico para Infraestrutura cumprido com atraso (vencimento em 03/03/2027).',
      );
    });

    it('and the other two ways: late when forwarded back, on time when answered', async () => {
      const back = await forwarded({ days: 1, unit: 'business' });
      setToday('2027-03-03');
      const late = await ok(
        post(users.jur.token, `/processes/${pid(back.id)}/forward`, {
          destinationDepartment: 'Infraestrutura',
          comment: 'Devolvo.',
        }),
        'Processo encaminhado com sucesso!',
      );
      expect(late.deadlines[0]).toMatchObject({ state: 'met', metLate: true, due: '2027-03-02' });
      setToday('2027-03-01');
      const answered = await forwarded();
      const onTime = await ok(
        post(users.jur.token, `/processes/${pid(answered.id)}/response-simple`, { response: 'Respondido.' }),
        'Resposta adicionada com sucesso!',
      );
      expect(onTime.deadlines[0]).toMatchObject({ state: 'met', metLate: false });
    });

    it('a forward elsewhere does not meet it; a bad returnDeadline refuses the forward', async () => {
      const p = await forwarded();
      const on = await ok(
        post(users.jur.token, `/processes/${pid(p.id)}/forward`, {
          destinationDepartment: 'Financeiro',
          comment: 'Ciência.',
        }),
        'Processo encaminhado com sucesso!',
      );
      expect(on.deadline).toMatchObject({ state: 'on-time', kind: 'return' });
      await refused(
        post(users.fin.token, `/processes/${pid(p.id)}/forward`, {
          destinationDepartment: 'Jurídico',
          comment: 'x',
          returnDeadline: { days: 0 },
        }),
        400,
        M.daysInvalid,
      );
      expect((await details(p.id)).currentDepartment).toBe('Financeiro');
    });

    it('the department that asked hears process:updated when the one asked extends it', async () => {
      const p = await forwarded();
      const socket = await connectSocket(server.url, users.infra2.token);
      const heard: ProcessUpdatedPayload[] = [];
      socket.on('process:updated', (payload) => heard.push(payload));
      try {
        await ok(
          action(p.id, 'extend', { days: 2, justification: 'Parecer extenso.' }, users.jur.token),
          'Prazo prorrogado com sucesso!',
        );
        await eventually(
          () => heard.some((u) => u.processId === p.id && u.event === 'process.deadline-changed'),
          'process:updated na sala de Infraestrutura',
        );
      } finally {
        socket.close();
      }
    });

    it('finalisation meets every running deadline', async () => {
      const p = await create({ days: 10, unit: 'business' });
      await ok(
        post(users.infra.token, `/processes/${pid(p.id)}/forward`, {
          destinationDepartment: 'Jurídico',
          comment: 'x',
          returnDeadline: { days: 1, unit: 'business' },
        }),
        'Processo encaminhado com sucesso!',
      );
      setToday('2027-03-05');
      const done = await ok(
        post(users.jur.token, `/processes/${pid(p.id)}/finalize`, { finalResponse: 'Concluído.' }),
        'Processo finalizado com sucesso!',
      );
      expect(done.deadlines.map((d) => [d.kind, d.state, d.metLate]).sort()).toEqual([
        ['process', 'met', false],
        ['return', 'met', true],
      ]);
      expect(done.deadline).toMatchObject({ state: 'met' });
      expect(
        done.history
          .slice(-2)
          .map((h) => h.action)
          .sort(),
      ).toEqual(['Prazo cumprido', 'Retorno programado cumprido']);
      // A finalised process's deadlines cannot change (400), before any other check but the acting rule.
      await refused(action(p.id, 'deadline', { days: 5 }, users.jur.token), 400, M.processClosed);
      await refused(action(p.id, 'extend', { days: 1, justification: 'x' }, users.admin.token), 400, M.processClosed);
      await refused(action(p.id, 'deadline', { days: 5 }, users.fin.token), 403, NOT_ACTING);
    });
  });

  describe('set, suspend, resume, extend', () => {
    it('sets, then replaces, the process deadline (the history keeps both)', async () => {
      const p = await create();
      expect(p.deadline).toBeNull();
      const set = await ok(action(p.id, 'deadline', { days: 3, unit: 'business' }), 'Prazo definido com sucesso!');
      expect(set.deadline).toMatchObject({ due: '2027-03-04', state: 'due-soon', businessDaysLeft: 3 });
      setToday('2027-03-02');
      const again = await ok(action(p.id, 'deadline', { date: '2027-03-20' }), 'Prazo definido com sucesso!');
      expect(again.deadline).toMatchObject({ due: '2027-03-22', unit: 'calendar', state: 'on-time' });
      expect(again.deadlines).toHaveLength(1);
      expect(again.history.filter((h) => h.action === 'Prazo definido').map((h) => h.comment)).toEqual([
        'Prazo de 3 dias úteis: vence em 04/03/2027.',
        'Prazo até 22/03/2027 (contado em dias corridos).',
      ]);
      const audit = await server.dataSource.query(
        `SELECT description FROM audit_logs WHERE entity_id = $1 AND description LIKE 'Prazo%' ORDER BY created_at`,
        [p.id],
      );
      expect(audit.map((a: { description: string }) => a.description)).toEqual([
        `Prazo do processo ${p.id} definido`,
        `Prazo do processo ${p.id} redefinido`,
      ]);
    });

    it('suspend → the clock moves → resume counts the days that were left from the day it resumes', async () => {
      const p = await create({ days: 10, unit: 'business' });
      setToday('2027-03-03');
      await refused(action(p.id, 'resume', {}), 400, M.noSuspendedDeadline);
      const suspended = await ok(
        action(p.id, 'suspend', { reason: 'Aguardando documento do requerente.' }),
        'Prazo sobrestado com sucesso!',
      );
      expect(suspended.deadline).toEqual({
        due: '2027-03-15',
        unit: 'business',
        state: 'suspended',
        kind: 'process',
        businessDaysLeft: null,
      });
      expect(suspended.deadlines[0]).toMatchObject({
        suspendReason: 'Aguardando documento do requerente.',
        suspendedAt: '2027-03-03T15:00:00.000Z',
      });
      expect(suspended.history.at(-1)).toMatchObject({
        action: 'Prazo sobrestado',
        comment: 'Motivo: Aguardando documento do requerente.\nPrazo do processo: restam 8 dias úteis.',
      });
      await refused(action(p.id, 'suspend', { reason: 'de novo' }), 400, M.noOpenDeadline);
      await refused(action(p.id, 'extend', { days: 1, justification: 'x' }), 400, M.suspendedCannotExtend);
      setToday('2027-03-10');
      expect((await details(p.id)).deadline).toMatchObject({ state: 'suspended' });
      const resumed = await ok(action(p.id, 'resume', {}), 'Prazo retomado com sucesso!');
      expect(resumed.deadline).toEqual({
        due: '2027-03-22',
        unit: 'business',
        state: 'on-time',
        kind: 'process',
        businessDaysLeft: 8,
      });
      expect(resumed.deadlines[0]).toMatchObject({ suspendedAt: null });
      expect(resumed.history.at(-1)).toMatchObject({
        action: 'Prazo retomado',
        comment: 'Prazo do processo: vence em 22/03/2027.',
      });
    });

    it('a deadline overdue when suspended keeps its due day on resuming', async () => {
      const p = await create({ days: 2, unit: 'business' });
      setToday('2027-03-05');
      await ok(action(p.id, 'suspend', { reason: 'Diligência.' }), 'Prazo sobrestado com sucesso!');
      setToday('2027-03-10');
      const resumed = await ok(action(p.id, 'resume', {}), 'Prazo retomado com sucesso!');
      expect(resumed.deadline).toMatchObject({ due: '2027-03-03', state: 'overdue', businessDaysLeft: -5 });
    });

    it('extends within the default limits (one extension of 10 days), then refuses', async () => {
      const p = await create({ days: 10, unit: 'business' });
      await refused(
        action(p.id, 'extend', { days: 11, justification: 'Volume de documentos.' }),
        400,
        M.extensionTooLong(10),
      );
      const extended = await ok(
        action(p.id, 'extend', { days: 5, justification: 'Volume de documentos.' }),
        'Prazo prorrogado com sucesso!',
      );
      expect(extended.deadline).toMatchObject({ due: '2027-03-22', state: 'on-time' });
      expect(extended.deadlines[0]).toMatchObject({ extensions: 1, extendedDays: 5 });
      expect(extended.history.at(-1)).toMatchObject({
        action: 'Prazo prorrogado',
        comment:
          'Prazo do processo prorrogado por 5 dias úteis: vencia em 15/03/2027, vence em 22/03/2027.\nJustificativa: Volume de documentos.',
      });
      await refused(
        action(p.id, 'extend', { days: 1, justification: 'Mais um pouco.' }),
        400,
        M.extensionsExhausted(1),
      );
      const audit = await server.dataSource.query(
        `SELECT details FROM audit_logs WHERE entity_id = $1 AND description = $2`,
        [p.id, `Prazo do processo ${p.id} prorrogado`],
      );
      expect(audit).toHaveLength(1);
      expect(audit[0].details).toMatchObject({
        from: '2027-03-15',
        due: '2027-03-22',
        justification: 'Volume de documentos.',
      });
    });

    it('concurrent extensions: the process row lock lets exactly one of them in', async () => {
      const p = await create({ days: 10, unit: 'business' });
      const replies = await Promise.all(
        [1, 2, 3, 4].map((days) => action(p.id, 'extend', { days, justification: `Pedido ${days}.` })),
      );
      expect(replies.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
      const refusals = replies
        .filter((r) => r.status === 400)
        .map((r) => (r.body as unknown as { message: string }).message);
      expect(new Set(refusals)).toEqual(new Set([M.extensionsExhausted(1)]));
      const after = await details(p.id);
      expect(after.deadlines[0].extensions).toBe(1);
      expect(after.history.filter((h) => h.action === 'Prazo prorrogado')).toHaveLength(1);
    });

    it('honours the limits a deadline names (maxExtensions, maxExtensionDays)', async () => {
      const p = await create({ days: 10, unit: 'calendar', maxExtensions: 2, maxExtensionDays: 3 });
      await ok(action(p.id, 'extend', { days: 2, justification: 'a' }), 'Prazo prorrogado com sucesso!');
      await refused(action(p.id, 'extend', { days: 2, justification: 'b' }), 400, M.extensionTooLong(1));
      const last = await ok(action(p.id, 'extend', { days: 1, justification: 'c' }), 'Prazo prorrogado com sucesso!');
      expect(last.deadlines[0]).toMatchObject({
        extensions: 2,
        extendedDays: 3,
        maxExtensions: 2,
        maxExtensionDays: 3,
      });
      // The 11th + 2 calendar days is Saturday the 13th, moved to Monday the 15th; + 1 from there is the 16th.
      expect(last.deadline?.due).toBe('2027-03-16');
      await refused(action(p.id, 'extend', { days: 1, justification: 'd' }), 400, M.extensionsExhausted(2));
      const none = await create({ days: 10, maxExtensions: 0 });
      await refused(action(none.id, 'extend', { days: 1, justification: 'e' }), 400, M.extensionsExhausted(0));
      const bare = await create();
      await refused(action(bare.id, 'extend', { days: 1, justification: 'f' }), 400, M.noOpenDeadline);
      await refused(action(bare.id, 'suspend', { reason: 'g' }), 400, M.noOpenDeadline);
    });

    it('an extension is notified to the current department and whoever set it, never to the actor', async () => {
      const p = await create({ days: 10, unit: 'business' });
      const extended = await ok(
        action(p.id, 'extend', { days: 2, justification: 'Férias do responsável.' }),
        'Prazo prorrogado com sucesso!',
      );
      const link = `/semgi/process-details/${pid(p.id)}`;
      const told = () =>
        server.dataSource.query(
          `SELECT user_id, title, message FROM notifications WHERE link = $1 AND title = 'Prazo prorrogado'`,
          [link],
        );
      await eventually(async () => (await told()).length === 2, 'as notificações de prorrogação');
      const rows: { user_id: string; message: string }[] = await told();
      expect(rows.map((r) => r.user_id).sort()).toEqual([users.adm.id, users.infra2.id].sort());
      expect(rows[0].message).toBe(
        `${extended.history.at(-1)!.user!.name} prorrogou o prazo do processo ${p.id} ("${p.subject}") por 2 dias úteis: vence em 17/03/2027.`,
      );
    });

    it('a confidential process: 404 for whoever cannot see it; its extension says nothing of its subject', async () => {
      const secret = await create(
        { days: 10, unit: 'business' },
        { confidential: true, confidentialAccess: [users.infra.id], subject: 'Apuração sigilosa' },
      );
      for (const [what, body] of [
        ['deadline', { days: 3 }],
        ['suspend', { reason: 'x' }],
        ['resume', {}],
        ['extend', { days: 1, justification: 'x' }],
      ] as const) {
        await refused(action(secret.id, what, body, users.infra2.token), 404, 'Processo não encontrado.');
        await refused(action(secret.id, what, body, users.jur.token), 404, 'Processo não encontrado.');
      }
      await ok(action(secret.id, 'extend', { days: 1, justification: 'Sigilo.' }), 'Prazo prorrogado com sucesso!');
      const link = `/semgi/process-details/${pid(secret.id)}`;
      const told = () =>
        server.dataSource.query(
          `SELECT user_id, message FROM notifications WHERE link = $1 AND title = 'Prazo prorrogado'`,
          [link],
        );
      await eventually(async () => (await told()).length === 1, 'a notificação sigilosa');
      const [row] = await told();
      expect(row.user_id).toBe(users.adm.id);
      expect(row.message).not.toContain('Apuração');
    });

    it('open pages of the department hear process:updated for every change', async () => {
      const p = await create({ days: 10 });
      const socket = await connectSocket(server.url, users.infra2.token);
      const heard: ProcessUpdatedPayload[] = [];
      socket.on('process:updated', (payload) => heard.push(payload));
      try {
        await ok(action(p.id, 'suspend', { reason: 'x' }), 'Prazo sobrestado com sucesso!');
        // No body at all, as the API lists the route.
        await ok(
          api<ProcessMutationResponse>(server.url, 'POST', `/processes/${pid(p.id)}/resume`, {
            token: users.infra.token,
          }),
          'Prazo retomado com sucesso!',
        );
        const changes = () => heard.filter((u) => u.processId === p.id && u.event === 'process.deadline-changed');
        await eventually(() => changes().length === 2, 'process:updated das mudanças de prazo');
      } finally {
        socket.close();
      }
    });

    it('deleting a process takes its deadlines with it', async () => {
      const p = await create({ days: 10 });
      const res = await api(server.url, 'DELETE', `/processes/${pid(p.id)}`, { token: users.admin.token });
      expect(res.status).toBe(200);
      expect(await server.dataSource.query(`SELECT id FROM process_deadlines WHERE process_id = $1`, [p.id])).toEqual(
        [],
      );
    });

    it('403 for a user who may not act on the process', async () => {
      const p = await create({ days: 10 });
      for (const [what, body] of [
        ['deadline', { days: 3 }],
        ['suspend', { reason: 'x' }],
        ['resume', {}],
        ['extend', { days: 1, justification: 'x' }],
      ] as const) {
        await refused(action(p.id, what, body, users.jur.token), 403, NOT_ACTING);
      }
      // An admin may act anywhere.
      await ok(
        action(p.id, 'suspend', { reason: 'Pelo administrador.' }, users.admin.token),
        'Prazo sobrestado com sucesso!',
      );
    });

    it('every bad input gets its pt-BR 400', async () => {
      const p = await create({ days: 10 });
      const cases: [string, unknown, string][] = [
        ['deadline', { days: -1 }, M.daysInvalid],
        ['deadline', { days: 0 }, M.daysInvalid],
        ['deadline', { days: 731 }, M.daysInvalid],
        ['deadline', { days: 1.5 }, M.daysInvalid],
        ['deadline', { days: '5' }, M.daysInvalid],
        ['deadline', { days: 5, date: '2027-03-10' }, M.daysOrDate],
        ['deadline', {}, M.daysOrDate],
        ['deadline', { date: '2027-02-28' }, M.dateInPast],
        ['deadline', { date: '2029-03-02' }, M.dateTooFar],
        ['deadline', { date: '10/03/2027' }, M.dateInvalid],
        ['deadline', { date: '2027-02-30' }, M.dateInvalid],
        ['deadline', { days: 5, unit: 'weeks' }, M.unitInvalid],
        ['deadline', { days: 5, maxExtensions: -1 }, M.maxExtensionsInvalid],
        ['deadline', { days: 5, maxExtensionDays: 731 }, M.maxExtensionDaysInvalid],
        ['suspend', {}, M.reasonRequired],
        ['suspend', { reason: '   ' }, M.reasonRequired],
        ['suspend', { reason: 'x'.repeat(1001) }, M.reasonTooLong],
        ['extend', { days: 0, justification: 'x' }, M.extensionDaysInvalid],
        ['extend', { days: -3, justification: 'x' }, M.extensionDaysInvalid],
        ['extend', { days: 731, justification: 'x' }, M.extensionDaysInvalid],
        ['extend', { days: 2 }, M.justificationRequired],
      ];
      for (const [what, body, message] of cases) {
        const res = await action(p.id, what as 'deadline', body);
        expect([what, body, res.status, (res.body as unknown as { message: string }).message]).toEqual([
          what,
          body,
          400,
          message,
        ]);
      }
      expect((await details(p.id)).deadline).toMatchObject({ due: '2027-03-11', state: 'on-time' });
    });
  });

  describe('the list: `deadline` of each row, the filter and sort=deadline as the clock moves', () => {
    const tag = 'lotefiltroprazo';
    const ids = {} as Record<'over' | 'soon' | 'on' | 'none' | 'met' | 'susp', string>;

    beforeAll(async () => {
      today = '2027-03-01';
      const make = async (key: keyof typeof ids, deadline?: DeadlineRequest) => {
        ids[key] = (await create(deadline, { subject: `Processo ${key} ${tag}` })).id;
      };
      await make('over', { days: 1, unit: 'business' });
      await make('soon', { days: 3, unit: 'business' });
      await make('on', { days: 10, unit: 'business' });
      await make('none');
      await make('met', { days: 4, unit: 'business' });
      await make('susp', { days: 5, unit: 'business' });
      await ok(
        post(users.infra.token, `/processes/${pid(ids.met)}/finalize`, { finalResponse: 'ok' }),
        'Processo finalizado com sucesso!',
      );
      await ok(action(ids.susp, 'suspend', { reason: 'Aguardando.' }), 'Prazo sobrestado com sucesso!');
    });

    const listed = async (query: string) => {
      const res = await api<ProcessListResponse>(server.url, 'GET', `/processes?q=${tag}&${query}`, {
        token: users.adm.token,
      });
      expect(res.status).toBe(200);
      return res.body.data.processes;
    };
    const keysOf = (rows: { id: string }[]) =>
      rows.map((row) => Object.entries(ids).find(([, id]) => id === row.id)![0]);
    const filtered = async () => ({
      overdue: keysOf(await listed('deadline=overdue')).sort(),
      'due-soon': keysOf(await listed('deadline=due-soon')).sort(),
      'on-time': keysOf(await listed('deadline=on-time')).sort(),
      none: keysOf(await listed('deadline=none')).sort(),
    });

    it('on the 1st', async () => {
      expect(await filtered()).toEqual({
        overdue: [],
        'due-soon': ['over', 'soon'],
        'on-time': ['on'],
        none: ['met', 'none'],
      });
      const rows = await listed('sort=deadline');
      // Open deadlines by due day, then the suspended one, then the rest (met, none) by last update.
      expect(keysOf(rows).slice(0, 4)).toEqual(['over', 'soon', 'on', 'susp']);
      expect(keysOf(rows).slice(4).sort()).toEqual(['met', 'none']);
      const byKey = Object.fromEntries(rows.map((row) => [keysOf([row])[0], row.deadline]));
      expect(byKey).toEqual({
        over: { due: '2027-03-02', unit: 'business', state: 'due-soon', kind: 'process', businessDaysLeft: 1 },
        soon: { due: '2027-03-04', unit: 'business', state: 'due-soon', kind: 'process', businessDaysLeft: 3 },
        susp: { due: '2027-03-08', unit: 'business', state: 'suspended', kind: 'process', businessDaysLeft: null },
        on: { due: '2027-03-15', unit: 'business', state: 'on-time', kind: 'process', businessDaysLeft: 10 },
        met: { due: '2027-03-05', unit: 'business', state: 'met', kind: 'process', businessDaysLeft: null },
        none: null,
      });
    });

    it('on the 3rd and on the 10th', async () => {
      setToday('2027-03-03');
      expect(await filtered()).toEqual({
        overdue: ['over'],
        'due-soon': ['soon'],
        'on-time': ['on'],
        none: ['met', 'none'],
      });
      setToday('2027-03-10');
      expect(await filtered()).toEqual({
        overdue: ['over', 'soon'],
        'due-soon': ['on'],
        'on-time': [],
        none: ['met', 'none'],
      });
      const rows = await listed('deadline=overdue');
      expect(rows.map((row) => row.deadline?.businessDaysLeft).sort()).toEqual([-4, -6]);
      expect((await api(server.url, 'GET', '/processes?deadline=late', { token: users.adm.token })).body).toMatchObject(
        {
          statusCode: 400,
          message: M.filterInvalid,
        },
      );
    });
  });
});
