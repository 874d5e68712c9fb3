/**
 * Work still running for requests, whether or not their clients are still connected. Shutdown waits
 * for it before the database pool closes: `server.close()` only waits for open connections, and a
 * client that hung up leaves its request running with no connection to wait for. Without this, the
 * pool closed under such a request (knex logged "Acquire connection error: aborted"), and a credit
 * refund for a failed call could be cut off.
 */
export class InFlight {
  private running = 0;
  private waiters: (() => void)[] = [];

  /** Counts `work` as running until it settles; returns it unchanged. */
  track<T>(work: Promise<T>): Promise<T> {
    this.running++;
    const done = () => {
      if (--this.running === 0) for (const w of this.waiters.splice(0)) w();
    };
    work.then(done, done);
    return work;
  }

  get size(): number {
    return this.running;
  }

  /** Resolves once nothing runs, or after `timeoutMs` (true when it became idle). */
  idle(timeoutMs: number): Promise<boolean> {
    if (this.running === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== wake);
        resolve(false);
      }, timeoutMs);
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waiters.push(wake);
    });
  }
}
