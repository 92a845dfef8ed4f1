import { DEADLINE_MESSAGES } from '#server/contracts/deadlines';
import { LAI_MESSAGES, type LaiRequestsResponse } from '#server/contracts/lai';
import type { CreateProcessRequest, ProcessMutationResponse, ProcessView } from '#server/contracts/processes';
import { PROCESS_MESSAGES } from '#server/contracts/validation-messages';
import { Clock } from '#server/domain/clock';
import { createProcessViaApi, pid } from '#test/factories/processes';
import { signInUsers } from '#test/factories/users';
import { api } from '#test/setup/app';
import { eventually, quietPeriod } from '#test/setup/eventually';
import { useServerSuite } from '#test/setup/server-suite';
import { TestSmtpServer } from '#test/setup/smtp-server';
import { smtpSuite } from '#test/setup/smtp-suite';

/**
 * Access-to-information requests (docs/processes.md#access-to-information-requests) through the real
 * server, worker and an SMTP server, with the Clock on Monday 1 March 2027 in São Paulo: the LAI's 20
 * calendar days end on Sunday the 21st and move to Monday the 22nd.
 */
describe('LAI requests: the legal clock, its one extension, the requester e-mail and the e-SIC/LAI list', () => {
  const smtp = new TestSmtpServer();
  const { server, worker } = useServerSuite({ worker: true, ...smtpSuite(smtp) });
  const users = {} as Record<'adm' | 'infra' | 'gab' | 'gab2' | 'admin', { id: string; token: string }>;

  beforeAll(async () => {
    const seeds = {
      adm: { username: 'lai.adm', department: 'Administração' },
      infra: { username: 'lai.infra', department: 'Infraestrutura' },
      gab: { username: 'lai.gab', department: 'Gabinete' },
      gab2: { username: 'lai.gab2', department: 'Gabinete' },
      admin: { username: 'lai.admin', department: 'Administração', role: 'admin' as const },
    };
    await signInUsers(server, seeds, users);
    for (const clock of [server.app.get(Clock), worker.get(Clock)]) {
      jest.spyOn(clock, 'now').mockImplementation(() => new Date('2027-03-01T15:00:00.000Z'));
    }
  });

  const citizen = (email: string) => ({
    isNewRequester: true,
    requester: { name: 'Joana Cidadã', document: '529.982.247-25', phone: '11 99999-0000', email },
  });
  const createLai = (more: Partial<CreateProcessRequest> = {}) =>
    createProcessViaApi(server.url, users.adm.token, {
      subject: 'Contratos de iluminação pública de 2026',
      requestType: 'lai',
      ...more,
    });
  const post = (token: string, path: string, body: unknown) =>
    api<ProcessMutationResponse>(server.url, 'POST', path, { token, body });
  const message = (body: unknown) => (body as { message: string }).message;
  const list = (token: string, query = '') =>
    api<LaiRequestsResponse>(server.url, 'GET', `/lai/requests${query}`, { token });

  it('creation sets the 20-day clock: calendar days, a Sunday end moved to Monday, one extension of up to 10', async () => {
    const p = await createLai();
    expect(p.requestType).toBe('lai');
    expect(p.deadline).toMatchObject({ due: '2027-03-22', unit: 'calendar', state: 'on-time', kind: 'process' });
    expect(p.deadlines[0]).toMatchObject({ days: 20, startDate: '2027-03-01', maxExtensions: 1, maxExtensionDays: 10 });
    expect(p.history.map((h) => h.action)).toEqual(['Processo criado', 'Prazo definido']);

    const standard = await createProcessViaApi(server.url, users.adm.token);
    expect([standard.requestType, standard.deadline]).toEqual(['standard', null]);
  });

  it('the legal clock is not replaced: a deadline sent with the request, or set later, is a 400 in pt-BR', async () => {
    const withDeadline = await api(server.url, 'POST', '/processes', {
      token: users.adm.token,
      body: {
        subject: 'Pedido',
        description: 'Quero os dados.',
        destinationDepartment: 'Infraestrutura',
        requestType: 'lai',
        deadline: { days: 5 },
      },
    });
    expect([withDeadline.status, message(withDeadline.body)]).toEqual([400, PROCESS_MESSAGES.laiDeadlineFixed]);
    const badType = await api(server.url, 'POST', '/processes', {
      token: users.adm.token,
      body: {
        subject: 'Pedido',
        description: 'Quero os dados.',
        destinationDepartment: 'Infraestrutura',
        requestType: 'sic',
      },
    });
    expect([badType.status, message(badType.body)]).toEqual([400, PROCESS_MESSAGES.requestTypeInvalid]);

    const p = await createLai();
    const reset = await post(users.infra.token, `/processes/${pid(p.id)}/deadline`, { days: 60 });
    expect([reset.status, message(reset.body)]).toEqual([400, PROCESS_MESSAGES.laiDeadlineNotReplaceable]);
  });

  it('one extension of at most 10 days with a justification; a second is refused; the requester is e-mailed once', async () => {
    const email = 'joana.lai@cidada.test';
    const p = await createLai({ ...citizen(email) });
    const extend = (body: unknown) => post(users.infra.token, `/processes/${pid(p.id)}/extend`, body);

    const tooLong = await extend({ days: 11, justification: 'Volume de documentos.' });
    expect([tooLong.status, message(tooLong.body)]).toEqual([400, DEADLINE_MESSAGES.extensionTooLong(10)]);
    const unjustified = await extend({ days: 10 });
    expect([unjustified.status, message(unjustified.body)]).toEqual([400, DEADLINE_MESSAGES.justificationRequired]);

    const justification = 'Os contratos estão no arquivo geral e precisam ser digitalizados.';
    const done = await extend({ days: 10, justification });
    expect([done.status, done.body.process.deadline?.due]).toEqual([200, '2027-04-01']);
    const again = await extend({ days: 1, justification: 'Mais um dia.' });
    expect([again.status, message(again.body)]).toEqual([400, DEADLINE_MESSAGES.extensionsExhausted(1)]);

    await eventually(() => smtp.toAfterReceipt(email).length === 1, 'o e-mail ao requerente');
    await quietPeriod(1500);
    expect(smtp.toAfterReceipt(email)).toHaveLength(1);
    const mail = smtp.toAfterReceipt(email)[0];
    expect(mail.subject).toBe(`SEMGI: prazo do pedido de acesso à informação ${p.id} prorrogado`);
    expect(mail.text).toContain('Olá, Joana Cidadã.');
    expect(mail.text).toContain(`nº ${p.id} foi prorrogado por 10 dias corridos`);
    expect(mail.text).toContain('O novo prazo vence em 01/04/2027.');
    expect(mail.text).toContain(`Justificativa: ${justification}`);
    expect(mail.text).not.toContain('Contratos de iluminação');
  });

  it('an extension of a request that is not LAI, or of one without an address, e-mails nobody', async () => {
    const standardMail = 'sem.lai@cidada.test';
    const standard = await createProcessViaApi(server.url, users.adm.token, {
      ...citizen(standardMail),
      deadline: { days: 5 },
    });
    const noAddress = await createLai({ ...citizen('') });
    for (const id of [standard.id, noAddress.id]) {
      const res = await post(users.infra.token, `/processes/${pid(id)}/extend`, { days: 3, justification: 'Férias.' });
      expect(res.status).toBe(200);
    }
    await quietPeriod(1500);
    expect(smtp.toAfterReceipt(standardMail)).toHaveLength(0);
    const requesterMails = smtp.received.filter((m) => m.subject.startsWith('SEMGI: prazo do pedido de acesso'));
    expect(
      requesterMails.map((m) => m.subject).filter((s) => s.includes(noAddress.id) || s.includes(standard.id)),
    ).toEqual([]);
  });

  it('the list: admins and the Gabinete only, by due day, filtered by state, confidential ones by the visibility rule', async () => {
    const refused = await list(users.infra.token);
    expect([refused.status, message(refused.body)]).toEqual([403, LAI_MESSAGES.forbidden]);
    const badState = await list(users.gab.token, '?state=late');
    expect(badState.status).toBe(400);

    const secret = await createLai({
      subject: 'Pedido sigiloso de dados de servidores',
      ...citizen('sigilo@cidada.test'),
      confidential: true,
      confidentialAccess: [users.gab2.id],
    });
    const admin = await list(users.admin.token);
    expect(admin.status).toBe(200);
    const rows = admin.body.data.requests;
    expect(rows.every((r) => r.deadline !== null)).toBe(true);
    const dues = rows.map((r) => r.deadline!.due);
    expect(dues).toEqual([...dues].sort());
    expect(rows.map((r) => r.id)).toContain(secret.id);
    const found = rows.find((r) => r.id === secret.id)!;
    expect(found).toMatchObject({ requester: 'Joana Cidadã', confidential: true, status: 'pendente' });
    expect(found.receivedAt).toBe(secret.createdAt);

    const gab = (await list(users.gab.token)).body.data;
    expect(gab.requests.map((r) => r.id)).not.toContain(secret.id);
    expect(gab.total).toBe(admin.body.data.total - 1);
    const gab2 = (await list(users.gab2.token)).body.data.requests;
    expect(gab2.map((r) => r.id)).toContain(secret.id);

    const details = await api<ProcessView>(server.url, 'GET', `/processes/${pid(secret.id)}`, {
      token: users.gab.token,
    });
    expect(details.status).toBe(404);

    const onTime = (await list(users.admin.token, '?state=on-time')).body.data.requests;
    expect(onTime.length).toBe(rows.length);
    const overdue = (await list(users.admin.token, '?state=overdue')).body.data;
    expect([overdue.requests, overdue.total]).toEqual([[], 0]);
    const standardIds = new Set(
      (await server.dataSource.query(`SELECT id FROM processes WHERE request_type = 'standard'`)).map(
        (r: { id: string }) => r.id,
      ),
    );
    expect(rows.some((r) => standardIds.has(r.id))).toBe(false);
  });
});
