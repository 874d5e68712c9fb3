/** A migration that only adds indexes: `[name, table, columns or expressions]`, dropped again on rollback. */
import type { Knex } from 'knex';

export type IndexDef = [name: string, table: string, expr: string];

export function indexMigration(indexes: readonly IndexDef[]) {
  return {
    up: async (knex: Knex) => {
      for (const [name, table, expr] of indexes) await knex.raw(`create index ${name} on ${table} (${expr})`);
    },
    down: async (knex: Knex) => {
      for (const [name] of indexes) await knex.raw(`drop index if exists ${name}`);
    },
  };
}
