/**
 * PostgreSQL LISTEN on `fdapi_outbox` (migration 027: commits adding changes or due deliveries
 * notify it), on a connection of its own outside the request pool, held for the process's life.
 * A dropped connection is reopened after RECONNECT_MS and reported as a notification, since
 * notifications sent while it was down are lost; the callers' polling covers the gap. SQLite has
 * no notifications: `listenOutbox` returns null there and the callers poll.
 */
import type { Knex } from 'knex';
import pg from 'pg';
import { dialectOf } from './dialect.js';

export const OUTBOX_CHANNEL = 'fdapi_outbox';
const RECONNECT_MS = 1000;

export interface Listener {
  /** Whether notifications are being received now. */
  readonly connected: boolean;
  close(): Promise<void>;
}

/** Calls `onNotify` for each notification on the channel (and after a reconnect); null on SQLite. */
export function listenOutbox(db: Knex, onNotify: (payload: string) => void, onError: (err: Error) => void): Listener | null {
  if (!dialectOf(db).notifies) return null;
  const { connectionString, connectionTimeoutMillis } = db.client.config.connection as pg.ClientConfig;
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const reconnect = (err: Error) => {
    onError(err);
    const c = client;
    client = null;
    c?.end().catch(() => undefined);
    if (!closed && !retry) {
      retry = setTimeout(() => {
        retry = null;
        void open(true);
      }, RECONNECT_MS);
      retry.unref();
    }
  };

  const open = async (again: boolean): Promise<void> => {
    const c = new pg.Client({ connectionString, connectionTimeoutMillis, application_name: 'fdapi-listen' });
    c.on('notification', (m) => {
      if (m.channel === OUTBOX_CHANNEL) onNotify(m.payload ?? '');
    });
    c.on('error', (err: Error) => {
      if (client === c) reconnect(err);
    });
    try {
      await c.connect();
      await c.query(`listen ${OUTBOX_CHANNEL}`);
    } catch (err) {
      client = c;
      return reconnect(err as Error);
    }
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    if (again) onNotify('reconnect');
  };

  const ready = open(false);
  return {
    get connected() {
      return client !== null && !closed;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await ready;
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
