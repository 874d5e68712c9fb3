/**
 * Migration 039 stores record documents on PostgreSQL uncompressed and inside their row when it fits
 * a page: a round-sized document (~6 KB with its CSV record and paths) written after it is neither
 * compressed nor moved to the TOAST table, and its `down` brings back the default (compressed) storage.
 * On SQLite (text never compressed) it changes nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, isSqlite, normalizeRawResult } from '../../src/db/knex.js';
import * as m039 from '../../src/db/migrations/039_document_storage.js';
import { DATABASES, makeDatabase } from '../helpers/harness.js';

const COLUMNS = ['body', 'csv', 'downgrades', 'lock_paths', 'money_paths'];

/** A document the size of a round's: compressible JSON of 2.8 KB, a CSV record of 2.5 KB, paths. */
function roundSized(recordId: number) {
  const body = JSON.stringify({ id: recordId, parts: Array.from({ length: 60 }, (_x, i) => ({ name: `investor ${i}`, amount_usd: 1000 * i, currency: 'USD' })) });
  return { kind: 'transaction', record_id: recordId, body, money_paths: '["amount_usd"]'.repeat(20), lock_paths: '[]', downgrades: '[]', csv: body.slice(0, 2500) };
}

async function rows(db: Knex, sql: string): Promise<Record<string, unknown>[]> {
  return normalizeRawResult(await db.raw(sql));
}

/** How each text column of `record_documents` is stored and the table's row target (PostgreSQL). */
async function storage(db: Knex): Promise<{ columns: Record<string, string>; target: string | null }> {
  const columns: Record<string, string> = {};
  for (const r of await rows(db, `select attname, attstorage from pg_attribute where attrelid = 'record_documents'::regclass and attname in (${COLUMNS.map((c) => `'${c}'`).join(', ')})`)) columns[String(r.attname)] = String(r.attstorage);
  const options = (await rows(db, `select reloptions from pg_class where oid = 'record_documents'::regclass`))[0]?.reloptions as string[] | null;
  return { columns, target: options?.find((o) => o.startsWith('toast_tuple_target='))?.split('=')[1] ?? null };
}

/** Chunks in the TOAST table of `record_documents` (the database's own documents hold some already). */
async function toastChunks(db: Knex): Promise<number> {
  const toast = String((await rows(db, `select reltoastrelid::regclass::text as t from pg_class where oid = 'record_documents'::regclass`))[0]!.t);
  return Number((await rows(db, `select count(*) as n from ${toast}`))[0]!.n);
}

/** Writes a round-sized document as `recordId`: how its body was stored and the TOAST chunks the write added. */
async function written(db: Knex, recordId: number): Promise<{ compression: string | null; bodyBytes: number; length: number; toastChunks: number }> {
  const chunks = await toastChunks(db);
  await db('record_documents').insert(roundSized(recordId));
  const [d] = await rows(db, `select pg_column_compression(body) as compression, pg_column_size(body) as bytes, octet_length(body) as length from record_documents where kind = 'transaction' and record_id = ${recordId}`);
  return { compression: (d!.compression as string | null) ?? null, bodyBytes: Number(d!.bytes), length: Number(d!.length), toastChunks: (await toastChunks(db)) - chunks };
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

for (const kind of DATABASES) {
  describe(`migration 039 [${kind}]`, () => {
    it('stores a round-sized document uncompressed in its row, and compressed again after its down', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fdapi-m039-'));
      dirs.push(dir);
      const url = await makeDatabase(kind, dir);
      const db = createDb(kind === 'sqlite' ? { dbClient: 'sqlite', databaseUrl: url, sqliteFile: url.slice(7), dbPoolMax: 1 } : { dbClient: 'postgres', databaseUrl: url, sqliteFile: '', dbPoolMax: 2 });
      try {
        if (isSqlite(db)) {
          const schema = async () => (await rows(db, `select sql from sqlite_master where tbl_name = 'record_documents' order by name`)).map((r) => r.sql);
          const before = await schema();
          await m039.down(db);
          await m039.up(db);
          expect(await schema()).toEqual(before);
          return;
        }
        expect(await storage(db)).toEqual({ columns: Object.fromEntries(COLUMNS.map((c) => [c, 'e'])), target: '8160' });
        const after = await written(db, 900_001);
        expect(after.length).toBeGreaterThan(2800);
        expect(after).toMatchObject({ compression: null, toastChunks: 0 });
        expect(after.bodyBytes).toBeGreaterThanOrEqual(after.length);

        await m039.down(db);
        expect(await storage(db)).toEqual({ columns: Object.fromEntries(COLUMNS.map((c) => [c, 'x'])), target: null });
        const compressed = await written(db, 900_002);
        expect(compressed.compression).toBe('pglz');
        expect(compressed.bodyBytes).toBeLessThan(compressed.length);

        await m039.up(db);
        expect(await storage(db)).toEqual({ columns: Object.fromEntries(COLUMNS.map((c) => [c, 'e'])), target: '8160' });
      } finally {
        await db.destroy();
      }
    });
  });
}
