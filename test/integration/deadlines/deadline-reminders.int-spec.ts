import type { INestApplicationContext } from '@nestjs/common';
import type { NotificationSyncResponse } from '#server/contracts/notifications';
import { rooms } from '#server/contracts/socket-events';
import { UserEntity } from '#server/database/entities/index';
import { Clock } from '#server/domain/clock';
import { DeadlineRemindersService } from '#worker/deadlines/deadline-reminders.service';
import { EmitterService } from '#worker/realtime/emitter.service';
import { CONFIDENTIAL_MAIL_TEXT } from '#worker/mail/mail-templates';
import { bootSweepsOver, ensureDepartments, insertDeadline, insertProcess } from '#test/factories/deadlines';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { connectSocket, login, startWorker, type TestSocket } from '#test/setup/app';
import { eventually, quietPeriod } from '#test/setup/eventually';
import { useServerSuite } from '#test/setup/server-suite';
import { TestSmtpServer } from '#test/setup/smtp-server';
import { smtpSuite } from '#test/setup/smtp-suite';

interface Sent {
  username: string;
  title: string;
  message: string;
  link: string;
}

/**
 * The deadline reminder sweep (docs/deadlines.md#reminders) against PostgreSQL, BullMQ, Socket.IO
 * and a real SMTP server, the Clock moved day by day through March 2026 (São Paulo, no holiday
 * from the 12th to the 27th): 'before' at each user's advance, 'due-day', the daily overdue
 * digest, each exactly once however often and by however many workers the sweep runs; a
 * confidential process only to who may see it and never with its subject; e-mail by preference.
 */
