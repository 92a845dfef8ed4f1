/**
 * A counting semaphore: at most `size` holders at once, the others wait in arrival order. Block
 * signing holds one permit per document in progress, across every request of this server, because
 * each such document keeps two pooled database connections (the result row's lock and the
 * signature's transaction): without a bound, enough concurrent blocks would take the whole pool
 * for the locks and leave none for the signatures.
 */
export class SigningPermits {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(size: number) {
    this.free = size;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}
