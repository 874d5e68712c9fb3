/**
 * A detail's document read, the way knex runs it (`prepared(db.raw(...))`) against the direct lookup
 * (src/db/lookup.ts), alternated in one process on the bench's `large` database: CPU of this process
 * per read (the read-only statement's own share; PostgreSQL's server CPU not included).
 *
 *   npx tsx bench/detail-read.ts --db sqlite|postgres [--reads N] [--rounds R] [--read company]
 *
 * `--read company`: a company's document by its uuid, the entity and its document written as a join
 * against `entityDocumentByUuid` (src/db/documents.ts: the document's key probed by a scalar subquery
 * on the uuid), both through the direct lookup.
 *
 * Environment as bench/lib.ts: BENCH_DIR, BENCH_PG_PORT (with BENCH_PG_RUNNING=1: the cluster running there).
 */
import { createDb, normalizeRawResult, prepared } from '../src/db/knex.js';
import { entityDocumentByUuid } from '../src/db/documents.js';
import { lookupRow } from '../src/db/lookup.js';
import { type DbKind, log, median, startPostgres, target } from './lib.js';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const kind = arg('db', 'sqlite') as DbKind;
const READS = Number(arg('reads', '4000'));
const ROUNDS = Number(arg('rounds', '5'));
const SQL = 'select record_id, body, money_paths, lock_paths, downgrades from record_documents where kind = ? and record_id = ?';

const pg = kind === 'postgres' ? await startPostgres() : null;
const t = target(kind, pg);
const db = createDb(kind === 'sqlite' ? { dbClient: 'sqlite', sqliteFile: t.sqliteFile, databaseUrl: '', dbPoolMax: 4 } : { dbClient: 'postgres', sqliteFile: '', databaseUrl: t.databaseUrl, dbPoolMax: 4 });
const max = Number(normalizeRawResult(await db.raw(`select max(record_id) as n from record_documents where kind = 'transaction'`))[0]!.n);
const ids = Array.from({ length: READS }, (_, i) => 1 + ((i * 7919) % max));

const COMPANY_JOIN = `select d.record_id, d.body, d.money_paths, d.lock_paths, d.downgrades from entities e join record_documents d on d.record_id = e.id and d.kind = ? where e.uuid = ? and e.subtype = ? limit 1`;
const companies = arg('read', 'transaction') === 'company'
  ? normalizeRawResult(await db.raw(`select e.uuid from entities e join record_documents d on d.record_id = e.id and d.kind = 'company' order by e.id limit 400`)).map((r) => r.uuid as string)
  : [];
const uuidOf = (id: number) => companies[id % companies.length]!;

const ways: Record<string, (id: number) => Promise<unknown>> = companies.length
  ? {
      join: async (id: number) => lookupRow(db, COMPANY_JOIN, ['company', uuidOf(id), 'company']),
      subquery: async (id: number) => entityDocumentByUuid(db, 'company', uuidOf(id)),
    }
  : {
      knex: async (id: number) => normalizeRawResult(await prepared(db.raw(SQL, ['transaction', id])))[0],
      lookup: async (id: number) => lookupRow(db, SQL, ['transaction', id]),
    };
const cpu: Record<string, number[]> = Object.fromEntries(Object.keys(ways).map((k) => [k, []]));
for (let r = 0; r < ROUNDS + 1; r++) {
  for (const [name, read] of Object.entries(ways)) {
    const start = process.cpuUsage();
    // 10 reads in flight, as 10 connections would
    for (let i = 0; i < ids.length; i += 10) await Promise.all(ids.slice(i, i + 10).map(read));
    const used = process.cpuUsage(start);
    if (r > 0) cpu[name]!.push(((used.user + used.system) / ids.length));
  }
}
log(`${kind}: µs of CPU per read, medians of ${ROUNDS} alternated rounds of ${READS}: ${Object.entries(cpu).map(([k, v]) => `${k} ${median(v).toFixed(1)}`).join(', ')}`);
await db.destroy();
await pg?.stop();
