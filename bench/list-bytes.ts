/**
 * What a list answer's bytes cost once its page is read: the two pages of the request-path scenarios
 * (`transactions list`, `list page 1`) read from `large` with their documents, then, alternating in
 * one thread, the answer as a string (joined texts, the ETag's SHA-256 over the string, `Buffer.byteLength`,
 * and the socket's encode of a string chunk, stood for by `Buffer.from`) against the answer as bytes
 * (`bodyBytes`: each text encoded once into one buffer, the hash over it, the buffer written as it is).
 * CPU time of this thread per answer (process.cpuUsage), medians of the rounds; load bounds it less
 * than a server's figures since nothing but this loop runs in the process.
 *
 *   BENCH_PG_RUNNING=1 tsx bench/list-bytes.ts   BENCH_ROUNDS (15), BENCH_ITERATIONS (200), BENCH_OUT
 *                                                (default bench/results/<date>-list-bytes.json)
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { createDb } from '../src/db/knex.js';
import { joinedDocuments } from '../src/db/documents.js';
import { listTransactionDocuments, TRANSACTION_SORTS } from '../src/db/transactions.js';
import { bodyBytes, RawJson, serializeBody } from '../src/http/rawJson.js';
import { Money } from '../src/money/fx.js';
import { compileFilter } from '../src/query/compile.js';
import { parseFilter } from '../src/query/filter.js';
import { pageRequest } from '../src/query/page.js';
import { SCOPES } from '../src/query/registry.js';
import { resolveSort } from '../src/query/sort.js';
import { log, machineNote, median, ROOT, round, SCALE, SEED, startPostgres, writeJson } from './lib.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS || 15);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS || 200);
const VERSION = '2026-10-09';
const APP_URL = 'http://localhost:5173';
const PAGES = [
  { scenario: 'transactions list', filter: 'and(year[gte]:2018,amount[gt]:5000000)', sort: '-date' },
  { scenario: 'list page 1', filter: 'and(year[gte]:2015,amount[gt]:1000000)', sort: '-amount' },
];

const pg = await startPostgres();
const db = createDb({ dbClient: 'postgres', databaseUrl: pg.url(`${SCALE}_${SEED}`), sqliteFile: '', dbPoolMax: 1 });

/** A page's answer as the handler gives it to the caching stage: its rows as their document texts. */
async function answerOf(filter: string, sort: string): Promise<unknown> {
  const where = compileFilter(parseFilter(filter), SCOPES.funding!, { alias: 't', money: new Money('USD', 1) });
  const req = pageRequest({ sort: resolveSort(sort, TRANSACTION_SORTS, 't', VERSION), limit: 25, cursor: null, includeTotal: false, filter, parent: null, version: VERSION, secret: 'bench', budgetMs: 30_000 });
  const { rows, page } = await listTransactionDocuments(db, where, req, false, {});
  const docs = joinedDocuments(rows);
  const data = rows.map((r) => new RawJson(docs.get(Number(r.id))!.body.replaceAll('"service_url":"/', `"service_url":"${APP_URL}/`), r.updated_at));
  return { data, page: { ...page, capped: false, tier: 'premium' }, currency: 'USD' };
}

const tag = (payload: string | Buffer) => crypto.createHash('sha256').update(VERSION).update('\0').update(payload).digest('base64url');

const VARIANTS = {
  /** The answer as one string: hashed, measured and encoded by the socket, each pass over the text. */
  string: (body: unknown) => {
    const payload = serializeBody(body);
    return tag(payload).length + Buffer.byteLength(payload) + Buffer.from(payload).length;
  },
  /** The answer as its bytes: encoded once, hashed, written as they are. */
  bytes: (body: unknown) => {
    const payload = bodyBytes(body);
    return tag(payload).length + payload.length;
  },
};

const results = [];
try {
  for (const p of PAGES) {
    const body = await answerOf(p.filter, p.sort);
    const text = serializeBody(body);
    const bytes = bodyBytes(body);
    if (!bytes.equals(Buffer.from(text)) || tag(text) !== tag(bytes)) throw new Error(`${p.scenario}: the bytes differ from the text`);
    const us: Record<keyof typeof VARIANTS, number[]> = { string: [], bytes: [] };
    for (let r = 0; r < ROUNDS; r++) {
      for (const name of (r % 2 === 0 ? ['string', 'bytes'] : ['bytes', 'string']) as (keyof typeof VARIANTS)[]) {
        const before = process.cpuUsage();
        let sink = 0;
        for (let i = 0; i < ITERATIONS; i++) sink += VARIANTS[name](body);
        const cpu = process.cpuUsage(before);
        if (sink === 0) throw new Error('nothing computed');
        us[name].push((cpu.user + cpu.system) / ITERATIONS);
      }
    }
    const row = { scenario: p.scenario, bodyBytes: bytes.length, nonAscii: bytes.length - text.length, stringUs: round(median(us.string), 1), bytesUs: round(median(us.bytes), 1), runs: us };
    log(`${p.scenario}: ${row.bodyBytes} bytes, string ${row.stringUs} µs, bytes ${row.bytesUs} µs of CPU per answer`);
    results.push(row);
  }
} finally {
  await db.destroy();
}
const file = process.env.BENCH_OUT ? path.resolve(process.env.BENCH_OUT) : path.join(ROOT, 'bench', 'results', `${new Date().toISOString().slice(0, 10)}-list-bytes.json`);
writeJson(file, { date: new Date().toISOString(), scale: SCALE, seed: SEED, rounds: ROUNDS, iterations: ITERATIONS, machine: machineNote(), results });
log(`wrote ${path.relative(process.cwd(), file)}`);
