import type { Tx } from './transactions';
import { readTogether } from './transactions';

/** A read that logs when it starts and ends, and ends only when released. */
function trackedRead(name: string, log: string[]) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  const read = async () => {
    log.push(`start ${name}`);
    await done;
    log.push(`end ${name}`);
    return name;
  };
  return { read, release };
}

describe('readTogether', () => {
  it('starts every read at once outside a transaction and keeps their order in the results', async () => {
    const log: string[] = [];
    const a = trackedRead('a', log);
    const b = trackedRead('b', log);
    const results = readTogether(undefined, [a.read, b.read]);
    await Promise.resolve();
    expect(log).toEqual(['start a', 'start b']);
    b.release();
    a.release();
    await expect(results).resolves.toEqual(['a', 'b']);
  });

  it('runs one read after another inside a transaction, which has a single connection', async () => {
    const log: string[] = [];
    const a = trackedRead('a', log);
    const b = trackedRead('b', log);
    const tx = { queryRunner: { isTransactionActive: true } } as unknown as Tx;
    const results = readTogether(tx, [a.read, b.read]);
    await Promise.resolve();
    expect(log).toEqual(['start a']);
    a.release();
    b.release();
    await expect(results).resolves.toEqual(['a', 'b']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b']);
  });
});
