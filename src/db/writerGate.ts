/**
 * The turn of a writer on SQLite (one writer per database file): a process lets at most `slots` of
 * its writes (statements that write, and every transaction) hold a pool connection at once; the
 * others wait here, holding none. A write that finds the file locked by another process (an import:
 * src/db/knex.ts) waits for the lock on its connection (src/patches/knex.ts `waitForLocks`), so
 * however many requests must write meanwhile, the pool's other connections stay free for reads,
 * which WAL serves at once. A writer waits for its turn as long as the writers ahead make progress:
 * it fails as a busy database (503) only once `waitMs` (a short transaction of this process) has
 * passed with no turn handed on and no sign of life from a long writer holding the lock (an import).
 * A queue that moves is not a stuck database, however long the whole wait: ten writers that waited
 * for an import's commit take their turns one after the other once it lets go.
 */
export interface Patience {
  /** How long a writer waits without any progress. */
  waitMs: number;
  /** Whether a long writer (an import) holds the lock and shows it is alive: waiting for it is progress. */
  longWriterAlive(): boolean;
}

export class WriterGate {
  private writing = 0;
  private readonly queue: { admit(): void }[] = [];
  /** When a turn was last handed on, or a long writer last seen alive. */
  private progressAt = 0;

  constructor(
    readonly slots: number,
    private readonly patience: Patience,
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
        if (this.mayWaitOn(started)) {
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

  private mayWaitOn(started: number): boolean {
    const now = Date.now();
    // asked at every check, not only once `waitMs` is out: the wait after the import lets go is a whole `waitMs`
    if (this.patience.longWriterAlive()) this.progressAt = now;
    return now - Math.max(started, this.progressAt) <= this.patience.waitMs;
  }

  private leaver(): () => void {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      // the turn passes straight to the next writer: a new one cannot take it in between
      const next = this.queue.shift();
      this.progressAt = Date.now();
      if (next) next.admit();
      else this.writing--;
    };
  }
}

/** How often a waiting writer asks whether it may wait on. */
const WAIT_CHECK_MS = 250;
