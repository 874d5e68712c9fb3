/**
 * Funding analytics over all rounds of the bench seed, both databases, over HTTP, as single
 * requests: the unfiltered heatmap and funnel (the rollup) and every analytics endpoint (heatmap,
 * funnel, aggregate, multi-metric, timeseries) under filters on each common analytics key (year
 * range, country, continent, sector, round type, standardized round, amount range, investor type)
 * and combinations of two, plus the other heatmap metrics under one filter. One warm-up, then
 * `runs` timed requests per scenario (median, p99 = the nearest-rank 99th percentile of the runs,
 * min, max); the server's RSS is sampled throughout.
 *
 * Targets (docs/scaling.md): filtered median < 300 ms on PostgreSQL and < 600 ms on SQLite with
 * `large`, p99 < 2x the median; unfiltered < 20 ms; RSS of the server < 300 MB.
 *
 *   tsx bench/analytics.ts [--db sqlite|postgres] [--runs N] [--only SUBSTRING] [--out FILE]
 */
import path from 'node:path';
import { cpuMs, type DbKind, machineNote, median, overEachDatabase, round, ROOT, rssMb, SCALE, SEED, snapshotLoaded, timedGet, writeJson } from './lib.js';

const H = '/analytics/funding-analytics';

/** The unfiltered requests: answered from the rollup. */
export const ANALYTICS = {
  heatmap: `${H}/heatmap?x=round_year&y=sector&metric=total_amount`,
  funnel: `${H}/funnel?dimension=country`,
} as const;

/**
 * Filters by name; `{country}` etc. are resolved to the seed's reference ids through
 * `/reference/filters/<key>/values` (ids differ between seeds, names do not).
 */
export const FILTERS: Record<string, string> = {
  'year range': 'and(year[gte]:2015,year[lte]:2020)',
  country: 'company.country[eq]:{country}',
  continent: 'company.continent[eq]:{continent}',
  sector: 'company.sector[eq]:{sector}',
  'round type': 'round_type[eq]:series_a',
  'standardized round': 'standardized_round[in_any]:[seed,series_a]',
  'amount range': 'and(amount[gte]:1000000,amount[lt]:50000000)',
  'investor type': 'investor.type[eq]:venture_capital',
  'year + continent': 'and(year[gte]:2015,company.continent[eq]:{continent})',
  'sector + amount': 'and(company.sector[eq]:{sector},amount[gte]:1000000)',
};

/** Each endpoint under a filter (`%F` = the encoded filter). */
export const FILTERED_ENDPOINTS: Record<string, string> = {
  heatmap: `${H}/heatmap?x=round_year&y=sector&metric=total_amount&filter=%F`,
  funnel: `${H}/funnel?dimension=country&filter=%F`,
  aggregate: '/analytics/aggregate/funding-rounds?group_by=sector&metric=sum_amount&filter=%F',
  timeseries: '/analytics/timeseries?metric=sum_amount&interval=year&from=2000&to=2025&group_by=sector&filter=%F',
};

/** Further requests under the year-range filter: the other heatmap metrics and several metrics at once. */
const METRIC_SWEEP: Record<string, string> = {
  'heatmap count': `${H}/heatmap?x=round_year&y=sector&metric=count&filter=%F`,
  'heatmap company_count': `${H}/heatmap?x=country&y=standardized_round&metric=company_count&filter=%F`,
  'heatmap avg_amount': `${H}/heatmap?x=round_year&y=investor_type&metric=avg_amount&filter=%F`,
  'heatmap median_amount': `${H}/heatmap?x=round_year&y=sector&metric=median_amount&filter=%F`,
  'multi-metric': '/analytics/aggregate/funding-rounds/multi-metric?group_by=continent&metrics=count,sum_amount,median_amount&filter=%F',
};

/** Reference names the placeholders stand for (seeds/ref-*.ts). */
const PLACEHOLDERS: Record<string, { key: string; name: string }> = {
  country: { key: 'company.country', name: 'United States' },
  continent: { key: 'company.continent', name: 'Europe' },
  sector: { key: 'company.sector', name: 'Fintech' },
};

