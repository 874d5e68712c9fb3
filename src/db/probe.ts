/**
 * The probes' own database connection. `/system/health` and `/system/ready` took their connection
 * from the request pool: with every pooled connection busy on slow lists a probe waited past its
 * timeout and readiness said the database was down, so an orchestrator would pull every busy replica
 * at once. On PostgreSQL the probes (the ping and the migrations check) use a pool of one connection
 * of their own, whose statements stop at PROBE_STATEMENT_MS; SQLite serves lists and analytics from
 * a worker thread (src/db/budget.ts), so its connections are not held by them and the probes share them.
 */
import knexFactory, { type Knex } from 'knex';
import type pg from 'pg';
import { dialectOf } from './dialect.js';

const PROBE_STATEMENT_MS = 1000;

const probes = new WeakMap<Knex, Knex>();

/** The database handle the probes of `db` use. */
export function probeDb(db: Knex): Knex {
  if (!dialectOf(db).probesApart) return db;
  let probe = probes.get(db);
  if (!probe) {
    const { connectionString, connectionTimeoutMillis } = db.client.config.connection as pg.ClientConfig;
    probe = knexFactory({
      client: 'pg',
      connection: { connectionString, connectionTimeoutMillis, application_name: 'fdapi-probe', statement_timeout: PROBE_STATEMENT_MS },
      pool: { min: 0, max: 1, acquireTimeoutMillis: PROBE_STATEMENT_MS },
      acquireConnectionTimeout: PROBE_STATEMENT_MS,
    } as Knex.Config);
    probes.set(db, probe);
  }
  return probe;
}

/** One cheap round trip for the probes. */
export async function ping(db: Knex): Promise<void> {
  await probeDb(db).raw('select 1');
}

export async function closeProbe(db: Knex): Promise<void> {
  const probe = probes.get(db);
  probes.delete(db);
  await probe?.destroy();
}
