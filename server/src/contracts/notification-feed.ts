import type { NotificationSyncResponse, NotificationView } from './notifications';

/**
 * Client side of the delivery protocol (used by the browser and by the tests): merges the live
 * `notification:new` pushes with the `notifications:sync` catch-up so that every notification after
 * the baseline is delivered once, in `seq` order, across reconnects.
 * - `setBaseline(seq)`: the newest notification the client already shows (from GET /notifications).
 * - `resync()`: call on every (re)connect; asks for everything after the newest delivered.
 * - `receive(payload)`: every live push. Pushes that arrive before the baseline is known or while a
 *   catch-up is running are held and merged afterwards.
 */
export interface NotificationFeedOptions {
  sync: (afterSeq: number) => Promise<NotificationSyncResponse>;
  onNotification: (notification: NotificationView, unreadCount: number) => void;
  onUnreadCount: (unreadCount: number) => void;
}

export class NotificationFeed {
  private lastSeq: number | null = null;
  private held: { notification: NotificationView; unreadCount: number }[] = [];
  private running: Promise<void> | null = null;
  private again = false;

  constructor(private readonly options: NotificationFeedOptions) {}

  /** Newest seq delivered so far (null before the baseline is known). */
  get newestSeq(): number | null {
    return this.lastSeq;
  }

  setBaseline(seq: number): void {
    if (this.lastSeq === null || seq > this.lastSeq) this.lastSeq = seq;
    if (!this.running) this.flushHeld();
  }

  receive(payload: { notification: NotificationView; unreadCount: number }): void {
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

  private accept(notification: NotificationView, unreadCount: number): void {
    if (this.lastSeq !== null && notification.seq <= this.lastSeq) return;
    this.lastSeq = notification.seq;
    this.options.onNotification(notification, unreadCount);
  }
}
