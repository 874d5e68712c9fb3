/**
 * A rounds list's own statement work in one thread, where the machine's load reaches less than it
 * reaches an HTTP run: the filter compiled and the first page's statement built by knex and compiled
 * to its native text (as `budgeted` does on SQLite, and knex's runner on PostgreSQL), against the
 * compiled filter kept by its text (`compileFilterCached`) and the statement kept by its shape
 * (`firstPageStatement`). Alternated in rounds, CPU µs per page of this process.
 *
 * Usage: npx tsx bench/list-statement.ts [--pages N] [--rounds N]
 */
import knex, { type Knex } from 'knex';
import { withDocuments } from '../src/db/documents.js';
import { firstPageStatement, pageStatement } from '../src/db/paging.js';
import { selectRoundKeys, TRANSACTION_SORTS, transactionsBase } from '../src/db/transactions.js';
import { Money } from '../src/money/fx.js';
import { compileFilter, compileFilterCached } from '../src/query/compile.js';
import { parseFilter, printFilter } from '../src/query/filter.js';
import { pageRequest } from '../src/query/page.js';
import { SCOPES } from '../src/query/registry.js';
import { resolveSort } from '../src/query/sort.js';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const PAGES = arg('--pages', 3000);
const ROUNDS = arg('--rounds', 5);
/** The bench's filtered transactions list (bench/run.ts). */
const FILTER = 'and(year[gte]:2018,amount[gt]:5000000)';
const VERSION = '2026-10-09';
const usd = new Money('USD', 1);
/** One enums object, as the server's (src/db/refCache.ts `filterEnums`: one per load of the reference tables). */
const ENUMS = {};

function page(db: Knex, kept: boolean): void {
  const ast = parseFilter(FILTER);
  const printed = printFilter(ast);
  const opts = { alias: 't', money: usd, version: VERSION, enums: ENUMS };
  const where = kept ? compileFilterCached(ast, printed, SCOPES.funding!, opts) : compileFilter(ast, SCOPES.funding!, opts);
  const req = pageRequest({
    sort: resolveSort('-date', TRANSACTION_SORTS, 't', VERSION), limit: 25, cursor: null, includeTotal: false, filter: printed, parent: null,
    version: VERSION, secret: 'x', budgetMs: 10_000,
  });
  const build = () => pageStatement(db, transactionsBase(db, where, false), selectRoundKeys, req, withDocuments(db, 'transaction'));
  const q = kept ? firstPageStatement(db, { name: 'bench', where }, req, build) : build();
  q.toSQL().toNative();
}

const dbs: [string, Knex][] = [
  ['sqlite', knex({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true })],
  ['postgres', knex({ client: 'pg', connection: {} })],
];
const results: Record<string, { built: number[]; kept: number[] }> = {};
for (const [name, db] of dbs) {
  results[name] = { built: [], kept: [] };
  for (let i = 0; i < 200; i++) page(db, false), page(db, true);
  for (let r = 0; r < ROUNDS; r++) {
    for (const kept of r % 2 === 0 ? [false, true] : [true, false]) {
      const t0 = process.cpuUsage();
      for (let i = 0; i < PAGES; i++) page(db, kept);
      const t = process.cpuUsage(t0);
      results[name]![kept ? 'kept' : 'built'].push((t.user + t.system) / PAGES);
    }
  }
  await db.destroy();
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const [name, r] of Object.entries(results)) {
  console.log(`${name}: filter compiled and first page built ${median(r.built).toFixed(1)} µs, kept ${median(r.kept).toFixed(1)} µs (median of ${ROUNDS} rounds of ${PAGES})`);
}