export interface Scenario {
  name: string;
  endpoint: string;
  filter: string | null;
  path: string;
}

async function resolvePlaceholders(baseUrl: string, headers: Record<string, string>): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [ph, { key, name }] of Object.entries(PLACEHOLDERS)) {
    const { body } = await timedGet<{ data: { value: string | number; name: string }[] }>(`${baseUrl}/reference/filters/${key}/values?scope=funding&limit=1000`, headers);
    const hit = body.data.find((v) => v.name === name) ?? body.data[0];
    if (!hit) throw new Error(`no values for ${key}`);
    out[ph] = String(hit.value);
  }
  return out;
}

export async function analyticsScenarios(baseUrl: string, headers: Record<string, string>): Promise<Scenario[]> {
  const ids = await resolvePlaceholders(baseUrl, headers);
  const filterOf = (name: string) => FILTERS[name]!.replace(/\{(\w+)\}/g, (_m, k: string) => ids[k]!);
  const list: Scenario[] = Object.entries(ANALYTICS).map(([endpoint, p]) => ({ name: endpoint, endpoint, filter: null, path: p }));
  for (const f of Object.keys(FILTERS)) {
    for (const [endpoint, p] of Object.entries(FILTERED_ENDPOINTS)) {
      list.push({ name: `${endpoint}, ${f}`, endpoint, filter: filterOf(f), path: p.replace('%F', encodeURIComponent(filterOf(f))) });
    }
  }
  for (const [endpoint, p] of Object.entries(METRIC_SWEEP)) {
    list.push({ name: `${endpoint}, year range`, endpoint, filter: filterOf('year range'), path: p.replace('%F', encodeURIComponent(filterOf('year range'))) });
  }
  return list;
}

export interface AnalyticsResult {
  kind: DbKind;
  name: string;
  endpoint: string;
  filter: string | null;
  path: string;
  /** Null when a request failed (error). */
  medianMs: number | null;
  p99Ms: number | null;
  minMs: number | null;
  maxMs: number | null;
  runs: number;
  /** Rounds (heatmap), grand total (funnel) or groups (aggregate) of the answer, to compare runs. */
  size: number | null;
  /** Peak RSS of the server while this scenario ran (MB). */
  rssPeakMb: number | null;
  /** CPU time of the server process (all its threads; not PostgreSQL's) per timed request, ms: a figure a shared machine inflates less than wall time. */
  cpuMsPerRequest: number | null;
  error?: string;
}

/** Nearest-rank percentile. */
function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

type Answer = { query_info?: { total_rows?: number }; grand_total?: number; total_groups?: number; periods?: unknown[] };

export async function measureAnalytics(kind: DbKind, baseUrl: string, headers: Record<string, string>, runs: number, pid?: number, only?: string): Promise<AnalyticsResult[]> {
  const out: AnalyticsResult[] = [];
  const list = (await analyticsScenarios(baseUrl, headers)).filter((s) => !only || s.name.includes(only));
  const filtered = list.find((s) => s.filter !== null)?.path;
  if (filtered) await snapshotLoaded(baseUrl, headers, filtered);
  for (const s of list) {
    let peak: number | null = null;
    const sample = () => {
      const r = pid ? rssMb(pid) : null;
      if (r !== null) peak = Math.max(peak ?? 0, r);
    };
    const timer = setInterval(sample, 50);
    try {
      const { body } = await timedGet<Answer>(`${baseUrl}${s.path}`, headers); // warm-up
      const ms: number[] = [];
      const cpu0 = cpuMs(pid);
      for (let i = 0; i < runs; i++) ms.push((await timedGet(`${baseUrl}${s.path}`, headers)).ms);
      const cpu1 = cpuMs(pid);
      sample();
      out.push({
        kind,
        name: s.name,
        endpoint: s.endpoint,
        filter: s.filter,
        path: s.path,
        medianMs: round(median(ms), 1),
        p99Ms: round(percentile(ms, 99), 1),
        minMs: round(Math.min(...ms), 1),
        maxMs: round(Math.max(...ms), 1),
        runs,
        size: body.query_info?.total_rows ?? body.grand_total ?? body.total_groups ?? null,
        rssPeakMb: peak,
        cpuMsPerRequest: cpu0 === null || cpu1 === null ? null : round((cpu1 - cpu0) / runs, 1),
      });
      log1(out.at(-1)!);
    } catch (err) {
      // a 504 QUERY_TIMEOUT (past the 15 s budget) is a result too: recorded, not the end of the run
      out.push({ kind, name: s.name, endpoint: s.endpoint, filter: s.filter, path: s.path, medianMs: null, p99Ms: null, minMs: null, maxMs: null, runs, size: null, rssPeakMb: peak, error: (err as Error).message.slice(0, 300), cpuMsPerRequest: null });
      process.stderr.write(`[bench] ${kind.padEnd(9)} ${s.name.padEnd(44)} failed: ${(err as Error).message.slice(0, 120)}\n`);
    } finally {
      clearInterval(timer);
    }
  }
  return out;
}

