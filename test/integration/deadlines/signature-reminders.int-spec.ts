import type { INestApplicationContext } from '@nestjs/common';
import type { DocumentView } from '#server/contracts/documents';
import type { SignatureRequestView } from '#server/contracts/signature-requests';
import { UserEntity } from '#server/database/entities/index';
import { Clock } from '#server/domain/clock';
import { DeadlineRemindersService } from '#worker/deadlines/deadline-reminders.service';
import { bootSweepsOver, ensureDepartments } from '#test/factories/deadlines';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login, startWorker } from '#test/setup/app';
import { eventually, quietPeriod } from '#test/setup/eventually';
import { useServerSuite } from '#test/setup/server-suite';
import { TestSmtpServer } from '#test/setup/smtp-server';
import { smtpSuite } from '#test/setup/smtp-suite';

type Session = Awaited<ReturnType<typeof login>>;

/**
 * Signature deadlines in the reminder sweep (docs/deadlines.md#signature-deadlines) against
 * PostgreSQL, BullMQ and a real SMTP server, the Clock moved through March 2026 (São Paulo, no
 * holiday from the 12th to the 27th), requests made through the API: 'before' at each signer's
 * advance and 'due-day' only to signers whose turn has come, the daily signature digest while
 * overdue, the requester told once when the deadline passed; each exactly once across sweeps and
 * workers; nothing for a signed or cancelled request; a confidential document never named.
 */
