/** Finer planner statistics for the round amount sort keys (src/db/statistics.ts), then fresh statistics. */
import type { Knex } from 'knex';
import { applyStatisticsTargets, STATISTICS_TARGETS } from '../statistics.js';
import { isSqlite } from '../knex.js';

export async function up(knex: Knex): Promise<void> {
  if (isSqlite(knex)) return;
  await applyStatisticsTargets(knex);
  await knex.raw('analyze transactions');
}

export async function down(knex: Knex): Promise<void> {
  if (isSqlite(knex)) return;
  for (const [index] of STATISTICS_TARGETS) await knex.raw('alter index if exists ?? alter column 1 set statistics -1', [index]);
}
