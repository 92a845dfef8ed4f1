import { Redis } from 'ioredis';
import { loadEnv } from '#server/config/env';
import type { CreateUserResponse, ResetPasswordResponse } from '#server/contracts/users';
import { UserEntity } from '#server/database/entities/index';
import { mailJobOptions, notificationMailJobId } from '#server/queue/mail-jobs';
import { QueueService } from '#server/queue/queue.service';
import { commitOutboxEvent, forwardedEvent } from '#test/factories/notifications';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';
import { eventually, quietPeriod } from '#test/setup/eventually';
import { TestSmtpServer } from '#test/setup/smtp-server';
import { smtpSuite } from '#test/setup/smtp-suite';

/** E-mail through a real SMTP server in this process: what the worker sends, and when not. */
describe('e-mail (worker → SMTP)', () => {
  const smtp = new TestSmtpServer();
  const { server, worker } = useServerSuite({
    worker: true,
    ...smtpSuite(smtp, { PUBLIC_URL: 'https://semgi.prefeitura.test' }),
  });
  let redis: Redis;

  beforeAll(async () => {
    redis = new Redis(loadEnv().REDIS_URL);
    // One department per test, so each test's forward reaches only its own users.
    await server.dataSource.query(`INSERT INTO departments (name) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING`, [
      ['Obras', 'Cultura', 'Saúde', 'Esportes', 'Turismo', 'Meio Ambiente'],
    ]);
  });
  afterAll(() => redis.disconnect());

  const emailOff = { theme: 'system' as const, notifications: { email: false, system: true } };
  const actor = () => createUser(server.dataSource, { department: 'Administração' });

  it('a forward e-mails each recipient with the preference on exactly once, and nobody else', async () => {
    const by = await actor();
    const one = await createUser(server.dataSource, { username: 'fwd.um', department: 'Obras' });
    const two = await createUser(server.dataSource, { username: 'fwd.dois', department: 'Obras' });
    const quiet = await createUser(server.dataSource, { username: 'fwd.quieto', department: 'Obras' });
    await server.dataSource.getRepository(UserEntity).update(quiet.id, { preferences: emailOff });
    await commitOutboxEvent(
      server,
      'process.forwarded',
      forwardedEvent({
        processId: 'PROC-MAIL-1',
        subject: 'Pavimentação da Rua A',
        actorId: by.id,
        createdBy: by.id,
        actorName: 'Rui Lima',
        currentDepartment: 'Obras',
      }),
    );
    await eventually(() => smtp.to(one.email).length === 1 && smtp.to(two.email).length === 1, 'os e-mails');
    await quietPeriod(700);
    expect(smtp.to(one.email)).toHaveLength(1);
    expect(smtp.to(two.email)).toHaveLength(1);
    expect(smtp.to(quiet.email)).toHaveLength(0);
    expect(smtp.to(by.email)).toHaveLength(0);
    // The row is stored all the same: the preference is about e-mail only.
    const rows = await server.dataSource.query(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1`, [
      quiet.id,
    ]);
    expect(rows[0].n).toBe(1);

    const mail = smtp.to(one.email)[0];
    expect(mail.subject).toBe('SEMGI: Processo encaminhado');
    expect(mail.text).toContain(
      'Rui Lima encaminhou o processo PROC-MAIL-1 ("Pavimentação da Rua A") de Administração para Obras.',
    );
    expect(mail.text).toContain('https://semgi.prefeitura.test/semgi/process-details/PROC-MAIL-1');
    expect(mail.html).toContain('href="https://semgi.prefeitura.test/semgi/process-details/PROC-MAIL-1"');
    expect(mail.html).toContain('(&quot;Pavimentação da Rua A&quot;)');
  });

  it('the same notification is never mailed twice, even if its job is queued again after sending', async () => {
    const by = await actor();
    const reader = await createUser(server.dataSource, { department: 'Cultura' });
    await commitOutboxEvent(
      server,
      'process.forwarded',
      forwardedEvent({ actorId: by.id, createdBy: by.id, currentDepartment: 'Cultura' }),
    );
    await eventually(() => smtp.to(reader.email).length === 1, 'o e-mail');
    const [row] = await server.dataSource.query(
      `SELECT id, title, message, link FROM notifications WHERE user_id = $1`,
      [reader.id],
    );
    await worker.get(QueueService).enqueueBulk('mail.notification', [
      {
        payload: { notificationId: row.id, to: reader.email, name: reader.name, ...row, confidential: false },
        options: mailJobOptions(notificationMailJobId(row.id), {
          secret: false,
          retryBaseMs: loadEnv().MAIL_RETRY_BASE_MS,
        }),
      },
    ]);
    await quietPeriod(1000);
    expect(smtp.to(reader.email)).toHaveLength(1);
  });

  it("a confidential process's e-mail says only that there is one to see, with the link", async () => {
    const by = await actor();
    const allowed = await createUser(server.dataSource, { department: 'Saúde' });
    const outsider = await createUser(server.dataSource, { department: 'Saúde' });
    await commitOutboxEvent(
      server,
      'process.forwarded',
      forwardedEvent({
        processId: 'PROC-SIGILO-1',
        subject: 'Denúncia contra servidor',
        confidential: true,
        confidentialAccess: [allowed.id],
        actorId: by.id,
        createdBy: by.id,
        actorName: 'Rui Lima',
        currentDepartment: 'Saúde',
      }),
    );
    await eventually(() => smtp.to(allowed.email).length === 1, 'o e-mail do processo sigiloso');
    await quietPeriod(500);
    expect(smtp.to(outsider.email)).toHaveLength(0);
    const mail = smtp.to(allowed.email)[0];
    expect(mail.text).toContain('Há um processo sigiloso para você consultar no SEMGI.');
    expect(mail.text).toContain('https://semgi.prefeitura.test/semgi/process-details/PROC-SIGILO-1');
    for (const part of [mail.subject, mail.text, mail.html, mail.raw]) {
      expect(part).not.toContain('Denúncia');
      expect(part).not.toContain('Rui Lima');
      expect(part).not.toContain('encaminhou');
    }
  });

  it('a temporary failure (451) is retried and the e-mail delivered once', async () => {
    const by = await actor();
    const reader = await createUser(server.dataSource, { department: 'Esportes' });
    const refusedBefore = smtp.refused;
    smtp.failNext(1, 451);
    await commitOutboxEvent(
      server,
      'process.forwarded',
      forwardedEvent({ actorId: by.id, createdBy: by.id, currentDepartment: 'Esportes' }),
    );
    await eventually(() => smtp.to(reader.email).length === 1, 'o e-mail após a nova tentativa');
    await quietPeriod(1000);
    expect(smtp.refused - refusedBefore).toBe(1);
    expect(smtp.to(reader.email)).toHaveLength(1);
  });

  it('a permanent failure (550) is not retried', async () => {
    const by = await actor();
    const reader = await createUser(server.dataSource, { department: 'Turismo' });
    const refusedBefore = smtp.refused;
    smtp.failNext(1, 550);
    await commitOutboxEvent(
      server,
      'process.forwarded',
      forwardedEvent({ actorId: by.id, createdBy: by.id, currentDepartment: 'Turismo' }),
    );
    await eventually(() => smtp.refused - refusedBefore === 1, 'a recusa');
    await quietPeriod(1500);
    expect(smtp.refused - refusedBefore).toBe(1);
    expect(smtp.to(reader.email)).toHaveLength(0);
  });

  describe('temporary passwords', () => {
    let admin: Awaited<ReturnType<typeof login>>;
    beforeAll(async () => {
      await createUser(server.dataSource, { username: 'gestor.mail', role: 'admin' });
      admin = await login(server.url, 'gestor.mail', TEST_PASSWORD);
    });

    const passwordIn = (text: string) => /Senha temporária: (\S+)/.exec(text)?.[1] ?? '';
    /** Keys of the mail queue's temporary-password jobs (data, logs) in this file's Redis prefix. */
    const passwordJobKeys = () => redis.keys(`${loadEnv().REDIS_PREFIX}:mail:temporary-password-*`);

    it('a reset e-mails the password, the reply does not carry it, and the job leaves Redis', async () => {
      const target = await createUser(server.dataSource, { username: 'reset.mail' });
      // SMTP down at first: the job is seen waiting in Redis, then gone once the e-mail is sent.
      await smtp.stop();
      const res = await api<ResetPasswordResponse>(server.url, 'POST', `/users/${target.id}/reset-password`, {
        token: admin.token,
      });
      try {
        await eventually(async () => (await passwordJobKeys()).length > 0, 'o job da senha no Redis');
      } finally {
        await smtp.start();
      }
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ emailed: true });
      await eventually(() => smtp.to(target.email).length === 1, 'o e-mail da senha');
      const mail = smtp.to(target.email)[0];
      expect(mail.subject).toBe('SEMGI: sua senha foi redefinida');
      const password = passwordIn(mail.text);
      expect(password).toMatch(/^\S{12}$/);
      expect(JSON.stringify(res.body)).not.toContain(password);
      expect(mail.text).toContain('Usuário: reset.mail');
      await eventually(async () => (await passwordJobKeys()).length === 0, 'a remoção do job do Redis');
      // The e-mailed password is the account's (temporary) password.
      const session = await login(server.url, 'reset.mail', password);
      expect(session.user).toMatchObject({ username: 'reset.mail', requirePasswordChange: true });
    });

    it('a password e-mail given up (550) leaves no job holding the password in Redis', async () => {
      const target = await createUser(server.dataSource, { username: 'reset.recusado' });
      const refusedBefore = smtp.refused;
      smtp.failNext(1, 550);
      const res = await api<ResetPasswordResponse>(server.url, 'POST', `/users/${target.id}/reset-password`, {
        token: admin.token,
      });
      expect(res.body).toEqual({ emailed: true });
      await eventually(() => smtp.refused - refusedBefore === 1, 'a recusa');
      await eventually(async () => (await passwordJobKeys()).length === 0, 'a remoção do job do Redis');
      expect(smtp.to(target.email)).toHaveLength(0);
    });

    it('creating a user e-mails the password instead of returning it', async () => {
      const res = await api<CreateUserResponse>(server.url, 'POST', '/users', {
        token: admin.token,
        body: {
          name: 'Nova Servidora',
          username: 'nova.mail',
          email: 'nova.mail@prefeitura.test',
          department: 'Obras',
        },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ emailed: true, user: { username: 'nova.mail' } });
      expect(res.body).not.toHaveProperty('tempPassword');
      await eventually(() => smtp.to('nova.mail@prefeitura.test').length === 1, 'o e-mail da nova conta');
      const mail = smtp.to('nova.mail@prefeitura.test')[0];
      expect(mail.subject).toBe('SEMGI: sua conta foi criada');
      expect(JSON.stringify(res.body)).not.toContain(passwordIn(mail.text));
      await eventually(async () => (await passwordJobKeys()).length === 0, 'a remoção do job do Redis');
    });
  });

  it('the SMTP server down for 10 s loses nothing: delivered once it is back', async () => {
    const by = await actor();
    const one = await createUser(server.dataSource, { department: 'Meio Ambiente' });
    const two = await createUser(server.dataSource, { department: 'Meio Ambiente' });
    await smtp.stop();
    try {
      await commitOutboxEvent(
        server,
        'process.forwarded',
        forwardedEvent({ actorId: by.id, createdBy: by.id, currentDepartment: 'Meio Ambiente' }),
      );
      await quietPeriod(10_000);
      expect(smtp.to(one.email)).toHaveLength(0);
    } finally {
      await smtp.start();
    }
    await eventually(() => smtp.to(one.email).length === 1 && smtp.to(two.email).length === 1, 'os e-mails', {
      timeoutMs: 30_000,
    });
    await quietPeriod(500);
    expect(smtp.to(one.email)).toHaveLength(1);
    expect(smtp.to(two.email)).toHaveLength(1);
  }, 60_000);
});
