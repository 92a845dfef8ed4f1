import type { NotificationView } from '#server/contracts/notifications';
import type { ProcessUpdatedPayload } from '#server/contracts/socket-events';
import { UserEntity } from '#server/database/entities/index';
import { OutboxRelayService } from '#worker/outbox/outbox-relay.service';
import { commitOutboxEvent, forwardedEvent } from '#test/factories/notifications';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { eventually, quietPeriod } from '#test/setup/eventually';
import { connectSocket, login, type TestSocket } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

type NewPayload = { notification: NotificationView; unreadCount: number };

/** Collects what a socket hears. */
function listen(socket: TestSocket) {
  const notifications: NewPayload[] = [];
  const processUpdates: ProcessUpdatedPayload[] = [];
  socket.on('notification:new', (payload) => notifications.push(payload));
  socket.on('process:updated', (payload) => processUpdates.push(payload));
  return { notifications, processUpdates };
}

describe('outbox relay → notifications and pushes', () => {
  const { server, worker } = useServerSuite({ worker: true });

  const countFor = async (userId: string) =>
    Number((await server.dataSource.query(`SELECT count(*) FROM notifications WHERE user_id = $1`, [userId]))[0].count);
  const pendingOutbox = async () =>
    Number((await server.dataSource.query(`SELECT count(*) FROM outbox_events WHERE processed_at IS NULL`))[0].count);

  async function userSession(username: string, seed: Parameters<typeof createUser>[1] = {}) {
    const user = await createUser(server.dataSource, { username, ...seed });
    const { token } = await login(server.url, username, TEST_PASSWORD);
    return { user, token };
  }

  it('a forward notifies the active users of the destination department, never the actor', async () => {
    const actor = await userSession('ator.adm', { department: 'Administração' });
    const dest1 = await userSession('juri.um', { department: 'Jurídico' });
    const dest2 = await userSession('juri.dois', { department: 'Jurídico' });
    const quiet = await userSession('juri.silencio', { department: 'Jurídico' });
    await server.dataSource
      .getRepository(UserEntity)
      .update(quiet.user.id, { preferences: { theme: 'system', notifications: { email: true, system: false } } });
    const inactive = await createUser(server.dataSource, { department: 'Jurídico', status: 'inactive' });
    const bystander = await userSession('fin.um', { department: 'Financeiro' });

    const sockets = await Promise.all(
      [dest1, dest2, quiet, bystander, actor].map((s) => connectSocket(server.url, s.token)),
    );
    const [heard1, heard2, heardQuiet, heardBystander, heardActor] = sockets.map(listen);
    try {
      await commitOutboxEvent(
        server,
        'process.forwarded',
        forwardedEvent({
          processId: 'PROC-FWD-1',
          subject: 'Licença ambiental',
          createdBy: actor.user.id,
          actorId: actor.user.id,
          actorName: 'Ator Adm',
          originDepartment: 'Administração',
          currentDepartment: 'Jurídico',
        }),
      );
      await eventually(() => heard1.notifications.length === 1 && heard2.notifications.length === 1, 'as notificações');
      expect(heard1.notifications[0]).toMatchObject({
        unreadCount: 1,
        notification: {
          type: 'process',
          title: 'Processo encaminhado',
          message: 'Ator Adm encaminhou o processo PROC-FWD-1 ("Licença ambiental") de Administração para Jurídico.',
          link: '/semgi/process-details/PROC-FWD-1',
          read: false,
        },
      });
      // The department room and the creator hear process:updated; a bystander hears nothing.
      await eventually(() => heardActor.processUpdates.length === 1, 'process:updated');
      expect(heard1.processUpdates[0]).toEqual({
        processId: 'PROC-FWD-1',
        event: 'process.forwarded',
        currentDepartment: 'Jurídico',
        deleted: false,
      });
      await quietPeriod(200);
      expect(heardBystander.notifications).toHaveLength(0);
      expect(heardBystander.processUpdates).toHaveLength(0);
      expect(heardActor.notifications).toHaveLength(0);
      // System notifications off: the row is kept, nothing is pushed.
      expect(heardQuiet.notifications).toHaveLength(0);
      expect(await countFor(quiet.user.id)).toBe(1);
      expect(await countFor(inactive.id)).toBe(0);
      expect(await countFor(actor.user.id)).toBe(0);
      expect(await pendingOutbox()).toBe(0);
      // Time-ordered ids (docs/notifications.md#storage): version 7, their first 48 bits the insert's milliseconds.
      const stored: { id: string }[] = await server.dataSource.query(
        `SELECT id FROM notifications WHERE user_id = ANY($1::uuid[])`,
        [[dest1.user.id, dest2.user.id, quiet.user.id]],
      );
      expect(stored).toHaveLength(3);
      for (const { id } of stored) {
        expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        const insertedAt = parseInt(id.replace(/-/g, '').slice(0, 12), 16);
        expect(Math.abs(insertedAt - Date.now())).toBeLessThan(60_000);
      }
    } finally {
      sockets.forEach((s) => s.close());
    }
  });

  it('a confidential process reaches only users who may see it, and never a department room', async () => {
    const creator = await userSession('sig.criador', { department: 'Gabinete' });
    const allowed = await userSession('sig.permitido', { department: 'Recursos Humanos' });
    const sameDept = await userSession('sig.colega', { department: 'Recursos Humanos' });
    const admin = await userSession('sig.admin', { department: 'Financeiro', role: 'admin' });
    const sockets = await Promise.all([allowed, sameDept, admin].map((s) => connectSocket(server.url, s.token)));
    const [heardAllowed, heardSameDept, heardAdmin] = sockets.map(listen);
    try {
      await commitOutboxEvent(
        server,
        'process.forwarded',
        forwardedEvent({
          processId: 'PROC-SIG-1',
          confidential: true,
          confidentialAccess: [allowed.user.id],
          createdBy: creator.user.id,
          actorId: creator.user.id,
          originDepartment: 'Gabinete',
          currentDepartment: 'Recursos Humanos',
        }),
      );
      await eventually(
        () => heardAllowed.notifications.length === 1 && heardAdmin.processUpdates.length === 1,
        'a notificação sigilosa',
      );
      await quietPeriod(200);
      expect(heardSameDept.notifications).toHaveLength(0);
      expect(heardSameDept.processUpdates).toHaveLength(0);
      expect(heardAllowed.processUpdates).toHaveLength(1);
      expect(await countFor(sameDept.user.id)).toBe(0);
      // The admin is not in the destination department: told of the change, not notified.
      expect(heardAdmin.notifications).toHaveLength(0);
    } finally {
      sockets.forEach((s) => s.close());
    }
  });

  it('relaying the same event twice stores and pushes one notification', async () => {
    const signer = await userSession('assinante.um', { department: 'Jurídico' });
    const socket = await connectSocket(server.url, signer.token);
    const heard = listen(socket);
    try {
      const eventId = await commitOutboxEvent(server, 'document.signature-requested', {
        documentId: 'b2a7c3f0-0000-4000-8000-000000000001',
        title: 'Contrato 12/2026',
        confidential: false,
        signerId: signer.user.id,
        actorId: '00000000-0000-4000-8000-000000000000',
      });
      await eventually(() => heard.notifications.length === 1, 'a notificação');
      // As if the job ran again after a crash between commit and acknowledgement.
      await server.dataSource.query(`UPDATE outbox_events SET processed_at = NULL WHERE id = $1`, [eventId]);
      const relay = worker.get(OutboxRelayService);
      await relay.drain();
      await relay.drain();
      await quietPeriod(200);
      expect(await countFor(signer.user.id)).toBe(1);
      expect(heard.notifications).toHaveLength(1);
      expect(heard.notifications[0].notification).toMatchObject({
        type: 'document',
        title: 'Assinatura solicitada',
        link: '/semgi/documents/b2a7c3f0-0000-4000-8000-000000000001',
      });
      expect(await pendingOutbox()).toBe(0);
    } finally {
      socket.close();
    }
  });

  it('a failing event is set aside after its attempts without holding back the next ones', async () => {
    const user = await userSession('exporta.um');
    // Not a uuid: the recipients query fails for this event only.
    const bad = await commitOutboxEvent(server, 'export.ready', { userId: 'não-é-uuid', title: 'x', link: '#' });
    const good = await commitOutboxEvent(server, 'export.ready', {
      userId: user.user.id,
      title: 'Relatório de processos',
      link: '/api/exports/abc',
    });
    const relay = worker.get(OutboxRelayService);
    for (let i = 0; i < 6; i++) await relay.drain();
    const rows: { id: string; processed: boolean; attempts: number; last_error: string | null }[] =
      await server.dataSource.query(
        `SELECT id, processed_at IS NOT NULL AS processed, attempts, last_error FROM outbox_events WHERE id = ANY($1)`,
        [[bad, good]],
      );
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    expect(byId.get(good)).toMatchObject({ processed: true, attempts: 0 });
    expect(byId.get(bad)).toMatchObject({ processed: true, attempts: 5 });
    expect(byId.get(bad)?.last_error).toMatch(/uuid/);
    const stored: { type: string; title: string; message: string }[] = await server.dataSource.query(
      `SELECT type, title, message FROM notifications WHERE user_id = $1`,
      [user.user.id],
    );
    expect(stored).toEqual([
      { type: 'task', title: 'Exportação concluída', message: 'Relatório de processos está pronto para download.' },
    ]);
  });

  it('an event whose handlers fail together records the cause, and the event behind it in the batch goes out', async () => {
    const dest = await userSession('juri.lote', { department: 'Jurídico' });
    const socket = await connectSocket(server.url, dest.token);
    const heard = listen(socket);
    try {
      // Handlers run side by side: the notification statement fails on the actor id (the first
      // failure in handler order is recorded), and the process:updated handler's query behind it is
      // refused by the failed transaction.
      const bad = await commitOutboxEvent(
        server,
        'process.forwarded',
        forwardedEvent({ processId: 'PROC-LOTE-RUIM', actorId: 'não-é-uuid' }),
      );
      const good = await commitOutboxEvent(
        server,
        'process.forwarded',
        forwardedEvent({ processId: 'PROC-LOTE-BOM', currentDepartment: 'Jurídico' }),
      );
      await worker.get(OutboxRelayService).drain();
      const rows: { id: string; processed: boolean; attempts: number; last_error: string | null }[] =
        await server.dataSource.query(
          `SELECT id, processed_at IS NOT NULL AS processed, attempts, last_error FROM outbox_events WHERE id = ANY($1)`,
          [[bad, good]],
        );
      const byId = new Map(rows.map((r) => [String(r.id), r]));
      expect(byId.get(good)).toMatchObject({ processed: true, attempts: 0, last_error: null });
      // (The worker's own relay may have tried it too.)
      expect(byId.get(bad)).toMatchObject({ processed: false });
      expect(byId.get(bad)?.attempts).toBeGreaterThanOrEqual(1);
      expect(byId.get(bad)?.last_error).toMatch(/uuid/);
      await eventually(() => heard.notifications.length === 1, 'a notificação do evento bom');
      expect(heard.notifications[0].notification.link).toBe('/semgi/process-details/PROC-LOTE-BOM');
      await eventually(() => heard.processUpdates.some((u) => u.processId === 'PROC-LOTE-BOM'), 'process:updated');
      expect(heard.processUpdates.map((u) => u.processId)).not.toContain('PROC-LOTE-RUIM');
    } finally {
      socket.close();
    }
  });
});
