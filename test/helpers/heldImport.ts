/**
 * An ndjson import (another importer's transaction, src/import/engine.ts) that holds its write lock
 * until `release`: on SQLite the database's one writer, held as a long import holds it (its marker
 * beside the file says a live import holds it); on PostgreSQL its rows' locks.
 */
import { runImport, type ImportReport, type Input } from '../../src/import/engine.js';
import type { Harness } from './harness.js';

export interface HeldImport {
  /** Resolves once the import's transaction has begun and holds the write lock. */
  locked: Promise<void>;
  release(): void;
  done: Promise<ImportReport>;
}

export function heldImport(h: Harness, key = 'held-1'): HeldImport {
  let locked!: () => void;
  let release!: () => void;
  const lockedP = new Promise<void>((r) => (locked = r));
  const released = new Promise<void>((r) => (release = r));
  const line = JSON.stringify({ type: 'company', key, data: { name: `Held Import Co ${key}`, country: 'DEU', categories: ['software'], status: 'operating', founded_on: '2020' } });
  const input: Input = {
    name: 'held.ndjson',
    size: null,
    async *open() {
      yield `${line}\n`;
      // asked for more: the transaction has begun and holds the write lock (its first statement writes)
      locked();
      await released;
    },
  };
  const done = runImport(h.db, [input], { format: 'ndjson', mode: 'all-or-nothing', dryRun: false, source: 'held' });
  return { locked: lockedP, release, done };
}
