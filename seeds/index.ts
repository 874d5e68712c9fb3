/**
 * Deterministic synthetic data: `seedDatabase(db, {scale, seed})` fills a migrated, empty database
 * with the same rows on SQLite and PostgreSQL for the same seed number. Phases run in foreign-key
 * order and stream their rows through one bulk writer (see writer.ts) while the tables' secondary
 * indexes, and on PostgreSQL the foreign keys, are set aside (src/db/bulkIndexes.ts: dropped before,
 * re-created after, also on failure);
 * the typeahead tables come with the entity and news rows (terms.ts); the final pass writes the
 * figures counted along the way and what depends on them (figures.ts, finalize.ts), and the
 * analytics rollup (src/db/rollup.ts) is derived last, after the record documents (src/documents/build.ts).
 *
 * Entity ids are assigned in blocks: universities, gov_ngo, persons (angels, founders, operators),
 * investor organizations, then companies in launch order; the teams of universities and
 * government / non-profit bodies are staffed last, once persons exist.
 */
import type { Knex } from 'knex';
import { withoutForeignKeys, withoutSecondaryIndexes } from '../src/db/bulkIndexes.js';
import { dialectOf } from '../src/db/dialect.js';
import { rebuildFacts, rebuildRollup } from '../src/db/rollup.js';
import { rebuildKeywordIndex } from '../src/db/keywordIndex.js';
import { rebuildDocuments } from '../src/documents/build.js';
import { generateCompanies } from './companies.js';
import { createCtx, type Ctx, type ScaleName } from './context.js';
import { analyze, finalize, scalar } from './finalize.js';
import { generateInvestors } from './investors.js';
import { generateGovNgo, generateOrgTeams, generateUniversities } from './orgs.js';
import { generatePeople, planPeople } from './people.js';
import { writePlatform } from './platform.js';
import { emptyRegistry, InvestorPool } from './pools.js';
import { buildReference, referenceRows } from './reference.js';
import { TABLES, type TableName } from './writer.js';

export type { ScaleName } from './context.js';
export { planFor } from './context.js';

export const DEFAULT_SEED = 42;

export async function seedDatabase(
  db: Knex,
  /**
   * `rollup: false` leaves the analytics rollup empty (the bench times its build on its own);
   * `onPhase` is told each phase's name as it begins.
   */
  opts: { scale: ScaleName; seed?: number; progress?: boolean; rollup?: boolean; onPhase?: (phase: string) => void },
): Promise<{ table: string; rows: number }[]> {
  const ref = buildReference();
  const ctx = createCtx(db, opts.seed ?? DEFAULT_SEED, opts.scale, ref, opts.progress ?? false, opts.onPhase);
  const rebuilding = (n: number) => ctx.progress.begin('indexes', n);
  // secondary indexes are built once after the load instead of row by row during it, and on
  // PostgreSQL the foreign keys are checked once, when added back, instead of once per row. The
  // derived figures are written before the indexes are built: an UPDATE of an indexed column
  // would write each of its index entries (on PostgreSQL a new entry in every index of the row)
  const tables = Object.keys(TABLES);
  const { oneWriter } = dialectOf(db);
  const facts = async () => {
    await rebuildFacts(db);
    return Number(((await db('analytics_facts').count({ n: '*' })) as { n: number | string }[])[0]!.n);
  };
  let factRows: Promise<number> | null = null;
  const load = async () => {
    await writing(ctx, () => generate(ctx));
    // the fact table is derived from the rounds just written and read by the rollup. PostgreSQL builds
    // it on a connection of its own while the figures are written, each a server process of its own
    // (large: 46.9 s one after the other, 39.7 s together); SQLite has one writer and builds it last
    if (!oneWriter) (factRows = facts()).catch(() => {}); // awaited below
    const figures = writing(ctx, () => finalize(ctx)).then(() => factRows && ctx.progress.begin('analytics facts', 1));
    const written = await Promise.allSettled([figures, factRows]);
    for (const r of written) if (r.status === 'rejected') throw r.reason;
  };
  const checking = (n: number) => ctx.progress.begin('foreign keys', n);
  await withoutForeignKeys(db, tables, () => withoutSecondaryIndexes(db, tables, load, rebuilding), checking);
  await writing(ctx, () => analyze(ctx));
  ctx.progress.begin('counts', 1);
  const counts: { table: string; rows: number }[] = [];
  for (const table of Object.keys(TABLES)) counts.push({ table, rows: await scalar(ctx, `select count(*) as n from ${table}`) });
  await ctx.w.commit();
  if (oneWriter) ctx.progress.begin('analytics facts', 1);
  counts.push({ table: 'analytics_facts', rows: await (factRows ?? facts()) });
  // the semantic_keyword model is learned from the whole corpus, so it is built once everything is in
  ctx.progress.begin('keyword index', 1);
  await rebuildKeywordIndex(db);
  counts.push({ table: 'keyword_terms', rows: Number(((await db('keyword_terms').count({ n: '*' })) as { n: number | string }[])[0]!.n) });
  // record documents embed figures, flags and every related row: built once all of them are in
  ctx.progress.begin('record documents', 1);
  const docs = await rebuildDocuments(db);
  counts.push({ table: 'record_documents', rows: docs.transactions + docs.organizations });
  if (opts.rollup !== false) {
    ctx.progress.begin('analytics rollup', 1);
    await rebuildRollup(db);
    counts.push({ table: 'analytics_rollup', rows: Number(((await db('analytics_rollup').count({ n: '*' })) as { n: number | string }[])[0]!.n) });
  }
  ctx.progress.end();
  ctx.progress.summary(counts.reduce((a, c) => a + c.rows, 0), ctx.w.writeSeconds);
  return counts;
}

/**
 * Runs `step` in the writer's transactions and commits; on failure rolls back (freeing the
 * connection) and rethrows. Either way the writer's insert thread, if it started one, is stopped.
 */
async function writing(ctx: Ctx, step: () => Promise<void>): Promise<void> {
  try {
    await step();
    await ctx.w.commit();
  } catch (err) {
    await ctx.w.rollback();
    throw err;
  } finally {
    await ctx.w.close();
  }
}

/** Every generated row, in foreign-key order. */
export async function generate(ctx: Ctx): Promise<void> {
  ctx.progress.begin('reference', 1);
  for (const [table, rows] of Object.entries(referenceRows(ctx.ref))) ctx.w.addAll(table as TableName, rows);
  writePlatform(ctx);
  await ctx.w.flush();
  ctx.progress.end(ctx.w.totalRows);
  if (ctx.plan.companies === 0) return;

  const reg = emptyRegistry();
  const pool = new InvestorPool();
  await generateUniversities(ctx, reg);
  await generateGovNgo(ctx, reg, pool);
  const people = planPeople(ctx);
  await generatePeople(ctx, people, reg, pool);
  await generateInvestors(ctx, people, reg, pool);
  pool.build();
  await generateCompanies(ctx, people, reg, pool);
  await generateOrgTeams(ctx, people, reg);
}
