/**
 * What the library patches of src/patches/ save, one process per measurement so that a whole-process
 * timer (`/usr/bin/time -v`, or any A/B runner) compares a run with the patch against one without:
 *
 *   tsx bench/patches.ts openapi-backend on|off [N]   N requests through openapi-backend's
 *       handleRequest (routing, parsing, request validation; handlers return at once): a list with a
 *       filter, a detail by id, a nested list, a 404
 *   tsx bench/patches.ts better-sqlite3 on|off [N] [FILE]   N transaction details read as the
 *       service reads them (the round, its company, its investors: src/db) through knex from the
 *       seeded SQLite database FILE (e.g. a copy made by `make seed`); without FILE, N joins by
 *       primary key on an in-memory database of 20,000 rounds
 *
 * Prints the in-process time of the N calls as well. The pg named statements need a PostgreSQL
 * server; their gain is measured over HTTP by bench/run.ts (DB_PREPARED_STATEMENTS=off against on).
 */
import { performance } from 'node:perf_hooks';
import addFormats from 'ajv-formats';
import knex from 'knex';
import { OpenAPIBackend, OpenAPIValidator, type AjvCustomizer, type Request } from 'openapi-backend';
import { loadDocument } from '../src/app.js';
import { loadEntities } from '../src/db/entities.js';
import { findTransaction, loadInvestorLinks } from '../src/db/transactions.js';
import { cacheStatements } from '../src/patches/better-sqlite3.mjs';
import { patchOpenApiBackend } from '../src/patches/openapi-backend.js';

const [which, mode, count, file] = process.argv.slice(2);
const on = mode === 'on';
const n = Number(count ?? 20_000);
if (!['openapi-backend', 'better-sqlite3'].includes(which ?? '') || !['on', 'off'].includes(mode ?? '')) {
  console.error('usage: tsx bench/patches.ts openapi-backend|better-sqlite3 on|off [N]');
  process.exit(2);
}

async function openapiBackend(): Promise<() => Promise<unknown>> {
  const ajvOpts = { allErrors: true, strict: false };
  const customizeAjv: AjvCustomizer = (ajv) => {
    addFormats.default(ajv);
    return ajv;
  };
  const api = new OpenAPIBackend({ definition: loadDocument(new Date()), strict: true, quick: true, validate: false, coerceTypes: true, ajvOpts, customizeAjv });
  await api.init();
  if (on) patchOpenApiBackend(api);
  api.validator = new OpenAPIValidator({ definition: api.definition, router: api.router, ajvOpts, customizeAjv, coerceTypes: true, lazyCompileValidators: true });
  api.validator.preCompileRequestValidators();
  api.validate = true;
  for (const op of api.getOperations()) api.register(op.operationId!, () => 200);
  api.register('notFound', () => 404);
  api.register('validationFail', () => 400);
  const headers = { authorization: 'Bearer x', 'x-client-id': 'c' };
  const requests: Request[] = [
    { method: 'get', path: '/data/transactions', query: { filter: 'and(year[gte]:2015,amount[gt]:1000000)', sort: '-amount', limit: '25' }, headers },
    { method: 'get', path: '/data/transactions/123', query: {}, headers },
    { method: 'get', path: '/data/companies/0b0e6f1e-4f4e-4d53-9f0e-1c2b3d4e5f60/funding-rounds', query: { limit: '10' }, headers },
    { method: 'get', path: '/nope', query: {}, headers },
  ];
  let i = 0;
  return () => api.handleRequest(requests[i++ % requests.length]!);
}

async function betterSqlite3(): Promise<() => Promise<unknown>> {
  const db = knex({
    client: 'better-sqlite3',
    connection: { filename: file ?? ':memory:' },
    useNullAsDefault: true,
    pool: { min: 1, max: 1, afterCreate: (conn: { prepare(sql: string): unknown }, done: (e: null, c: unknown) => void) => done(null, on ? cacheStatements(conn) : conn) },
  });
  if (file) {
    const ids = ((await db('transactions').whereNull('deleted_at').orderBy('id').limit(5000).select('id')) as { id: number }[]).map((r) => r.id);
    let k = 0;
    return async () => {
      const t = await findTransaction(db, ids[k++ % ids.length]!);
      return Promise.all([loadEntities(db, [t!.company_id]), loadInvestorLinks(db, [t!.id])]);
    };
  }
  await db.raw('create table entities (id integer primary key, uuid text, name text, subtype text, signal_rating real)');
  await db.raw('create table transactions (id integer primary key, company_id integer references entities(id), amount_usd integer, date_sort text, round_type_code text)');
  await db.raw('create index transactions_company on transactions (company_id)');
  const ids = Array.from({ length: 20_000 }, (_, i) => i + 1);
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await db('entities').insert(chunk.map((id) => ({ id, uuid: `u${id}`, name: `Company ${id}`, subtype: 'company', signal_rating: id % 100 })));
    await db('transactions').insert(chunk.map((id) => ({ id, company_id: id, amount_usd: id * 1000, date_sort: '2024-01-01', round_type_code: 'seed' })));
  }
  let i = 0;
  return () =>
    db('transactions as t')
      .join('entities as e', 'e.id', 't.company_id')
      .where('t.id', (i++ % ids.length) + 1)
      .first('t.id', 't.amount_usd', 't.date_sort', 't.round_type_code', 'e.uuid', 'e.name', 'e.subtype', 'e.signal_rating');
}

const call = which === 'openapi-backend' ? await openapiBackend() : await betterSqlite3();
for (let i = 0; i < 500; i++) await call();
const start = performance.now();
for (let i = 0; i < n; i++) await call();
const ms = performance.now() - start;
console.log(JSON.stringify({ patch: which, on, calls: n, ms: Math.round(ms), us_per_call: Math.round((ms * 1000) / n) }));
process.exit(0);
