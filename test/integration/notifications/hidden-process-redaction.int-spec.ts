import type { NotificationListResponse, NotificationReadResponse } from '#server/contracts/notifications';
import { HIDDEN_PROCESS_NOTIFICATION } from '#server/modules/notifications/hidden-process-redaction';
import { createNotification } from '#test/factories/notifications';
import { createProcessViaApi, pid } from '#test/factories/processes';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, connectSocket, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

type Session = Awaited<ReturnType<typeof login>>;

/**
 * A notification stored while a process was visible copies its number and subject. Once the process
 * is confidential without the reader on its access list, the list, mark-as-read and the socket
 * catch-up show neither.
 */
describe('notifications of a process that became confidential', () => {
  const { server } = useServerSuite();
  const s: Record<string, Session> = {};
  const SUBJECT = 'Denúncia contra fornecedor de merenda';

  beforeAll(async () => {
    for (const [username, seed] of [
      ['func.jur', { department: 'Jurídico' }],
      ['listado.jur', { department: 'Jurídico' }],
      ['admin.geral', { department: 'Administração', role: 'admin' }],
    ] as const) {
      await createUser(server.dataSource, { username, ...seed });
      s[username] = await login(server.url, username, TEST_PASSWORD);
    }
  });

  it('redacts the process facts for readers who lost access and keeps them for the access list', async () => {
    const process = await createProcessViaApi(server.url, s['admin.geral'].token, {
      subject: SUBJECT,
      destinationDepartment: 'Jurídico',
    });
    const link = `/semgi/process-details/${encodeURIComponent(process.id)}`;
    const message = `Administrador enviou o processo ${process.id} ("${SUBJECT}") para Jurídico.`;
    const stored = {
      lost: await createNotification(server.dataSource, s['func.jur'].user.id, { message, link }),
      kept: await createNotification(server.dataSource, s['listado.jur'].user.id, { message, link }),
      other: await createNotification(server.dataSource, s['func.jur'].user.id, { message: 'Outro aviso', link: '#' }),
    };
    const list = async (username: string) =>
      (await api<NotificationListResponse>(server.url, 'GET', '/notifications', { token: s[username].token })).body
        .notifications;

    // Before: everyone who was notified reads it.
    expect((await list('func.jur')).find((n) => n.id === stored.lost.id)).toMatchObject({ message, link });

    const toggled = await api(server.url, 'PATCH', `/processes/${pid(process.id)}/toggle-confidential`, {
      token: s['admin.geral'].token,
      body: { confidential: true, confidentialAccess: [s['listado.jur'].user.id] },
    });
    expect(toggled.status).toBe(200);

    const redacted = (await list('func.jur')).find((n) => n.id === stored.lost.id);
    expect(redacted).toMatchObject({ title: 'Processo encaminhado', ...HIDDEN_PROCESS_NOTIFICATION });
    expect(JSON.stringify(await list('func.jur'))).not.toContain(SUBJECT);
    expect(JSON.stringify(await list('func.jur'))).not.toContain(process.id);
    expect((await list('func.jur')).find((n) => n.id === stored.other.id)).toMatchObject({ message: 'Outro aviso' });
    expect((await list('listado.jur')).find((n) => n.id === stored.kept.id)).toMatchObject({ message, link });

    const read = await api<NotificationReadResponse>(server.url, 'PATCH', `/notifications/${stored.lost.id}/read`, {
      token: s['func.jur'].token,
    });
    expect(read.status).toBe(200);
    expect(read.body.notification).toMatchObject({ read: true, ...HIDDEN_PROCESS_NOTIFICATION });

    const socket = await connectSocket(server.url, s['func.jur'].token);
    try {
      const synced = await socket.emitWithAck('notifications:sync', { afterSeq: 0 });
      expect(synced.notifications.find((n) => n.id === stored.lost.id)).toMatchObject(HIDDEN_PROCESS_NOTIFICATION);
      expect(JSON.stringify(synced)).not.toContain(SUBJECT);
    } finally {
      socket.close();
    }
  });
});