const ms = (x: number | null) => (x === null ? '-' : x.toFixed(1));
const log1 = (r: AnalyticsResult) =>
  process.stderr.write(`[bench] ${r.kind.padEnd(9)} ${r.name.padEnd(44)} ${ms(r.medianMs).padStart(9)} ${ms(r.p99Ms).padStart(9)} ${String(r.rssPeakMb ?? '').padStart(5)} cpu ${String(r.cpuMsPerRequest ?? '-').padStart(6)}\n`);

/** Whether each scenario meets its target: filtered median < 300 / 600 ms, p99 < 2x median, unfiltered < 20 ms. */
export function verdicts(results: AnalyticsResult[]) {
  return results.map((r) => {
    const limit = r.filter === null ? 20 : r.kind === 'postgres' ? 300 : 600;
    if (r.medianMs === null || r.p99Ms === null) return { kind: r.kind, name: r.name, medianTarget: limit, medianMet: false, p99Met: false };
    return { kind: r.kind, name: r.name, medianTarget: limit, medianMet: r.medianMs < limit, p99Met: r.p99Ms < 2 * r.medianMs };
  });
}

async function main() {
  const args = process.argv.slice(2);
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
  const out = args.includes('--out') ? path.resolve(args[args.indexOf('--out') + 1]!) : null;
  const { runs, results } = await overEachDatabase(7, (kind, baseUrl, headers, n, pid) => measureAnalytics(kind, baseUrl, headers, n, pid, only));
  console.log(`\nanalytics over all rounds on ${SCALE} — ${machineNote()}`);
  console.log(`${'database'.padEnd(10)} ${'scenario'.padEnd(44)} ${'median ms'.padStart(10)} ${'p99'.padStart(8)} ${'min'.padStart(8)} ${'RSS MB'.padStart(7)} ${'size'.padStart(9)}  (${runs} runs)`);
  const v = verdicts(results);
  for (const [i, r] of results.entries()) {
    const ok = v[i]!.medianMet && v[i]!.p99Met ? '' : '  <- target missed';
    console.log(`${r.kind.padEnd(10)} ${r.name.padEnd(44)} ${ms(r.medianMs).padStart(10)} ${ms(r.p99Ms).padStart(8)} ${ms(r.minMs).padStart(8)} ${String(r.rssPeakMb ?? '').padStart(7)} ${String(r.size ?? '').padStart(9)}${ok}${r.error ? ` (${r.error.slice(0, 60)})` : ''}`);
  }
  const file = out ?? path.join(ROOT, 'bench', 'results', `analytics-${SCALE}-${new Date().toISOString().slice(0, 10)}.json`);
  writeJson(file, { scale: SCALE, seed: SEED, machine: machineNote(), runs, results, verdicts: v });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(ROOT, 'bench', 'analytics.ts')) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
