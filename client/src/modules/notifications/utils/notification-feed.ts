/**
 * Client side of the notification delivery protocol (the bell, and the delivery integration test
 * acting as a browser tab): merges the live
 * `notification:new` pushes with the `notifications:sync` catch-up so that every notification after
 * the baseline is delivered once, in `seq` order, across reconnects.
 * - `setBaseline(seq)`: the newest notification the client already shows (from GET /notifications).
 * - `resync()`: call on every (re)connect; asks for everything after the newest delivered.
 * - `receive(payload)`: every live push. Pushes that arrive before the baseline is known or while a
 *   catch-up is running are held and merged afterwards.
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
}

/** Dependency-free on purpose: the browser and the Node integration test both run it. */
export class NotificationFeed<N extends SequencedNotification> {
  private lastSeq: number | null = null;
  private held: { notification: N; unreadCount: number }[] = [];
  private running: Promise<void> | null = null;
  private again = false;

  constructor(private readonly options: NotificationFeedOptions<N>) {}

  /** Newest seq delivered so far (null before the baseline is known). */
  get newestSeq(): number | null {
    return this.lastSeq;
  }

  setBaseline(seq: number): void {
    if (this.lastSeq === null || seq > this.lastSeq) this.lastSeq = seq;
    if (!this.running) this.flushHeld();
  }

  receive(payload: { notification: N; unreadCount: number }): void {
    if (this.lastSeq === null || this.running) this.held.push(payload);
    else this.accept(payload.notification, payload.unreadCount);
  }

  /** Catch-up; concurrent calls coalesce into one more run. Rejects if the transport failed. */
  resync(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.runSync().finally(() => {
      this.running = null;
      this.flushHeld();
      if (this.again) {
        this.again = false;
        void this.resync().catch(() => undefined);
      }
    });
    return this.running;
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
