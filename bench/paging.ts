/**
 * Deep keyset paging over HTTP on the bench seed, both databases: a transactions list with a
 * two-condition filter and a sort, limit 25. Page 1 is timed directly; page 10,000 is reached by
 * following `next_cursor` 9,999 times, then only the page-10,000 request itself is timed (repeated,
 * median). Prints both and the ratio (target: page 10,000 within 1.2x page 1).
 *
 *   tsx bench/paging.ts [--db sqlite|postgres] [--runs N]
 *
 * The page-10,000 cursor is cached under BENCH_DIR (keyed by database, scale and seed; cursors are
 * signed with the bench's fixed CURSOR_SECRET) for run.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { BENCH_DIR, type DbKind, log, machineNote, median, overEachDatabase, round, ROOT, SCALE, SEED, timedGet, writeJson } from './lib.js';

export const LIST_QUERY = 'filter=and(year[gte]:2015,amount[gt]:1000000)&sort=-amount&limit=25';
export const DEEP_PAGE = 10_000;

interface Page {
  data: unknown[];
  page: { next_cursor: string | null; offset: number };
}

function cursorFile(kind: DbKind): string {
  return path.join(BENCH_DIR, `cursor-${kind}-${SCALE}-${SEED}-p${DEEP_PAGE}.json`);
}

/**
 * The cursor of page DEEP_PAGE of LIST_QUERY: from the cache, or by walking next_cursor from page 1.
 * Returns the cursor and the walk's figures (null when cached).
 */
export async function deepCursor(
  kind: DbKind,
  baseUrl: string,
  headers: Record<string, string>,
): Promise<{ cursor: string; walk: { requests: number; seconds: number; meanMs: number } | null }> {
  const file = cursorFile(kind);
  if (fs.existsSync(file)) {
    const cached = JSON.parse(fs.readFileSync(file, 'utf8')) as { cursor: string; query: string };
    if (cached.query === LIST_QUERY) {
      // still valid for this server (same secret, same data)?
      const probe = await fetch(`${baseUrl}/data/transactions?${LIST_QUERY}&cursor=${encodeURIComponent(cached.cursor)}`, { headers });
      await probe.arrayBuffer();
      if (probe.ok) return { cursor: cached.cursor, walk: null };
    }
  }
  log(`${kind}: walking next_cursor to page ${DEEP_PAGE.toLocaleString('en-US')}...`);
  const started = performance.now();
  let { body } = await timedGet<Page>(`${baseUrl}/data/transactions?${LIST_QUERY}`, headers);
  for (let p = 2; p <= DEEP_PAGE; p++) {
    const next = body.page.next_cursor;
    if (!next) throw new Error(`the list ends at page ${p - 1}: fewer than ${DEEP_PAGE} pages match ${LIST_QUERY}`);
    if (p === DEEP_PAGE) {
      const seconds = (performance.now() - started) / 1000;
      fs.writeFileSync(cursorFile(kind), JSON.stringify({ query: LIST_QUERY, page: DEEP_PAGE, cursor: next }));
      return { cursor: next, walk: { requests: DEEP_PAGE - 1, seconds: round(seconds, 1), meanMs: round((seconds * 1000) / (DEEP_PAGE - 1)) } };
    }
    ({ body } = await timedGet<Page>(`${baseUrl}/data/transactions?${LIST_QUERY}&cursor=${encodeURIComponent(next)}`, headers));
    if (p % 1000 === 0) log(`${kind}: page ${p}`);
  }
  throw new Error('unreachable');
}

export interface PagingResult {
  kind: DbKind;
  query: string;
  page1Ms: number;
  deepPage: number;
  deepMs: number;
  ratio: number;
  deepOffset: number;
  runs: number;
  walk: { requests: number; seconds: number; meanMs: number } | null;
}

/** Interleaved single requests per page: a median of a few milliseconds needs a few hundred to be stable. */
export const PAGING_RUNS = 201;

export async function measurePaging(kind: DbKind, baseUrl: string, headers: Record<string, string>, runs: number): Promise<PagingResult> {
  const first = `${baseUrl}/data/transactions?${LIST_QUERY}`;
  for (let i = 0; i < 3; i++) await timedGet(first, headers); // warm-up
  const { cursor, walk } = await deepCursor(kind, baseUrl, headers);
  const deep = `${baseUrl}/data/transactions?${LIST_QUERY}&cursor=${encodeURIComponent(cursor)}`;
  const { body } = await timedGet<Page>(deep, headers); // warm-up, and where it landed
  const t1: number[] = [];
  const tDeep: number[] = [];
  // interleaved so both see the same machine load
  for (let i = 0; i < runs; i++) {
    t1.push((await timedGet(first, headers)).ms);
    tDeep.push((await timedGet(deep, headers)).ms);
  }
  const page1Ms = round(median(t1));
  const deepMs = round(median(tDeep));
  return { kind, query: LIST_QUERY, page1Ms, deepPage: DEEP_PAGE, deepMs, ratio: round(deepMs / page1Ms), deepOffset: body.page.offset, runs, walk };
}

async function main() {
  const { runs, results } = await overEachDatabase(PAGING_RUNS, async (kind, baseUrl, headers, n) => [await measurePaging(kind, baseUrl, headers, n)]);
  console.log(`\npaging GET /data/transactions?${LIST_QUERY} on ${SCALE} — ${machineNote()}`);
  console.log(`${'database'.padEnd(10)} ${'page 1 ms'.padStart(10)} ${`page ${DEEP_PAGE} ms`.padStart(15)} ${'ratio'.padStart(6)}  (median of ${runs}; target ratio <= 1.2)`);
  for (const r of results) {
    console.log(`${r.kind.padEnd(10)} ${r.page1Ms.toFixed(2).padStart(10)} ${r.deepMs.toFixed(2).padStart(15)} ${r.ratio.toFixed(2).padStart(6)}${r.walk ? `   walk: ${r.walk.requests} requests in ${r.walk.seconds} s (${r.walk.meanMs} ms each)` : ''}`);
  }
  writeJson(path.join(ROOT, 'bench', 'results', `paging-${SCALE}-${new Date().toISOString().slice(0, 10)}.json`), { scale: SCALE, seed: SEED, machine: machineNote(), results });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(ROOT, 'bench', 'paging.ts')) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
