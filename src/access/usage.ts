/**
 * Usage counted in memory and written every `USAGE_FLUSH_MS` (openapi.yaml `Usage`: usage may take up to
 * 60 seconds to appear). Written per request, usage would be a second write on one hot row per team
 * and operation beside the credit decrement; a metered request runs the decrement only, and each
 * flush writes one upsert per (team, day, operation) seen since the last one. Credits stay exact and
 * per request (they are the gate); usage is the report.
 *
 * A failed flush keeps its counts for the next one, so an outage delays usage and loses none while
 * the process lives. `flush()` is awaited by the usage endpoint (a team reading its own usage on this
 * process sees every call this process answered) and by shutdown.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { addUsage, type UsageCount } from '../db/credits.js';

export class UsageBuffer {
  private pending = new Map<string, UsageCount>();
  private writing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Knex,
    private readonly log: Logger,
    private readonly intervalMs: number,
  ) {}

  /** Counts one successful call. */
  add(teamId: number, day: string, operationId: string, credits: number): void {
    this.merge({ teamId, day, operationId, requests: 1, credits });
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.flush().catch((err: Error) => this.log.error({ err: err.message, pending: this.pending.size }, 'usage flush failed; kept for the next one'));
    }, this.intervalMs).unref();
  }

  /** Writes everything counted so far (waiting for a flush already under way first). */
  async flush(): Promise<void> {
    while (this.writing) await this.writing.catch(() => undefined);
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.writing = addUsage(this.db, batch).catch((err: unknown) => {
      for (const c of batch) this.merge(c);
      throw err;
    });
    try {
      await this.writing;
    } finally {
      this.writing = null;
    }
  }

  /** Stops the timer and writes what is left. */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }

  private merge(c: UsageCount): void {
    const key = `${c.teamId}\u0000${c.day}\u0000${c.operationId}`;
    const have = this.pending.get(key);
    if (have) {
      have.requests += c.requests;
      have.credits += c.credits;
    } else {
      this.pending.set(key, { ...c });
    }
  }
}
