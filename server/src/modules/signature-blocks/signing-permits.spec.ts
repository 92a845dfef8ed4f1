import { SigningPermits } from './signing-permits';

describe('SigningPermits', () => {
  it('runs at most `size` works at once, the others in arrival order, and frees a permit on failure', async () => {
    const permits = new SigningPermits(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const work = (n: number, fail = false) =>
      permits.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        order.push(n);
        if (fail) throw new Error(`falha ${n}`);
        return n;
      });
    const results = await Promise.allSettled([work(1), work(2, true), work(3), work(4), work(5)]);
    expect(peak).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    // Every permit came back.
    expect(await Promise.all([work(6), work(7)])).toEqual([6, 7]);
  });
});
