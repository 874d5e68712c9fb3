/**
 * Planner statistics kept finer than PostgreSQL's default for the sort keys whose ties a keyset page
 * seeks through (paging.ts). A page that starts inside a group of equal keys reads that group in one
 * branch (`key = v and id > x order by id`); PostgreSQL only takes the group's index range in id
 * order when it knows the group is large. Round amounts cluster on a few thousand values (4,748
 * distinct amounts over 1,019,536 rounds on `large`; 4,465 rounds of exactly 2.5 M USD), and with
 * the default target of 100 most-common values it estimated 41 rows for a group of 352, chose a
 * bitmap scan and sorted the whole rest of the group. With 5,000 it knows 4,442 of the values.
 * The target belongs to the index, so a bulk load that drops and re-creates indexes applies it again
 * (bulkIndexes.ts). SQLite has no such setting (its ANALYZE samples every index completely).
 */
import type { Knex } from 'knex';
import { dialectOf } from './dialect.js';
import { normalizeRawResult } from './knex.js';

/** Expression indexes (first column) and their statistics target. */
export const STATISTICS_TARGETS: readonly [index: string, target: number][] = [
  ['transactions_amount_key', 5000],
  ['transactions_amount_desc_key', 5000],
];

/** Sets the targets of those of the indexes that exist (PostgreSQL; no-op on SQLite). */
export async function applyStatisticsTargets(db: Knex, only?: readonly string[]): Promise<void> {
  for (const [index, target] of STATISTICS_TARGETS) {
    const sql = dialectOf(db).statisticsTargetSql(target);
    if (sql === null) return;
    if (only && !only.includes(index)) continue;
    await db.raw(sql, [index]);
  }
}

/** PostgreSQL: bytes of the connection's database on disk (null on SQLite, where the file size says it). */
export async function databaseBytes(db: Knex): Promise<number | null> {
  const sql = dialectOf(db).databaseBytesSql;
  return sql === null ? null : Number(normalizeRawResult(await db.raw(sql))[0]!.n);
}
