import type { NotificationView } from '#server/contracts/notifications';
import type { ProcessMutationResponse } from '#server/contracts/processes';
import { pid } from '#test/factories/processes';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, connectSocket, login, type RunningServer } from '#test/setup/app';
import { eventually, hold, quietPeriod } from '#test/setup/eventually';
import { NotificationFeed } from '@/modules/notifications/utils/notification-feed';

/** Generous: these tests run on loaded 2-core machines. */
export const FAULT_WAIT = { timeoutMs: 30_000 };

export interface NotificationLoadResult {
  /** Processes answered 201, and the notification rows / socket deliveries per process link. */
  links: string[];
  rows: Map<string, number>;
  delivered: Map<string, number>;
  /** Deliveries that came through the catch-up rather than live, and the catch-ups asked. */
  caughtUp: number;
  resyncs: number;
  disconnects: number;
  socketConnected: boolean;
  statuses: number[];
}

/** What an outage scenario sees of the load running beside it. */
export interface LoadUnderOutages {
  /** Processes committed so far. */
  created(): number;
  /**
   * Runs `disrupt` (a dropped subscription, a restart), then waits until the server has told the
   * open socket to resync, that is until its subscription is back. So the next disruption always
   * hits a live subscription: one that hits a subscription still reconnecting from the last one
   * (PostgreSQL's adapter waits 1–3 s) would disturb nothing.
   */
  disrupt(what: string, disrupt: () => Promise<unknown>): Promise<void>;
}

/**
 * Processes keep being created (two at a time) for a department whose tab stays open, while
 * `outages(load)` disturbs the coordination backend; then every committed process must give one
 * notification row and one event on the open socket, live or by the catch-up the server asks for
 * when its subscription is back (the client's NotificationFeed merges both).
 */
export async function notificationsUnderOutages(
  server: RunningServer,
  outages: (load: LoadUnderOutages) => Promise<void>,
): Promise<NotificationLoadResult> {
  await createUser(server.dataSource, { username: 'cria.carga', department: 'Administração' });
  const receiver = await createUser(server.dataSource, { username: 'recebe.carga', department: 'Infraestrutura' });
  const creator = await login(server.url, 'cria.carga', TEST_PASSWORD);
  const session = await login(server.url, 'recebe.carga', TEST_PASSWORD);

  const socket = await connectSocket(server.url, session.token);
  const delivered = new Map<string, number>();
  let caughtUp = 0;
  let disconnects = 0;
  const pushedLive = new Set<string>();
  let resyncs = 0;
  const feed = new NotificationFeed<NotificationView>({
    sync: (afterSeq) => socket.timeout(20_000).emitWithAck('notifications:sync', { afterSeq }),
    onNotification: (n) => {
      delivered.set(n.link ?? '', (delivered.get(n.link ?? '') ?? 0) + 1);
      if (!pushedLive.has(n.id)) caughtUp += 1;
    },
    onUnreadCount: () => undefined,
  });
  feed.setBaseline(0);
  socket.on('disconnect', () => (disconnects += 1));
  socket.on('notification:new', (payload) => {
    pushedLive.add(payload.notification.id);
    feed.receive(payload);
  });
  socket.on('notifications:resync', () => {
    resyncs += 1;
    // As the app does: a failed catch-up is retried by the feed itself.
    void feed.resync().catch(() => undefined);
  });

  const created: string[] = [];
  const statuses: number[] = [];
  let loading = true;
  const creating = async () => {
    while (loading) {
      const res = await api<ProcessMutationResponse>(server.url, 'POST', '/processes', {
        token: creator.token,
        body: {
          subject: 'Reparo de iluminação',
          description: 'Poste apagado.',
          destinationDepartment: 'Infraestrutura',
        },
      });
      statuses.push(res.status);
      if (res.status === 201) created.push(res.body.process.id);
      else await hold(100);
    }
  };
  const load = Promise.all([creating(), creating()]);
  try {
    await outages({
      created: () => created.length,
      disrupt: async (what, disrupt) => {
        const before = resyncs;
        await disrupt();
        await eventually(() => resyncs > before, `a assinatura de eventos de volta depois de: ${what}`, FAULT_WAIT);
      },
    });
  } finally {
    loading = false;
    await load;
  }

  const links = created.map((id) => `/semgi/process-details/${pid(id)}`);
  const rowsPerLink = async () => {
    const rows: { link: string; count: string }[] = await server.dataSource.query(
      `SELECT link, count(*) AS count FROM notifications WHERE user_id = $1 GROUP BY link`,
      [receiver.id],
    );
    return new Map(rows.map((r) => [r.link, Number(r.count)]));
  };
  await eventually(
    async () => {
      const rows = await rowsPerLink();
      return links.every((link) => rows.has(link));
    },
    'uma notificação por processo criado',
    FAULT_WAIT,
  );
  await eventually(() => links.every((link) => delivered.has(link)), 'um evento por processo criado', FAULT_WAIT);
  await quietPeriod(500);
  const result = {
    links,
    rows: await rowsPerLink(),
    delivered,
    caughtUp,
    resyncs,
    disconnects,
    socketConnected: socket.connected,
    statuses,
  };
  feed.dispose();
  socket.close();
  return result;
}

/** The same checks after any outage: one row and one event per process, the socket kept, no 500. */
export function expectNothingLost(result: NotificationLoadResult): void {
  const { links, rows, delivered } = result;
  expect(links.filter((link) => rows.get(link) !== 1)).toEqual([]);
  expect([...delivered].filter(([, count]) => count !== 1)).toEqual([]);
  // Processes that answered 201 are all there is: nothing half-written produced a notification.
  expect([...rows.keys()].sort()).toEqual([...links].sort());
  expect([...delivered.keys()].sort()).toEqual([...links].sort());
  expect(result.disconnects).toBe(0);
  expect(result.socketConnected).toBe(true);
  expect(result.statuses.filter((status) => status !== 201 && status !== 503)).toEqual([]);
}
