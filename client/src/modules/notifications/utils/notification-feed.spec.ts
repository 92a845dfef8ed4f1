import { NotificationFeed, type FeedSyncReply } from './notification-feed';

interface Item {
  seq: number;
}

function feedWith(sync: (afterSeq: number) => Promise<FeedSyncReply<Item>>) {
  const delivered: number[] = [];
  const counts: number[] = [];
  const feed = new NotificationFeed<Item>({
    sync,
    onNotification: (item) => delivered.push(item.seq),
    onUnreadCount: (count) => counts.push(count),
  });
  return { feed, delivered, counts };
}

const push = (seq: number) => ({ notification: { seq }, unreadCount: seq });

describe('NotificationFeed', () => {
  it('holds pushes until the baseline is known, then delivers the newer ones in order', () => {
    const { feed, delivered } = feedWith(() => Promise.reject(new Error('sem conexão')));
    feed.receive(push(7));
    feed.receive(push(5));
    feed.receive(push(3));
    expect(delivered).toEqual([]);
    feed.setBaseline(4);
    expect(delivered).toEqual([5, 7]);
    feed.receive(push(7));
    feed.receive(push(8));
    expect(delivered).toEqual([5, 7, 8]);
  });

  it('catches up page by page after the newest delivered and merges pushes that arrive meanwhile', async () => {
    const asked: number[] = [];
    const { feed, delivered, counts } = feedWith(async (afterSeq) => {
      asked.push(afterSeq);
      if (afterSeq === 2) {
        await Promise.resolve(); // a live push lands while the catch-up call is out
        feed.receive(push(6));
        return { notifications: [{ seq: 3 }, { seq: 4 }], unreadCount: 4, hasMore: true };
      }
      return { notifications: [{ seq: 5 }], unreadCount: 5, hasMore: false };
    });
    feed.setBaseline(2);
    await feed.resync();
    expect(asked).toEqual([2, 4]);
    expect(delivered).toEqual([3, 4, 5, 6]);
    expect(counts).toEqual([4, 5]);
    expect(feed.newestSeq).toBe(6);
  });

  it('coalesces a resync asked while one runs into one more run', async () => {
    const asked: number[] = [];
    let release!: () => void;
    const { feed } = feedWith(async (afterSeq) => {
      asked.push(afterSeq);
      if (asked.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return { notifications: [], unreadCount: 0, hasMore: false };
    });
    feed.setBaseline(1);
    const first = feed.resync();
    void feed.resync();
    void feed.resync();
    release();
    await first;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toEqual([1, 1]);
  });

  describe('a catch-up that fails', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('is tried again after 1, 2, 5 and 10 s, and delivers once the server answers', async () => {
      let calls = 0;
      const { feed, delivered } = feedWith(async () => {
        calls += 1;
        if (calls <= 3) throw new Error('operation has timed out');
        return { notifications: [{ seq: 3 }], unreadCount: 1, hasMore: false };
      });
      feed.setBaseline(2);
      await expect(feed.resync()).rejects.toThrow('operation has timed out');
      await jest.advanceTimersByTimeAsync(999);
      expect(calls).toBe(1);
      await jest.advanceTimersByTimeAsync(1);
      expect(calls).toBe(2);
      await jest.advanceTimersByTimeAsync(2000);
      expect(calls).toBe(3);
      expect(delivered).toEqual([]);
      await jest.advanceTimersByTimeAsync(5000);
      expect(calls).toBe(4);
      expect(delivered).toEqual([3]);
      await jest.advanceTimersByTimeAsync(60_000);
      expect(calls).toBe(4);
    });

    it('holds live pushes until a retry has caught up, so nothing missing is skipped', async () => {
      let calls = 0;
      const { feed, delivered } = feedWith(async () => {
        calls += 1;
        if (calls === 1) throw new Error('operation has timed out');
        return { notifications: [{ seq: 3 }, { seq: 4 }], unreadCount: 4, hasMore: false };
      });
      feed.setBaseline(2);
      await expect(feed.resync()).rejects.toThrow('operation has timed out');
      feed.receive(push(5));
      expect(delivered).toEqual([]);
      await jest.advanceTimersByTimeAsync(1000);
      expect(delivered).toEqual([3, 4, 5]);
      feed.receive(push(6));
      expect(delivered).toEqual([3, 4, 5, 6]);
    });

    it('gives up after the last delay, and dispose() stops the retries', async () => {
      let calls = 0;
      const { feed } = feedWith(async () => {
        calls += 1;
        throw new Error('sem conexão');
      });
      feed.setBaseline(1);
      await expect(feed.resync()).rejects.toThrow('sem conexão');
      await jest.advanceTimersByTimeAsync(60_000);
      expect(calls).toBe(5);

      // A new catch-up (a reconnect) starts the retries over; dispose() stops them.
      calls = 0;
      await expect(feed.resync()).rejects.toThrow('sem conexão');
      await jest.advanceTimersByTimeAsync(1000);
      expect(calls).toBe(2);
      feed.dispose();
      await jest.advanceTimersByTimeAsync(60_000);
      expect(calls).toBe(2);
    });
  });
});
