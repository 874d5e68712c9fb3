/**
 * What a rounds page costs the process from its statement to its answer's bytes, on SQLite, both ways
 * it can be read: its documents joined whole (`withDocuments`: the query worker's reply a structured
 * clone of the rows and their documents' columns as strings, the texts edited and encoded on the main
 * thread) against its documents' texts as bytes (`withDocumentTexts`: the worker writes the base into
 * the bodies and hands them over as views of one buffer). Each way then builds the answer as the
 * caching stage does (`represent`: the bytes and their SHA-256). The two pages of the request-path
 * scenarios (`transactions list`, `list page 1`), alternating in rounds; CPU time of the whole process
 * (its main thread and the query worker: process.cpuUsage) per page, medians of the rounds. The
 * answers of the two ways are checked equal byte for byte first.
 *
 *   tsx bench/list-texts.ts   BENCH_SQLITE_FILE (default the bench's `large` on SQLite), BENCH_ROUNDS (11),
 *                             BENCH_ITERATIONS (300), BENCH_OUT (default bench/results/<date>-list-texts.json)
 */
import path from 'node:path';
import { createDb } from '../src/db/knex.js';
import { listTransactionDocuments, TRANSACTION_SORTS } from '../src/db/transactions.js';
import { pageFromRows, pageFromTexts } from '../src/documents/read.js';
import { represent } from '../src/http/caching.js';
import type { RequestScope } from '../src/http/context.js';
import { Money } from '../src/money/fx.js';
import { compileFilter } from '../src/query/compile.js';
import { parseFilter } from '../src/query/filter.js';
import { pageRequest } from '../src/query/page.js';
import { SCOPES } from '../src/query/registry.js';
import { resolveSort } from '../src/query/sort.js';
import { BENCH_DIR, log, machineNote, median, ROOT, round, SCALE, SEED, writeJson } from './lib.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS || 11);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS || 300);
const FILE = process.env.BENCH_SQLITE_FILE || path.join(BENCH_DIR, `sqlite-${SCALE}-${SEED}.sqlite`);
const VERSION = '2026-10-09';
const APP_URL = 'http://localhost:5173';
const PAGES = [
  { scenario: 'transactions list', filter: 'and(year[gte]:2018,amount[gt]:5000000)', sort: '-date' },
  { scenario: 'list page 1', filter: 'and(year[gte]:2015,amount[gt]:1000000)', sort: '-amount' },
];

const db = createDb({ dbClient: 'sqlite', databaseUrl: '', sqliteFile: FILE, dbPoolMax: 1 });
const money = new Money('USD', 1);
const r = { deps: { db, cfg: { recordDocuments: true, appUrl: APP_URL } }, money, principal: null, version: { date: VERSION } } as unknown as Pick<RequestScope, 'deps' | 'money' | 'principal' | 'version'>;

type Way = 'documents' | 'texts';

/** A page's answer's bytes, read one way. */
async function answer(way: Way, filter: string, sort: string): Promise<Buffer> {
  const where = compileFilter(parseFilter(filter), SCOPES.funding!, { alias: 't', money });
  const req = pageRequest({ sort: resolveSort(sort, TRANSACTION_SORTS, 't', VERSION), limit: 25, cursor: null, includeTotal: false, filter, parent: null, version: VERSION, secret: 'bench', budgetMs: 30_000 });
  const read = await listTransactionDocuments(db, where, req, false, way === 'texts' ? { texts: APP_URL } : {});
  const found = way === 'texts' ? pageFromTexts(read.rows) : await pageFromRows(r, 'listTransactions', 'transaction', read.rows);
  if (!found) throw new Error(`${way}: a round has no document`);
  return represent('private', { status: 200, body: { data: found.data, page: read.page, currency: 'USD' } }, VERSION, undefined).payload;
}

const results = [];
try {
  for (const p of PAGES) {
    const a = await answer('documents', p.filter, p.sort);
    const b = await answer('texts', p.filter, p.sort);
    if (!a.equals(b)) throw new Error(`${p.scenario}: the answers differ`);
    const us: Record<Way, number[]> = { documents: [], texts: [] };
    for (let n = 0; n < ROUNDS; n++) {
      for (const way of (n % 2 === 0 ? ['documents', 'texts'] : ['texts', 'documents']) as Way[]) {
        const before = process.cpuUsage();
        for (let i = 0; i < ITERATIONS; i++) await answer(way, p.filter, p.sort);
        const cpu = process.cpuUsage(before);
        us[way].push((cpu.user + cpu.system) / ITERATIONS);
      }
    }
    const row = { scenario: p.scenario, bodyBytes: a.length, documentsUs: round(median(us.documents), 1), textsUs: round(median(us.texts), 1), runs: us };
    log(`${p.scenario}: ${row.bodyBytes} bytes; documents joined ${row.documentsUs} µs, texts as bytes ${row.textsUs} µs of process CPU per page`);
    results.push(row);
  }
} finally {
  await db.destroy();
}
const file = process.env.BENCH_OUT ? path.resolve(process.env.BENCH_OUT) : path.join(ROOT, 'bench', 'results', `${new Date().toISOString().slice(0, 10)}-list-texts.json`);
writeJson(file, { date: new Date().toISOString(), file: path.basename(FILE), rounds: ROUNDS, iterations: ITERATIONS, machine: machineNote(), results });
log(`wrote ${path.relative(process.cwd(), file)}`);
