/**
 * The turn of a writer on SQLite (one writer per database file): a process lets at most `slots` of
 * its writes (statements that write, and every transaction) hold a pool connection at once; the
 * others wait here, holding none. A write that finds the file locked by another process (an import:
 * src/db/knex.ts) waits for the lock on its connection (src/patches/knex.ts `waitForLocks`), so
 * however many requests must write meanwhile, the pool's other connections stay free for reads,
 * which WAL serves at once. A writer waits for its turn by the same rule as for the lock: a second
 * (a short transaction of this process) or, while an import holds the lock, as long as the importer
 * shows it is alive; then it fails as a busy database (503).
 */
export class WriterGate {
  private writing = 0;
  private readonly queue: { admit(): void }[] = [];

  constructor(
    readonly slots: number,
    /** Whether a writer that has waited this long may wait on. */
    private readonly mayWait: (waitedMs: number) => boolean,
    private readonly checkMs = WAIT_CHECK_MS,
  ) {}

  /** Resolves once the caller may write; the function it gives frees the turn (once). */
  async enter(): Promise<() => void> {
    if (this.writing < this.slots && this.queue.length === 0) {
      this.writing++;
      return this.leaver();
    }
    const started = Date.now();
    await new Promise<void>((resolve, reject) => {
      let timer: NodeJS.Timeout;
      const waiter = {
        admit: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const check = () => {
        if (this.mayWait(Date.now() - started)) {
          timer = setTimeout(check, this.checkMs);
          return;
        }
        this.queue.splice(this.queue.indexOf(waiter), 1);
        reject(Object.assign(new Error('database is locked: no turn to write came within the wait'), { code: 'SQLITE_BUSY' }));
      };
      timer = setTimeout(check, this.checkMs);
      this.queue.push(waiter);
    });
    return this.leaver();
  }

  /** Writers holding a turn, and writers waiting for one. */
  get load(): { writing: number; waiting: number } {
    return { writing: this.writing, waiting: this.queue.length };
  }

  private leaver(): () => void {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      // the turn passes straight to the next writer: a new one cannot take it in between
      const next = this.queue.shift();
      if (next) next.admit();
      else this.writing--;
    };
  }
}

/** How often a waiting writer asks whether it may wait on. */
const WAIT_CHECK_MS = 250;
