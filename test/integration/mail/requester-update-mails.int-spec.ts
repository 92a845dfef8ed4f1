import type { INestApplicationContext } from '@nestjs/common';
import type { CreateProcessRequest, ProcessMutationResponse, ProcessView } from '#server/contracts/processes';
import { FIELD_MESSAGES, PROCESS_MESSAGES } from '#server/contracts/validation-messages';
import { createProcessViaApi, pid } from '#test/factories/processes';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login, startWorker } from '#test/setup/app';
import { eventually, quietPeriod } from '#test/setup/eventually';
import { useServerSuite } from '#test/setup/server-suite';
import { TestSmtpServer } from '#test/setup/smtp-server';
import { smtpSuite } from '#test/setup/smtp-suite';

type Session = Awaited<ReturnType<typeof login>>;
const BASE = 'https://semgi.prefeitura.test';

const citizen = <T = boolean>(email: string | undefined, emailUpdates?: T) => ({
  isNewRequester: true,
  requester: { name: 'Ana Cidadã', document: '529.982.247-25', phone: '(11) 97777-1234', email, emailUpdates },
});

/**
 * docs/processes.md#updates-by-e-mail: the opted-in external requester is e-mailed once per forward
 * and finalisation, through a real SMTP server and a real worker; nobody else, never for a
 * confidential process, never twice.
 */
