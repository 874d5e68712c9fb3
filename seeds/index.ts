/**
 * Deterministic synthetic data: `seedDatabase(db, {scale, seed})` fills a migrated, empty database
 * with the same rows on SQLite and PostgreSQL for the same seed number. Phases run in foreign-key
 * order and stream their rows through one bulk writer (see writer.ts); the final pass computes the
 * figures that depend on all rounds (finalize.ts).
 *
 * Entity ids are assigned in blocks: universities, gov_ngo, persons (angels, founders, operators),
 * investor organizations, then companies in launch order; the teams of universities and
 * government / non-profit bodies are staffed last, once persons exist.
 */
import type { Knex } from 'knex';
import { isSqlite } from '../src/db/knex.js';
import { rebuildSearchTerms } from '../src/db/search.js';
import { rebuildNewsTerms } from '../src/db/newsSearch.js';
import { generateCompanies } from './companies.js';
import { createCtx, type ScaleName } from './context.js';
import { finalize, scalar } from './finalize.js';
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
  opts: { scale: ScaleName; seed?: number; progress?: boolean },
): Promise<{ table: string; rows: number }[]> {
  const ref = buildReference();
  const ctx = createCtx(db, opts.seed ?? DEFAULT_SEED, opts.scale, ref, opts.progress ?? false, isSqlite(db));
  try {
    ctx.progress.begin('reference', 1);
    for (const [table, rows] of Object.entries(referenceRows(ref))) ctx.w.addAll(table as TableName, rows);
    writePlatform(ctx);
    await ctx.w.flush();
    ctx.progress.end(ctx.w.totalRows);

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
    await ctx.w.commit();
    await finalize(ctx);
  } catch (err) {
    await ctx.w.rollback();
    throw err;
  }
  const counts: { table: string; rows: number }[] = [];
  for (const table of Object.keys(TABLES)) counts.push({ table, rows: await scalar(ctx, `select count(*) as n from ${table}`) });
  await ctx.w.commit();
  // the typeahead index of /data/search is derived from the entities written above
  await rebuildSearchTerms(db);
  await rebuildNewsTerms(db);
  for (const table of ['search_terms', 'news_terms']) counts.push({ table, rows: Number(((await db(table).count({ n: '*' })) as { n: number | string }[])[0]!.n) });
  ctx.progress.summary(counts.reduce((a, c) => a + c.rows, 0));
  return counts;
}
