/**
 * Streamed export of every transaction (`GET /data/transactions?format=ndjson`) over HTTP, and the
 * changed-since walk's page cost: rows per second of the export as the client reads it, the server's
 * resident memory sampled every 100 ms throughout (peak and before), the rows per CPU second the server
 * process used (what it reaches with a core of its own on a shared machine), and the median time of a
 * `filter=updated_at[gt]:T&sort=updated_at` page deep into the walk against page 1 of the default list.
 *
 *   BENCH_SCALE=demo tsx bench/export.ts [--db sqlite|postgres] [--runs N] [--format ndjson|csv] [--list transactions|companies]
 *
 * `--format csv` streams the CSV form (rows counted from its trailer: a quoted cell may hold a line
 * end), `--list` exports another list with record documents; the results file names both when set.
 *
 * Targets (issue 29): >= 50,000 rows/s on `large` PostgreSQL, RSS < 300 MB throughout; a walk page
 * at the same cost as page 1 of any list.
 */
import { readExport } from './exportStream.js';
import { log, machineNote, median, overEachDatabase, round, ROOT, SCALE, SEED, timedGet, writeJson } from './lib.js';

const arg = (name: string, fallback: string): string => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1]! : fallback);
const FORMAT = arg('--format', 'ndjson') as 'ndjson' | 'csv';
const LIST = arg('--list', 'transactions');

interface Result {
  kind: string;
  format: string;
  list: string;
  scale: string;
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  /** Rows per CPU second of the server process: the rate with a core of its own (the machine is shared). */
  rowsPerServerCpuSecond: number;
  loadAverage: number;
  megabytes: number;
  rssBeforeMb: number | null;
  rssPeakMb: number | null;
  trailer: unknown;
  walkPageMs: number;
  firstPageMs: number;
}

/** Median ms of a changed-since page past the middle of the data, and of page 1 of the default list. */
async function walkCost(baseUrl: string, headers: Record<string, string>, runs: number) {
  const { body } = await timedGet<{ data: { updated_at: string }[] }>(`${baseUrl}/data/transactions?sort=-updated_at&limit=1`, headers);
  const newest = Date.parse(body.data[0]!.updated_at);
  // a mark a year before the newest change: a walk of many pages
  const mark = new Date(newest - 365 * 86_400_000).toISOString();
  const walk = `${baseUrl}/data/transactions?limit=25&sort=updated_at&include_deleted=true&filter=${encodeURIComponent(`updated_at[gt]:${mark}`)}`;
  const first = await timedGet<{ page: { next_cursor: string } }>(walk, headers);
  const cursor = first.body.page.next_cursor;
  const walkMs: number[] = [];
  const pageMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    walkMs.push((await timedGet(`${walk}&cursor=${encodeURIComponent(cursor)}`, headers)).ms);
    pageMs.push((await timedGet(`${baseUrl}/data/transactions?limit=25`, headers)).ms);
  }
  return { walkPageMs: round(median(walkMs)), firstPageMs: round(median(pageMs)) };
}

const { runs, results } = await overEachDatabase<Result>(2, async (kind, baseUrl, headers, n, pid) => {
  const out: Result[] = [];
  for (let i = 0; i < n; i++) {
    const e = await readExport(`${baseUrl}/data/${LIST}?format=${FORMAT}`, FORMAT, headers, pid);
    const cost = await walkCost(baseUrl, headers, 20);
    const r: Result = {
      kind,
      format: FORMAT,
      list: LIST,
      scale: SCALE,
      rows: e.rows,
      seconds: round(e.seconds, 2),
      rowsPerSecond: Math.round(e.rows / e.seconds),
      rowsPerServerCpuSecond: Math.round(e.rows / e.cpu),
      loadAverage: round(e.load, 1),
      megabytes: round(e.bytes / 1e6, 1),
      rssBeforeMb: e.rssBefore,
      rssPeakMb: e.peak,
      trailer: e.trailer,
      ...cost,
    };
    log(`${kind} ${LIST} ${FORMAT}: ${r.rows} rows in ${r.seconds} s = ${r.rowsPerSecond} rows/s (${r.rowsPerServerCpuSecond} per server CPU second, load ${r.loadAverage}), RSS ${r.rssBeforeMb} -> peak ${r.rssPeakMb} MB; walk page ${r.walkPageMs} ms, page 1 ${r.firstPageMs} ms`);
    out.push(r);
  }
  return out;
});

const day = new Date().toISOString().slice(0, 10);
const variant = FORMAT === 'ndjson' && LIST === 'transactions' ? '' : `-${LIST}-${FORMAT}`;
const out = process.env.BENCH_OUT || `${ROOT}/bench/results/export-${SCALE}${variant}-${day}.json`;
writeJson(out, { scale: SCALE, seed: SEED, runs, machine: machineNote(), results });
