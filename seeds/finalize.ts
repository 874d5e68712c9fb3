/**
 * The last pass, in SQL that runs unchanged on SQLite and PostgreSQL: the investor and founder
 * profile figures counted during the generation (figures.ts) written to their entities, the rank and
 * flags that depend on them and id sequences (PostgreSQL); then, once the indexes are back, planner
 * statistics.
 */
import { analyzeAll } from '../src/db/bulkIndexes.js';
import { CLASSIFICATION_INSERTS } from '../src/db/classifications.js';
import { INVESTOR_RANK } from '../src/db/figures.js';
import { dialectOf } from '../src/db/dialect.js';
import type { Ctx } from './context.js';

/** Bound values per UPDATE of figures on PostgreSQL. */
const FIGURE_VALUES = 15_000;

/** What follows the figures, as src/db defines them: the investor rank, then the classification flags that read it. */
const STATEMENTS: readonly string[] = [
  `update entities set investor_rank = r.rk from (${INVESTOR_RANK.select}) r where entities.id = r.id`,
  ...CLASSIFICATION_INSERTS,
];

export async function finalize(ctx: Ctx): Promise<void> {
  const figures = ctx.figures.rows();
  ctx.progress.begin('aggregates', figures.length + STATEMENTS.length);
  let done = 0;
  const step = async (sql: string) => {
    await ctx.w.exec(sql);
    ctx.progress.tick(++done, ctx.w.totalRows);
  };
  for (const f of figures) {
    if (dialectOf(ctx.w.db).inProcess) {
      // in-process (SQLite): one prepared UPDATE per entity. Its UPDATE ... FROM (VALUES ...) cost ~120 µs per row
      // on large (the investors' figures: 13.9 s), this ~6 µs
      const set = f.columns.map(([column, , keep]) => `${column} = ${keep ? `coalesce(?, ${column})` : '?'}`).join(', ');
      await ctx.w.runEach(`update entities set ${set} where id = ?`, f.rows.map(([id, ...values]) => [...values, id]));
    } else {
      // update entities set c = v.column2, ... from (values (id, value, ...), ...) as v: the VALUES
      // columns are column1.., cast so that PostgreSQL knows their types
      const tuple = `(cast(? as bigint), ${f.columns.map(([, type]) => `cast(? as ${type})`).join(', ')})`;
      const set = f.columns.map(([column, , keep], i) => `${column} = ${keep ? `coalesce(v.column${i + 2}, entities.${column})` : `v.column${i + 2}`}`).join(', ');
      const per = Math.floor(FIGURE_VALUES / (1 + f.columns.length));
      for (let i = 0; i < f.rows.length; i += per) {
        const part = f.rows.slice(i, i + per);
        await ctx.w.run(`update entities set ${set} from (values ${part.map(() => tuple).join(', ')}) as v where entities.id = v.column1`, part.flat());
      }
    }
    ctx.progress.tick(++done, ctx.w.totalRows);
  }
  for (const sql of STATEMENTS) await step(sql);
  // ids were assigned by the seed: the engine's id sequences move past them
  await ctx.w.flush();
  await dialectOf(ctx.w.db).restartIdsAfterMax(await ctx.w.conn(), SERIAL_TABLES);
  await ctx.w.commit();
  ctx.progress.end(ctx.w.totalRows);
}

/** Planner statistics over every table (run after the secondary indexes are re-created). */
export async function analyze(ctx: Ctx): Promise<void> {
  ctx.progress.begin('analyze', 1);
  await ctx.w.commit();
  await analyzeAll(ctx.w.db);
  ctx.progress.end(ctx.w.totalRows);
}

/** Tables with a serial `id` whose values the seed assigns. */
const SERIAL_TABLES = ['entities', 'transactions', 'career', 'education', 'jobs', 'funds', 'valuations', 'patents', 'news', 'landscapes', 'teams', 'api_keys', 'notes', 'users'];

/** The first column of the first row of a query, as a number. */
export async function scalar(ctx: Ctx, sql: string): Promise<number> {
  const r = await ctx.w.exec(sql);
  const rows = Array.isArray(r) ? (r as Record<string, unknown>[]) : (r as { rows: Record<string, unknown>[] }).rows;
  return Number(Object.values(rows[0] ?? {})[0] ?? 0);
}
