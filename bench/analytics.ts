/**
 * Funding analytics over all rounds of the bench seed, both databases, over HTTP: the heatmap
 * (round_year x sector, total_amount) and the funnel by country, unfiltered (the rollup) and filtered
 * (live SQL). One warm-up, then the median of several runs (target: < 300 ms on PostgreSQL with large).
 *
 *   tsx bench/analytics.ts [--db sqlite|postgres] [--runs N]
 */
import path from 'node:path';
import { type DbKind, machineNote, median, overEachDatabase, round, ROOT, SCALE, SEED, timedGet, writeJson } from './lib.js';

export const ANALYTICS = {
  heatmap: '/analytics/funding-analytics/heatmap?x=round_year&y=sector&metric=total_amount',
  funnel: '/analytics/funding-analytics/funnel?dimension=country',
  /** Filtered, so answered live rather than from the rollup. */
  'heatmap, filtered (live)': '/analytics/funding-analytics/heatmap?x=round_year&y=sector&metric=total_amount&filter=year[gte]:2015',
  'funnel, filtered (live)': '/analytics/funding-analytics/funnel?dimension=country&filter=year[gte]:2015',
} as const;

export interface AnalyticsResult {
  kind: DbKind;
  name: keyof typeof ANALYTICS;
  path: string;
  medianMs: number;
  minMs: number;
  maxMs: number;
  runs: number;
  totalRows: number | null;
}

export async function measureAnalytics(kind: DbKind, baseUrl: string, headers: Record<string, string>, runs: number): Promise<AnalyticsResult[]> {
  const out: AnalyticsResult[] = [];
  for (const [name, p] of Object.entries(ANALYTICS) as [keyof typeof ANALYTICS, string][]) {
    const { body } = await timedGet<{ query_info?: { total_rows?: number }; grand_total?: number }>(`${baseUrl}${p}`, headers); // warm-up
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) ms.push((await timedGet(`${baseUrl}${p}`, headers)).ms);
    out.push({
      kind,
      name,
      path: p,
      medianMs: round(median(ms), 1),
      minMs: round(Math.min(...ms), 1),
      maxMs: round(Math.max(...ms), 1),
      runs,
      totalRows: body.query_info?.total_rows ?? body.grand_total ?? null,
    });
  }
  return out;
}

async function main() {
  const { runs, results } = await overEachDatabase(7, (kind, baseUrl, headers, n) => measureAnalytics(kind, baseUrl, headers, n));
  console.log(`\nanalytics over all rounds on ${SCALE} — ${machineNote()}`);
  console.log(`${'database'.padEnd(10)} ${'endpoint'.padEnd(26)} ${'median ms'.padStart(10)} ${'min'.padStart(8)} ${'max'.padStart(8)} ${'rounds'.padStart(10)}  (median of ${runs}; target < 300 ms on PostgreSQL)`);
  for (const r of results) {
    console.log(`${r.kind.padEnd(10)} ${r.name.padEnd(26)} ${r.medianMs.toFixed(1).padStart(10)} ${r.minMs.toFixed(1).padStart(8)} ${r.maxMs.toFixed(1).padStart(8)} ${String(r.totalRows ?? '').padStart(10)}`);
  }
  writeJson(path.join(ROOT, 'bench', 'results', `analytics-${SCALE}-${new Date().toISOString().slice(0, 10)}.json`), { scale: SCALE, seed: SEED, machine: machineNote(), results });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(ROOT, 'bench', 'analytics.ts')) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
