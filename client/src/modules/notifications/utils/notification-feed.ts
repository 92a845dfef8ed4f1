/**
 * Client side of the notification delivery protocol (the bell, and the delivery integration test
 * acting as a browser tab): merges the live
 * `notification:new` pushes with the `notifications:sync` catch-up so that every notification after
 * the baseline is delivered once, in `seq` order, across reconnects.
 * - `setBaseline(seq)`: the newest notification the client already shows (from GET /notifications).
 * - `resync()`: call on every (re)connect; asks for everything after the newest delivered.
 * - `receive(payload)`: every live push. Pushes that arrive before the baseline is known or while a
 *   catch-up is running are held and merged afterwards.
 * - A catch-up that fails (no answer in time: the server's database was still coming back) is tried
 *   again after `retryDelaysMs` (1, 2, 5, 10 s): nothing else would ask again until the next
 *   reconnect, and what it was for would stay missing. `dispose()` stops those retries.
 */
/** What the feed needs of a notification (a `NotificationView`): its delivery sequence number. */
export interface SequencedNotification {
  seq: number;
}

/** Shape of the `notifications:sync` answer (`NotificationSyncResponse`). */
export interface FeedSyncReply<N extends SequencedNotification> {
  notifications: N[];
  unreadCount: number;
  hasMore: boolean;
}

export interface NotificationFeedOptions<N extends SequencedNotification> {
  sync: (afterSeq: number) => Promise<FeedSyncReply<N>>;
  onNotification: (notification: N, unreadCount: number) => void;
  onUnreadCount: (unreadCount: number) => void;
  retryDelaysMs?: readonly number[];
}

const RETRY_DELAYS_MS = [1000, 2000, 5000, 10_000];

/** Dependency-free on purpose: the browser and the Node integration test both run it. */
export class NotificationFeed<N extends SequencedNotification> {
  private lastSeq: number | null = null;
  private held: { notification: N; unreadCount: number }[] = [];
  private running: Promise<void> | null = null;
  private again = false;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: NotificationFeedOptions<N>) {}

  /** Newest seq delivered so far (null before the baseline is known). */
  get newestSeq(): number | null {
    return this.lastSeq;
  }

  setBaseline(seq: number): void {
    if (this.lastSeq === null || seq > this.lastSeq) this.lastSeq = seq;
    if (!this.catchingUp) this.flushHeld();
  }

  receive(payload: { notification: N; unreadCount: number }): void {
    if (this.lastSeq === null || this.catchingUp) this.held.push(payload);
    else this.accept(payload.notification, payload.unreadCount);
  }

  /** Catch-up; concurrent calls coalesce into one more run. Rejects if the transport failed. */
  resync(): Promise<void> {
    if (!this.running) this.failures = 0;
    return this.run();
  }

  private run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.running = this.runSync()
      .then(
        () => {
          this.failures = 0;
        },
        (error: unknown) => {
          this.retryLater();
          throw error;
        },
      )
      .finally(() => {
        this.running = null;
        // Held pushes wait for a retry: accepting them now would move past what is still missing.
        if (!this.catchingUp) this.flushHeld();
        if (this.again) {
          this.again = false;
          void this.run().catch(() => undefined);
        }
      });
    return this.running;
  }

  /** Stops the retries of a failed catch-up (the tab or the socket is going away). */
  dispose(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  /** A catch-up runs or is owed (a retry is scheduled): live pushes are held meanwhile. */
  private get catchingUp(): boolean {
    return this.running !== null || this.retryTimer !== undefined;
  }

  private retryLater(): void {
    const delay = (this.options.retryDelaysMs ?? RETRY_DELAYS_MS)[this.failures];
    if (delay === undefined) return; // given up: the held pushes are delivered as they are
    this.failures += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.run().catch(() => undefined), delay);
  }

  private async runSync(): Promise<void> {
    if (this.lastSeq === null) return;
    for (;;) {
      const reply = await this.options.sync(this.lastSeq);
      for (const notification of reply.notifications) this.accept(notification, reply.unreadCount);
      this.options.onUnreadCount(reply.unreadCount);
      if (!reply.hasMore || reply.notifications.length === 0) return;
    }
  }

  private flushHeld(): void {
    if (this.lastSeq === null) return;
    const held = this.held.sort((a, b) => a.notification.seq - b.notification.seq);
    this.held = [];
    for (const item of held) this.accept(item.notification, item.unreadCount);
  }

  private accept(notification: N, unreadCount: number): void {
    if (this.lastSeq !== null && notification.seq <= this.lastSeq) return;
    this.lastSeq = notification.seq;
    this.options.onNotification(notification, unreadCount);
  }
}