describe('deadline reminders', () => {
  const smtp = new TestSmtpServer();
  const { server, worker } = useServerSuite({ worker: true, ...smtpSuite(smtp) });

  /** The suite's worker and, until the concurrency test closes it, a second one. */
  const workers: INestApplicationContext[] = [];
  let socket: TestSocket;
  /** What the socket of prazo.obras.dois heard: a catch-up call per batch that reached them, never one push per reminder. */
  const heard = { resync: 0, new: 0 };
  const users: Record<'creator' | 'def' | 'five' | 'zero' | 'gone' | 'saude', UserEntity> = {} as never;
  let p1: string;
  let p2: string;
  let p3: string;

  /** Every worker's clock at noon (São Paulo) of `day`. */
  const at = (day: string) => {
    for (const w of workers) jest.spyOn(w.get(Clock), 'now').mockReturnValue(new Date(`${day}T15:00:00Z`));
  };
  const sweep = (w: INestApplicationContext = worker) => w.get(DeadlineRemindersService).sweep();
  /** Runs the sweep for `day` and returns the notifications it stored (by user, then title). */
  const sweepOn = async (day: string) => {
    at(day);
    const [{ seq }] = await server.dataSource.query<{ seq: string }[]>(
      `SELECT coalesce(max(seq), 0) AS seq FROM notifications`,
    );
    await sweep();
    return sentAfter(seq);
  };
  const sentAfter = (seq: string | number): Promise<Sent[]> =>
    server.dataSource.query(
      `SELECT u.username, n.title, n.message, n.link FROM notifications n JOIN users u ON u.id = n.user_id
        WHERE n.seq > $1 ORDER BY u.username, n.title, n.message`,
      [seq],
    );
  const summary = (sent: Sent[]) => sent.map((n) => `${n.username}: ${n.title} — ${n.link}`);
  const link = (id: string) => `/semgi/process-details/${encodeURIComponent(id)}`;

  beforeAll(async () => {
    workers.push(worker, await startWorker());
    // The boot sweeps of both workers (empty database, real clock) are over before the clock moves.
    await bootSweepsOver(server.app);
    await ensureDepartments(server.dataSource, ['Obras', 'Saúde', 'Gabinete']);
    const make = (username: string, department: string, status: 'active' | 'inactive' = 'active') =>
      createUser(server.dataSource, { username, department, status });
    users.creator = await make('prazo.gabinete', 'Gabinete');
    users.def = await make('prazo.obras.dois', 'Obras');
    users.five = await make('prazo.obras.cinco', 'Obras');
    users.zero = await make('prazo.obras.zero', 'Obras');
    users.gone = await make('prazo.obras.inativo', 'Obras', 'inactive');
    users.saude = await make('prazo.saude', 'Saúde');
    const repo = server.dataSource.getRepository(UserEntity);
    await repo.update(users.five.id, { deadlineReminderDays: 5 });
    await repo.update(users.zero.id, {
      deadlineReminderDays: 0,
      preferences: { theme: 'system', notifications: { email: false, system: true } },
    });

    const { dataSource } = server;
    p1 = await insertProcess(dataSource, {
      subject: 'Pavimentação da Rua A',
      department: 'Obras',
      createdBy: users.creator.id,
    });
    p2 = await insertProcess(dataSource, {
      subject: 'Sindicância reservada',
      department: 'Obras',
      createdBy: users.creator.id,
      confidential: true,
      access: [users.five.id],
    });
    p3 = await insertProcess(dataSource, {
      subject: 'Reforma da escola',
      department: 'Saúde',
      createdBy: users.saude.id,
    });
    await insertDeadline(dataSource, { processId: p1, due: '2026-03-20', setBy: users.creator.id });
    await insertDeadline(dataSource, { processId: p2, due: '2026-03-20', setBy: users.creator.id });
    // Saúde asked Obras to return the process: Obras must act.
    await insertDeadline(dataSource, {
      processId: p3,
      kind: 'return',
      due: '2026-03-20',
      setBy: users.saude.id,
      fromDepartment: 'Saúde',
      toDepartment: 'Obras',
    });

    const { token } = await login(server.url, users.def.username, TEST_PASSWORD);
    socket = await connectSocket(server.url, token);
    socket.on('notifications:resync', () => (heard.resync += 1));
    socket.on('notification:new', () => (heard.new += 1));
    // The live path (the worker's emitter → Redis or PostgreSQL NOTIFY → the server's adapter → this
    // socket) works before the clock moves: under load the server's subscription can come up after
    // the socket connected. A probe is heard, late probes settle, then the count starts from zero.
    const emitter = worker.get(EmitterService);
    await eventually(
      async () => {
        emitter.emitToRooms([rooms.user(users.def.id)], 'notifications:resync');
        await emitter.flush();
        return heard.resync > 0;
      },
      'o caminho ao vivo do worker até o socket',
      { intervalMs: 200 },
    );
    await quietPeriod(500);
    heard.resync = 0;
  });
  afterAll(() => socket?.disconnect());

  it('sends nothing before anyone asked to be reminded that early', async () => {
    expect(await sweepOn('2026-03-12')).toEqual([]); // 6 business days left
  });

  it('reminds whoever chose 5 days, of all three deadlines, once; the confidential one without its subject', async () => {
    const sent = await sweepOn('2026-03-13'); // Friday, 5 business days left
    expect(summary(sent)).toEqual(
      [
        `prazo.obras.cinco: Prazo vence em 5 dias úteis — ${link(p1)}`,
        `prazo.obras.cinco: Prazo vence em 5 dias úteis — ${link(p2)}`,
        `prazo.obras.cinco: Prazo vence em 5 dias úteis — ${link(p3)}`,
      ].sort(),
    );
    const messages = sent.map((n) => n.message);
    expect(messages).toContain(
      `O prazo do processo ${p1} ("Pavimentação da Rua A") vence em 5 dias úteis, em 20/03/2026.`,
    );
    expect(messages).toContain(`O prazo do processo sigiloso ${p2} vence em 5 dias úteis, em 20/03/2026.`);
    expect(messages).toContain(
      `O retorno programado do processo ${p3} ("Reforma da escola") vence em 5 dias úteis, em 20/03/2026.`,
    );
    expect(JSON.stringify(sent)).not.toContain('Sindicância');

    expect(await sweepOn('2026-03-13')).toEqual([]);
    expect(await sweepOn('2026-03-14')).toEqual([]); // Saturday: no business, nothing is sent
    expect(await sweepOn('2026-03-16')).toEqual([]); // 4 left: already reminded for this due day
  });

  it('reminds the default 2 days ahead, never whoever chose 0 or cannot see the process', async () => {
    const sent = await sweepOn('2026-03-18');
    expect(summary(sent)).toEqual(
      [
        `prazo.obras.dois: Prazo vence em 2 dias úteis — ${link(p1)}`,
        `prazo.obras.dois: Prazo vence em 2 dias úteis — ${link(p3)}`,
      ].sort(),
    );
    expect(await sweepOn('2026-03-19')).toEqual([]);
  });

  it('on the due day reminds the acting department, once', async () => {
    const sent = await sweepOn('2026-03-20');
    expect(summary(sent)).toEqual(
      [
        ...['dois', 'cinco', 'zero'].flatMap((who) =>
          [p1, p3].map((id) => `prazo.obras.${who}: Prazo vence hoje — ${link(id)}`),
        ),
        `prazo.obras.cinco: Prazo vence hoje — ${link(p2)}`,
      ].sort(),
    );
    expect(sent.map((n) => n.message)).toContain(`O prazo do processo sigiloso ${p2} vence hoje (20/03/2026).`);
    expect(await sweepOn('2026-03-20')).toEqual([]);
  });

  it('sends one overdue digest a day per user, also to whoever set the deadline, and nothing twice with two workers', async () => {
    at('2026-03-23');
    const [{ seq }] = await server.dataSource.query<{ seq: string }[]>(`SELECT max(seq) AS seq FROM notifications`);
    // Two workers and a second run of the first, all at once.
    await Promise.all([sweep(), sweep(workers[1]), sweep()]);
    await workers.pop()!.close();
    const sent = await sentAfter(seq);
    expect(summary(sent)).toEqual(
      [
        'prazo.gabinete: Você tem 2 prazos vencidos',
        'prazo.obras.cinco: Você tem 3 prazos vencidos',
        'prazo.obras.dois: Você tem 2 prazos vencidos',
        'prazo.obras.zero: Você tem 2 prazos vencidos',
        'prazo.saude: Você tem 1 prazo vencido',
      ].map((line) => `${line} — /semgi/processes?deadline=overdue`),
    );
    const digestOf = (username: string) => sent.find((n) => n.username === username)!.message;
    expect(digestOf('prazo.obras.dois')).toBe(
      `${p1} ("Pavimentação da Rua A", venceu em 20/03/2026); ${p3} ("Reforma da escola", venceu em 20/03/2026).`,
    );
    expect(digestOf('prazo.obras.cinco')).toContain('um processo sigiloso (venceu em 20/03/2026)');
    expect(digestOf('prazo.obras.cinco')).not.toContain(p2);
    expect(JSON.stringify(sent)).not.toContain('Sindicância');
    expect(await sweepOn('2026-03-23')).toEqual([]);
  });

  it('an extension moves the due day: a new advance reminder for it; the next day brings a new digest', async () => {
    await server.dataSource.query(`UPDATE process_deadlines SET due_date = '2026-03-27' WHERE process_id = $1`, [p1]);
    const sent = await sweepOn('2026-03-24');
    expect(summary(sent)).toEqual(
      [
        `prazo.obras.cinco: Prazo vence em 3 dias úteis — ${link(p1)}`,
        'prazo.gabinete: Você tem 1 prazo vencido — /semgi/processes?deadline=overdue',
        'prazo.obras.cinco: Você tem 2 prazos vencidos — /semgi/processes?deadline=overdue',
        'prazo.obras.dois: Você tem 1 prazo vencido — /semgi/processes?deadline=overdue',
        'prazo.obras.zero: Você tem 1 prazo vencido — /semgi/processes?deadline=overdue',
        'prazo.saude: Você tem 1 prazo vencido — /semgi/processes?deadline=overdue',
      ].sort(),
    );
    expect(await sweepOn('2026-03-24')).toEqual([]);
  });

  it('nobody outside the acting department, inactive or unable to see a confidential process was ever told', async () => {
    const counts = await server.dataSource.query<{ username: string; n: number }[]>(
      `SELECT u.username, count(n.id)::int AS n FROM users u LEFT JOIN notifications n ON n.user_id = u.id
        WHERE u.username LIKE 'prazo.%' GROUP BY u.username ORDER BY u.username`,
    );
    expect(counts).toEqual([
      { username: 'prazo.gabinete', n: 2 },
      { username: 'prazo.obras.cinco', n: 3 + 3 + 1 + 1 + 1 },
      { username: 'prazo.obras.dois', n: 2 + 2 + 1 + 1 },
      { username: 'prazo.obras.inativo', n: 0 },
      { username: 'prazo.obras.zero', n: 2 + 1 + 1 },
      { username: 'prazo.saude', n: 2 },
    ]);
    // The confidential process reached only the user on its access list (and, overdue, its creator).
    const aboutP2 = await server.dataSource.query<{ username: string }[]>(
      `SELECT DISTINCT u.username FROM notifications n JOIN users u ON u.id = n.user_id WHERE n.link = $1`,
      [link(p2)],
    );
    expect(aboutP2).toEqual([{ username: 'prazo.obras.cinco' }]);
  });

  it('tells each recipient live once per batch to catch up, and the catch-up brings every reminder once, in order', async () => {
    // Four sweeps reached prazo.obras.dois, each with one batch for them (the day reminders of the
    // 18th and the 20th, the digests of the 23rd and the 24th).
    await eventually(() => heard.resync === 4, `os avisos ao vivo (${heard.resync})`);
    await quietPeriod(500);
    expect(heard).toEqual({ resync: 4, new: 0 });
    const reply: NotificationSyncResponse = await socket
      .timeout(10_000)
      .emitWithAck('notifications:sync', { afterSeq: 0 });
    expect(reply.notifications.map((n) => `${n.title} — ${n.link}`)).toEqual([
      `Prazo vence em 2 dias úteis — ${link(p1)}`,
      `Prazo vence em 2 dias úteis — ${link(p3)}`,
      `Prazo vence hoje — ${link(p1)}`,
      `Prazo vence hoje — ${link(p3)}`,
      'Você tem 2 prazos vencidos — /semgi/processes?deadline=overdue',
      'Você tem 1 prazo vencido — /semgi/processes?deadline=overdue',
    ]);
    expect(reply).toMatchObject({ unreadCount: 6, hasMore: false });
  });

  it('e-mails only those who want it, a confidential one saying nothing of it', async () => {
    const wanted = { creator: 2, five: 9, def: 6, saude: 2 } as const;
    await eventually(
      () => Object.entries(wanted).every(([key, n]) => smtp.to(users[key as keyof typeof wanted].email).length === n),
      'os e-mails',
      { timeoutMs: 20_000 },
    );
    await quietPeriod(1000);
    for (const [key, n] of Object.entries(wanted)) {
      expect(smtp.to(users[key as keyof typeof wanted].email)).toHaveLength(n);
    }
    expect(smtp.to(users.zero.email)).toHaveLength(0);
    expect(smtp.to(users.gone.email)).toHaveLength(0);
    const fives = smtp.to(users.five.email);
    expect(fives.filter((m) => m.subject === 'SEMGI: processo sigiloso para consultar')).toHaveLength(2);
    expect(fives.filter((m) => m.text.includes(CONFIDENTIAL_MAIL_TEXT))).toHaveLength(2);
    for (const mail of fives) {
      expect(mail.raw).not.toContain('Sindic');
      expect(mail.text).not.toContain(p2);
    }
    expect(smtp.to(users.def.email).map((m) => m.subject)).toContain('SEMGI: Prazo vence hoje');
  });
});
