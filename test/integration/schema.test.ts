/**
 * src/db/schema.ts is the one description of the tables (the seed writer's column lists and the row
 * types derive from it): the migrated database has exactly its tables and columns, of its kinds and
 * nullability, on both engines.
 */
import { expect, it } from 'vitest';
import { isSqlite } from '../../src/db/knex.js';
import { SCHEMA, type ColumnKind } from '../../src/db/schema.js';
import { forEachDatabase } from '../helpers/harness.js';

const kindOf = (type: string): string => {
  const t = type.toLowerCase();
  if (['integer', 'bigint', 'smallint'].includes(t)) return 'int';
  if (['float', 'real', 'double precision', 'numeric'].includes(t)) return 'num';
  if (t === 'boolean') return 'bool';
  if (t === 'text' || t.startsWith('varchar') || t.startsWith('character varying')) return 'text';
  return `unknown ${t}`;
};

forEachDatabase('schema', (h) => {
  it('has exactly the tables and columns of src/db/schema.ts', async () => {
    const db = h().db;
    const live: Record<string, Record<string, string>> = {};
    if (isSqlite(db)) {
      const tables = (await db.raw(`select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' and name not like 'knex\\_%' escape '\\'`)) as { name: string }[];
      for (const { name } of tables) {
        const cols = (await db.raw(`pragma table_info(${name})`)) as { name: string; type: string; notnull: number; pk: number }[];
        live[name] = Object.fromEntries(cols.map((c) => [c.name, kindOf(c.type) + (c.notnull || c.pk ? '' : '?')]));
      }
    } else {
      const { rows } = (await db.raw(
        `select table_name, column_name, data_type, is_nullable from information_schema.columns
          where table_schema = current_schema() and table_name not like 'knex\\_%' order by table_name, ordinal_position`,
      )) as { rows: { table_name: string; column_name: string; data_type: string; is_nullable: string }[] };
      for (const r of rows) (live[r.table_name] ??= {})[r.column_name] = kindOf(r.data_type) + (r.is_nullable === 'YES' ? '?' : '');
    }
    const described = Object.fromEntries(Object.entries(SCHEMA).map(([t, cols]) => [t, { ...(cols as Record<string, ColumnKind>) }]));
    expect(Object.keys(live).sort()).toEqual(Object.keys(described).sort());
    for (const table of Object.keys(described)) {
      // column order differs between engines for columns added later; the set, kinds and nullability do not
      expect(live[table], table).toEqual(described[table]);
    }
  });
});