describe('updates by e-mail to the external requester', () => {
  const smtp = new TestSmtpServer();
  const { server } = useServerSuite(smtpSuite(smtp, { PUBLIC_URL: BASE, MAIL_RATE_PER_SECOND: '100' }));
  let worker: INestApplicationContext;
  const s: Record<string, Session> = {};

  beforeAll(async () => {
    await server.dataSource.query(`INSERT INTO departments (name) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING`, [
      ['Infraestrutura', 'Jurídico'],
    ]);
    for (const [username, department] of [
      ['upd.atend', 'Administração'],
      ['upd.infra', 'Infraestrutura'],
      ['upd.jur', 'Jurídico'],
    ] as const) {
      await createUser(server.dataSource, { username, department, name: `Servidor ${username}` });
      s[username] = await login(server.url, username, TEST_PASSWORD);
    }
    worker = await startWorker();
  });
  afterAll(async () => {
    await worker.close();
  });

  const create = (overrides: Partial<CreateProcessRequest>) =>
    createProcessViaApi(server.url, s['upd.atend'].token, {
      subject: 'Pedido de poda de árvore',
      description: 'Descrição interna: galhos sobre a fiação da escola.',
      destinationDepartment: 'Infraestrutura',
      ...overrides,
    });
  const forward = async (id: string, to: string, by: string) => {
    const res = await api(server.url, 'POST', `/processes/${pid(id)}/forward`, {
      token: s[by].token,
      body: { destinationDepartment: to, comment: 'Comentário interno: vistoria feita pelo fiscal.' },
    });
    expect(res.status).toBe(200);
  };
  const finalize = async (id: string, by: string) => {
    const res = await api(server.url, 'POST', `/processes/${pid(id)}/finalize`, {
      token: s[by].token,
      body: { finalResponse: 'Observação final interna.' },
    });
    expect(res.status).toBe(200);
  };
  const setUpdates = (id: string, body: unknown, by = 'upd.infra') =>
    api<ProcessMutationResponse>(server.url, 'PATCH', `/processes/${pid(id)}/requester`, { token: s[by].token, body });
  /** Every event of the process relayed (so an e-mail not sent is not merely late). */
  const relayed = (id: string) =>
    eventually(async () => {
      const [row] = await server.dataSource.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM outbox_events WHERE processed_at IS NULL AND payload->>'processId' = $1`,
        [id],
      );
      return row.n === 0;
    }, 'os eventos do processo');

  it('e-mails the opted-in requester once per forward and finalisation, with only the public facts', async () => {
    const process = await create(citizen('ana.optin@cidadao.test', true));
    expect(process.requester).toMatchObject({ type: 'external', emailUpdates: true });
    await forward(process.id, 'Jurídico', 'upd.infra');
    await eventually(() => smtp.toAfterReceipt('ana.optin@cidadao.test').length === 1, 'o e-mail do encaminhamento');
    await finalize(process.id, 'upd.jur');
    await eventually(() => smtp.toAfterReceipt('ana.optin@cidadao.test').length === 2, 'o e-mail da finalização');
    await relayed(process.id);
    await quietPeriod(700);
    const [forwarded, finished] = smtp.toAfterReceipt('ana.optin@cidadao.test');
    expect(smtp.toAfterReceipt('ana.optin@cidadao.test')).toHaveLength(2);

    const link = `${BASE}/semgi/consulta?numero=${encodeURIComponent(process.id)}`;
    expect(forwarded.subject).toBe(`SEMGI: processo ${process.id} atualizado`);
    expect(forwarded.text).toMatch(
      new RegExp(
        `O processo ${process.id.replace(/[./]/g, '\\$&')} foi encaminhado para Jurídico em \\d{2}/\\d{2}/\\d{4} às \\d{2}:\\d{2}\\.`,
      ),
    );
    expect(forwarded.text).toMatch(/Situação: Em andamento\r?\nSetor atual: Jurídico/);
    expect(forwarded.text).toContain(link);
    expect(forwarded.html).toContain(`href="${link}"`);
    expect(finished.subject).toBe(`SEMGI: processo ${process.id} finalizado`);
    expect(finished.text).toMatch(/foi finalizado em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\./);
    expect(finished.text).toMatch(/Situação: Concluído\r?\nSetor atual: Jurídico/);
    const code = process.accessCode!.replace(/-/g, '');
    for (const mail of [forwarded, finished]) {
      for (const part of [mail.subject, mail.text, mail.html, mail.raw]) {
        for (const secret of ['interna', 'fiscal', 'Servidor upd', 'poda', code, process.accessCode!]) {
          expect(part).not.toContain(secret);
        }
      }
    }
  });

  it('a worker restart relaying the events again sends nothing more', async () => {
    const process = await create(citizen('ana.restart@cidadao.test', true));
    await forward(process.id, 'Jurídico', 'upd.infra');
    await eventually(() => smtp.toAfterReceipt('ana.restart@cidadao.test').length === 1, 'o e-mail');
    await relayed(process.id);
    await worker.close();
    // As if the worker had died before acknowledging: the events are relayed again by the next one.
    await server.dataSource.query(`UPDATE outbox_events SET processed_at = NULL WHERE payload->>'processId' = $1`, [
      process.id,
    ]);
    worker = await startWorker();
    await relayed(process.id);
    await quietPeriod(1500);
    expect(smtp.toAfterReceipt('ana.restart@cidadao.test')).toHaveLength(1);
  });

  it('sends nothing without the opt-in, and follows the opt-in changed on the process', async () => {
    const process = await create(citizen('ana.sem@cidadao.test'));
    expect(process.requester).toMatchObject({ type: 'external', emailUpdates: false });
    await forward(process.id, 'Jurídico', 'upd.infra');
    await relayed(process.id);

    const on = await setUpdates(process.id, { emailUpdates: true }, 'upd.jur');
    expect(on.status).toBe(200);
    expect(on.body.process.requester).toMatchObject({ emailUpdates: true });
    const history = on.body.process.history.map((entry) => entry.action);
    expect(history).toContain('Atualizações por e-mail alteradas');
    await forward(process.id, 'Infraestrutura', 'upd.jur');
    await eventually(() => smtp.toAfterReceipt('ana.sem@cidadao.test').length === 1, 'o e-mail após a adesão');

    expect((await setUpdates(process.id, { emailUpdates: false })).status).toBe(200);
    await forward(process.id, 'Jurídico', 'upd.infra');
    await relayed(process.id);
    await quietPeriod(700);
    expect(smtp.toAfterReceipt('ana.sem@cidadao.test')).toHaveLength(1);
    expect(smtp.toAfterReceipt('ana.sem@cidadao.test')[0].text).toContain('foi encaminhado para Infraestrutura');
  });

  it('never e-mails about a confidential process, even an opted-in requester', async () => {
    const process = await create({
      ...citizen('ana.sigilo@cidadao.test', true),
      confidential: true,
      confidentialAccess: [s['upd.infra'].user.id, s['upd.jur'].user.id],
    });
    await forward(process.id, 'Jurídico', 'upd.infra');
    await finalize(process.id, 'upd.jur');
    await relayed(process.id);
    await quietPeriod(1000);
    expect(smtp.toAfterReceipt('ana.sigilo@cidadao.test')).toHaveLength(0);
  });

  it('refuses a flag that is not a boolean, or one without an address, in pt-BR, storing nothing', async () => {
    const count = async () =>
      (await server.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM external_requesters`))[0].n;
    const before = await count();
    const post = (body: unknown) =>
      api<{ message: string }>(server.url, 'POST', '/processes', {
        token: s['upd.atend'].token,
        body: { subject: 'Pedido', description: 'Texto', destinationDepartment: 'Infraestrutura', ...(body as object) },
      });
    for (const value of ['sim', 1, null, {}]) {
      const res = await post(citizen('ana.erro@cidadao.test', value));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(PROCESS_MESSAGES.emailUpdatesInvalid);
    }
    const withoutAddress = await post(citizen(undefined, true));
    expect(withoutAddress.status).toBe(400);
    expect(withoutAddress.body.message).toBe(PROCESS_MESSAGES.emailUpdatesNeedsEmail);
    expect(await count()).toBe(before);

    const process = await create(citizen(undefined, false));
    for (const body of [{ emailUpdates: 'true' }, { emailUpdates: 1 }, {}]) {
      const res = await setUpdates(process.id, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: PROCESS_MESSAGES.emailUpdatesInvalid });
    }
    const unknownField = await setUpdates(process.id, { emailUpdates: true, email: 'x@y.z' });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body).toMatchObject({ message: FIELD_MESSAGES.whitelistValidation('email') });
    expect((await setUpdates(process.id, { emailUpdates: true })).body).toMatchObject({
      message: PROCESS_MESSAGES.emailUpdatesNeedsEmail,
    });
    const internal: ProcessView = await create({});
    expect((await setUpdates(internal.id, { emailUpdates: false })).body).toMatchObject({
      message: PROCESS_MESSAGES.noExternalRequesterToUpdate,
    });
    // Only who may act on the process (its current department, admins) changes the opt-in.
    expect((await setUpdates(process.id, { emailUpdates: false }, 'upd.jur')).status).toBe(403);
  });
});
