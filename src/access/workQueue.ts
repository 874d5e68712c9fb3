/**
 * Heavy work of this process, a few units at a time (HEAVY_CONCURRENCY), the rest waiting in order.
 * A unit is the handler of a heavy request (analytics, a page over 100 rows) or one batch of an
 * export. Their database part runs elsewhere (PostgreSQL, or SQLite's worker thread), but each ends
 * in main-thread work (rows assembled, grouped, serialised) of up to a few hundred milliseconds; 60
 * at once queued all of it ahead of everything else, and `/system/live` waited 8-18 s behind it.
 * With a few at a time a cheap request waits at most for the units running, and the heavy ones
 * still all finish (in turn).
 */
import { performance } from 'node:perf_hooks';
import { ApiError } from '../errors.js';

/** A unit that kept the event loop busy this long gives it as long again before the next starts. */
const BUSY_UNIT_MS = 20;
const MAX_PAUSE_MS = 500;

export class WorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly concurrency: number) {}

  /** Runs `work` when a place is free; a request whose client left (`signal`) while it waited is not run. */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.concurrency > 0 && this.running >= this.concurrency) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    const before = performance.eventLoopUtilization();
    try {
      if (signal?.aborted) throw new ApiError('SERVICE_UNAVAILABLE', 'The request was abandoned while it waited');
      return await work();
    } finally {
      // the place passes to the next in line, or is given back. Never in the same turn of the event
      // loop: work that never waits for I/O (SQLite's synchronous lookups) would run unit after unit
      // in one turn. And when the unit kept the loop busy, only after as long again: the loop accepts
      // one connection per turn (libuv), so back-to-back units left each turn long and a burst of
      // connections (probes among them) waited in the listen backlog for seconds. The place is held
      // through that pause even with nobody waiting: on SQLite a unit is one turn of the loop, so no
      // other request is even read while it runs, the next heavy one arrives after it has ended, and
      // given back at once the place went to it with no pause at all (nothing was ever seen waiting)
      const { active } = performance.eventLoopUtilization(before);
      const handOn = () => {
        const next = this.waiting.shift();
        if (next) next();
        else this.running--;
      };
      if (active >= BUSY_UNIT_MS) setTimeout(handOn, Math.min(active, MAX_PAUSE_MS));
      else if (this.waiting.length > 0) setImmediate(handOn);
      else this.running--;
    }
  }

  /** Units running and waiting (tests and metrics). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
