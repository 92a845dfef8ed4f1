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
});
