/**
 * Migration 038 drops two indexes of `entities` that a longer index with the same leading column
 * serves: the migrated database has neither, the longer ones stay, the name filter still reads an
 * index, and the migration's `down` puts them back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, isSqlite, normalizeRawResult } from '../../src/db/knex.js';
import * as m038 from '../../src/db/migrations/038_redundant_entity_indexes.js';
import { DATABASES, makeDatabase } from '../helpers/harness.js';

const DROPPED = ['entities_hq_city_id_index', 'entities_name_lower_index'];
const KEPT = ['entities_name_all_key', 'entities_subtype_city_key'];

async function indexesOf(db: Knex): Promise<string[]> {
  const rows = isSqlite(db)
    ? normalizeRawResult(await db.raw(`select name from sqlite_master where type = 'index' and tbl_name = 'entities'`))
    : normalizeRawResult(await db.raw(`select indexname as name from pg_indexes where tablename = 'entities'`));
  return rows.map((r) => String(r.name)).sort();
}

async function plan(db: Knex, sql: string): Promise<string> {
  const rows = normalizeRawResult(await db.raw(`${isSqlite(db) ? 'explain query plan' : 'explain'} ${sql}`));
  return rows.map((r) => String(r.detail ?? r['QUERY PLAN'])).join('\n');
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

for (const kind of DATABASES) {
  describe(`migration 038 [${kind}]`, () => {
    it("drops entities' (name_lower) and (hq_city_id) indexes, keeps the longer ones, and puts them back on the way down", async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fdapi-m038-'));
      dirs.push(dir);
      const url = await makeDatabase(kind, dir);
      const db = createDb(kind === 'sqlite' ? { dbClient: 'sqlite', databaseUrl: url, sqliteFile: url.slice(7), dbPoolMax: 1 } : { dbClient: 'postgres', databaseUrl: url, sqliteFile: '', dbPoolMax: 2 });
      try {
        const after = await indexesOf(db);
        for (const name of DROPPED) expect(after).not.toContain(name);
        for (const name of KEPT) expect(after).toContain(name);
        await db.transaction(async (trx) => {
          // an empty table PostgreSQL would rather scan whole
          if (!isSqlite(trx)) await trx.raw('set local enable_seqscan = off');
          expect(await plan(trx, `select id from entities where name_lower = 'acme'`)).toMatch(/entities_name_all_key/);
          expect(await plan(trx, `select id from entities where hq_city_id = 7`)).toMatch(/entities_subtype_city_key/);
        });
        await m038.down(db);
        expect(await indexesOf(db)).toEqual([...after, ...DROPPED].sort());
        await m038.up(db);
        expect(await indexesOf(db)).toEqual(after);
      } finally {
        await db.destroy();
      }
    });
  });
}
