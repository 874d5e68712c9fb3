/**
 * "The change log or the outbox moved": fired in this process by a local commit (an import posted
 * here) and, on PostgreSQL, by any process's commit through LISTEN/NOTIFY (src/db/notify.ts). The
 * outbox wakes on it and change-feed readers that wait for changes (`wait` of `GET /data/changes`)
 * re-read on it; both still poll, the only way on SQLite and the fallback while a listener is down.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { listenOutbox, type Listener } from '../db/notify.js';

export class ChangeSignal {
  private readonly subscribers = new Set<() => void>();
  private listener: Listener | null = null;

  constructor(
    private readonly db: Knex,
    private readonly log: Pick<Logger, 'warn'>,
  ) {}

  /** Listens for other processes' commits (PostgreSQL). */
  start(): void {
    this.listener ??= listenOutbox(this.db, () => this.fire(), (err) => this.log.warn({ err: err.message }, 'change notifications: listener lost, reconnecting (polling meanwhile)'));
  }

  /** Whether other processes' commits are signalled now (a PostgreSQL listener is up). */
  get listening(): boolean {
    return this.listener?.connected ?? false;
  }

  fire(): void {
    for (const fn of [...this.subscribers]) fn();
  }

  subscribe(fn: () => void): () => void {
    this.subscribers.add(fn);
    return () => void this.subscribers.delete(fn);
  }

  /** Resolves true at the next signal, false after `ms` or once `abort` fires. */
  wait(ms: number, abort?: AbortSignal): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (fired: boolean) => {
        clearTimeout(timer);
        off();
        abort?.removeEventListener('abort', aborted);
        resolve(fired);
      };
      const aborted = () => done(false);
      const timer = setTimeout(() => done(false), ms);
      const off = this.subscribe(() => done(true));
      if (abort?.aborted) done(false);
      else abort?.addEventListener('abort', aborted, { once: true });
    });
  }

  async close(): Promise<void> {
    const l = this.listener;
    this.listener = null;
    await l?.close();
  }
}
