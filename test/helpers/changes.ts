/**
 * NDJSON change records imported with the import engine, as a partner's data would arrive, and a
 * walk of the change feed from a position.
 */
import { runImport, type ImportReport } from '../../src/import/engine.js';
import type { Harness } from './harness.js';

export type ChangeLine = { type: string; key: string; data?: Record<string, unknown>; delete?: true };

/** Imports `lines` (all or nothing) from `source`; fails the test when it did not commit. */
export async function importLines(h: Harness, lines: ChangeLine[], source = 'partner'): Promise<ImportReport> {
  const text = lines.map((l) => JSON.stringify(l)).join('\n');
  const input = { name: 'changes.ndjson', size: Buffer.byteLength(text), open: () => [Buffer.from(text)] as unknown as AsyncIterable<Buffer> };
  const r = await runImport(h.db, [input], { format: 'ndjson', mode: 'all-or-nothing', dryRun: false, source });
  // on SQLite the import held this process's event loop: let idle keep-alive sockets close first
  await new Promise((resolve) => setTimeout(resolve, 50));
  if (!r.committed) throw new Error(`import did not commit: ${JSON.stringify(r.rejections)}`);
  return r;
}

/** The current end of the feed: a position taken now. */
export async function latest(h: Harness): Promise<string> {
  const r = await h.get('/data/changes?from=latest');
  if (r.status !== 200) throw new Error(`from=latest: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.page.next_after as string;
}

/** Every change after `after`, page by page; the changes and the position after the last. */
export async function walk(h: Harness, after: string, query = '', limit = 3): Promise<{ changes: any[]; after: string; pages: number }> {
  const changes: any[] = [];
  let pages = 0;
  for (;;) {
    const r = await h.get(`/data/changes?after=${encodeURIComponent(after)}&limit=${limit}${query}`);
    if (r.status !== 200) throw new Error(`walk: ${r.status} ${JSON.stringify(r.body)}`);
    pages++;
    changes.push(...r.body.data);
    after = r.body.page.next_after;
    if (!r.body.page.has_more) return { changes, after, pages };
  }
}