describe('signature deadline reminders', () => {
  const smtp = new TestSmtpServer();
  const { server, worker } = useServerSuite({ worker: true, ...smtpSuite(smtp) });

  const workers: INestApplicationContext[] = [];
  const people: Record<'chefe' | 'um' | 'dois' | 'cinco', Session> = {} as never;
  const docs: Record<'contrato' | 'reservado' | 'assinado' | 'cancelado', DocumentView> = {} as never;

  /** The server's and every worker's clock at noon (São Paulo) of `day`. */
  const at = (day: string) => {
    for (const app of [server.app, ...workers]) {
      jest.spyOn(app.get(Clock), 'now').mockReturnValue(new Date(`${day}T15:00:00Z`));
    }
  };
  const sweep = (w: INestApplicationContext = worker) => w.get(DeadlineRemindersService).sweep();
  const lastSeq = async () =>
    (await server.dataSource.query<{ seq: string }[]>(`SELECT coalesce(max(seq), 0) AS seq FROM notifications`))[0].seq;
  /** The reminders stored after `seq` (the sweep's titles all say 'assinatura'), as 'user: title — link'. */
  const remindersAfter = async (seq: string) => {
    const rows = await server.dataSource.query<{ username: string; title: string; message: string; link: string }[]>(
      `SELECT u.username, n.title, n.message, n.link FROM notifications n JOIN users u ON u.id = n.user_id
        WHERE n.seq > $1 AND n.title LIKE '%assinatura%' ORDER BY u.username, n.title, n.link`,
      [seq],
    );
    return { lines: rows.map((n) => `${n.username}: ${n.title} — ${n.link}`).sort(), rows };
  };
  const sweepOn = async (day: string) => {
    at(day);
    const seq = await lastSeq();
    await sweep();
    return remindersAfter(seq);
  };
  const link = (doc: DocumentView) => `/semgi/documents/${doc.id}`;

  const create = async (token: string, body: Record<string, unknown>) => {
    const res = await api<DocumentView>(server.url, 'POST', '/documents', {
      token,
      body: { content: 'Cláusula primeira.', ...body },
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const ask = async (doc: DocumentView, signers: Session[], order: 'sequential' | 'parallel') => {
    const res = await api<SignatureRequestView>(server.url, 'POST', `/documents/${doc.id}/signature-requests`, {
      token: people.chefe.token,
      body: { signers: signers.map((s) => s.user.id), order, deadline: { date: '2026-03-20' } },
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const sign = async (who: Session, doc: DocumentView) => {
    const res = await api(server.url, 'POST', `/documents/${doc.id}/sign`, {
      token: who.token,
      body: { signatureType: 'simple', certificateType: 'password', password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    workers.push(worker, await startWorker());
    await bootSweepsOver(server.app);
    await ensureDepartments(server.dataSource, ['Obras', 'Saúde', 'Gabinete']);
    const seeds = [
      ['chefe', 'Gabinete', 'Chefia'],
      ['um', 'Obras', 'Funcionário'],
      ['dois', 'Obras', 'Funcionário'],
      ['cinco', 'Saúde', 'Funcionário'],
    ] as const;
    for (const [key, department, level] of seeds) {
      await createUser(server.dataSource, { username: `assin.${key}`, department, level });
      people[key] = await login(server.url, `assin.${key}`, TEST_PASSWORD);
    }
    // assin.cinco wants to know 5 business days ahead, and no e-mail.
    await server.dataSource.getRepository(UserEntity).update(people.cinco.user.id, {
      deadlineReminderDays: 5,
      preferences: { theme: 'system', notifications: { email: false, system: true } },
    });

    at('2026-03-10');
    const { chefe, um, dois, cinco } = people;
    docs.contrato = await create(chefe.token, { title: 'Contrato de obras' });
    docs.reservado = await create(chefe.token, {
      title: 'Parecer reservado',
      confidential: true,
      confidentialAccess: [um.user.id, cinco.user.id],
    });
    docs.assinado = await create(chefe.token, { title: 'Ofício já assinado' });
    docs.cancelado = await create(chefe.token, { title: 'Portaria cancelada' });
    await ask(docs.contrato, [um, dois], 'sequential');
    await ask(docs.reservado, [um, cinco], 'parallel');
    await ask(docs.assinado, [dois], 'parallel');
    const cancelled = await ask(docs.cancelado, [cinco], 'parallel');

    at('2026-03-11');
    await sign(dois, docs.assinado);
    const cancel = await api(server.url, 'POST', `/signature-requests/${cancelled.id}/cancel`, { token: chefe.token });
    expect(cancel.status).toBe(200);
  });

  it('sends nothing before anyone asked to be reminded that early', async () => {
    expect((await sweepOn('2026-03-12')).lines).toEqual([]); // 6 business days left
  });

  it('reminds whoever chose 5 days ahead, of the open request only, a confidential document unnamed', async () => {
    const { lines, rows } = await sweepOn('2026-03-13'); // Friday, 5 business days left
    expect(lines).toEqual([`assin.cinco: Prazo de assinatura vence em 5 dias úteis — ${link(docs.reservado)}`]);
    expect(rows[0].message).toBe('O prazo para assinar um documento sigiloso vence em 5 dias úteis, em 20/03/2026.');
    expect((await sweepOn('2026-03-13')).lines).toEqual([]);
    expect((await sweepOn('2026-03-14')).lines).toEqual([]); // Saturday: no business, nothing is sent
  });

  it('reminds the default 2 days ahead only the signers whose turn has come', async () => {
    const { lines, rows } = await sweepOn('2026-03-18');
    expect(lines).toEqual(
      [
        `assin.um: Prazo de assinatura vence em 2 dias úteis — ${link(docs.contrato)}`,
        `assin.um: Prazo de assinatura vence em 2 dias úteis — ${link(docs.reservado)}`,
      ].sort(),
    );
    expect(rows.map((n) => n.message)).toContain(
      'O prazo para assinar o documento "Contrato de obras" vence em 2 dias úteis, em 20/03/2026.',
    );
    expect((await sweepOn('2026-03-18')).lines).toEqual([]);
  });

  it('reminds the next signer once their turn comes', async () => {
    at('2026-03-19');
    await sign(people.um, docs.contrato);
    const { lines } = await sweepOn('2026-03-19');
    expect(lines).toEqual([`assin.dois: Prazo de assinatura vence em 1 dia útil — ${link(docs.contrato)}`]);
  });

  it('on the due day reminds each pending signer once, however many sweeps and workers run', async () => {
    at('2026-03-20');
    const seq = await lastSeq();
    await Promise.all([sweep(), sweep(workers[1]), sweep()]);
    expect((await remindersAfter(seq)).lines).toEqual([
      `assin.cinco: Prazo de assinatura vence hoje — ${link(docs.reservado)}`,
      `assin.dois: Prazo de assinatura vence hoje — ${link(docs.contrato)}`,
      `assin.um: Prazo de assinatura vence hoje — ${link(docs.reservado)}`,
    ]);
    expect((await sweepOn('2026-03-20')).lines).toEqual([]);
  });

  it('once overdue: a signature digest a day to each pending signer, and the requester told once', async () => {
    at('2026-03-23');
    const seq = await lastSeq();
    await Promise.all([sweep(), sweep(workers[1]), sweep()]);
    await workers.pop()!.close();
    const { lines, rows } = await remindersAfter(seq);
    const digests = '/semgi/documents/pending-signatures';
    expect(lines).toEqual(
      [
        `assin.chefe: Prazo de assinatura vencido — ${link(docs.contrato)}`,
        `assin.chefe: Prazo de assinatura vencido — ${link(docs.reservado)}`,
        `assin.cinco: Você tem 1 assinatura com prazo vencido — ${digests}`,
        `assin.dois: Você tem 1 assinatura com prazo vencido — ${digests}`,
        `assin.um: Você tem 1 assinatura com prazo vencido — ${digests}`,
      ].sort(),
    );
    const messages = rows.map((n) => n.message);
    expect(messages).toContain(
      'O prazo para assinar o documento "Contrato de obras" venceu em 20/03/2026 com assinaturas pendentes (1 de 2).',
    );
    expect(messages).toContain(
      'O prazo para assinar um documento sigiloso venceu em 20/03/2026 com assinaturas pendentes (2 de 2).',
    );
    expect(messages).toContain('"Contrato de obras" (venceu em 20/03/2026).');
    expect(messages).toContain('um documento sigiloso (venceu em 20/03/2026).');
    expect((await sweepOn('2026-03-23')).lines).toEqual([]);

    // The next day brings new digests, not a second word to the requester.
    expect((await sweepOn('2026-03-24')).lines).toEqual([
      `assin.cinco: Você tem 1 assinatura com prazo vencido — ${digests}`,
      `assin.dois: Você tem 1 assinatura com prazo vencido — ${digests}`,
      `assin.um: Você tem 1 assinatura com prazo vencido — ${digests}`,
    ]);
    // Signed: the contract is reminded no more.
    await sign(people.dois, docs.contrato);
    expect((await sweepOn('2026-03-25')).lines).toEqual([
      `assin.cinco: Você tem 1 assinatura com prazo vencido — ${digests}`,
      `assin.um: Você tem 1 assinatura com prazo vencido — ${digests}`,
    ]);
  });

  it('never reminded a signed or cancelled request, nor named the confidential document anywhere', async () => {
    const about = await server.dataSource.query<{ link: string }[]>(
      `SELECT DISTINCT n.link FROM notifications n WHERE n.title LIKE '%assinatura%' AND n.link = ANY($1)`,
      [[link(docs.assinado), link(docs.cancelado)]],
    );
    expect(about).toEqual([]);
    const named = await server.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM notifications WHERE title || message LIKE '%Parecer reservado%'`,
    );
    expect(named).toEqual([{ n: 0 }]);
  });

  it('e-mails by preference, a confidential one saying nothing of it', async () => {
    const { chefe, um, dois, cinco } = people;
    const subjects = (who: Session) => smtp.to(who.user.email).map((m) => m.subject);
    const count = (who: Session, subject: string) => subjects(who).filter((s) => s === subject).length;
    const wanted: [Session, string, number][] = [
      [um, 'SEMGI: Prazo de assinatura vence em 2 dias úteis', 1],
      [um, 'SEMGI: Você tem 1 assinatura com prazo vencido', 3],
      [dois, 'SEMGI: Prazo de assinatura vence em 1 dia útil', 1],
      [dois, 'SEMGI: Prazo de assinatura vence hoje', 1],
      [dois, 'SEMGI: Você tem 1 assinatura com prazo vencido', 2],
      [chefe, 'SEMGI: Prazo de assinatura vencido', 1],
    ];
    await eventually(() => wanted.every(([who, subject, n]) => count(who, subject) === n), 'os e-mails dos lembretes', {
      timeoutMs: 20_000,
    });
    await quietPeriod(1000);
    expect(wanted.map(([who, subject]) => count(who, subject))).toEqual(wanted.map(([, , n]) => n));
    expect(smtp.to(cinco.user.email)).toEqual([]);
    for (const who of [chefe, um]) {
      for (const mail of smtp.to(who.user.email)) expect(mail.raw).not.toContain('Parecer');
    }
  });
});
