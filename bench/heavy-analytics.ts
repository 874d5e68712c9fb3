/**
 * Concurrent heavy aggregates against one server with `make run`'s heap, and `/system/live` meanwhile
 * (not a test; run once before and after a change):
 *   SEEDED_SQLITE=<tiny seed> npx tsx bench/heavy-analytics.ts > bench/results/<date>-heavy-analytics.json
 * REQUESTS concurrent `GET /analytics/aggregate/funding-rounds` of the attack's shape (four group-by
 * dimensions, `median_amount`, a 50-branch `or(and(…))` filter) from one API key, and a probe every
 * 100 ms on its own connection for WINDOW_MS, from this process and from one of its own beside a
 * control server (bench/live-probe.mjs). Bounded: loopback only, REQUESTS requests.
 */
import { apiKeyHeaders, get, pct, benchMain, separateProbe, watch, type Server } from './slow-readers.js';

const REQUESTS = Number(process.env.REQUESTS ?? 20);
const WINDOW_MS = Number(process.env.WINDOW_MS ?? 8000);
const FILTER = `or(${Array.from({ length: 50 }, (_, i) => `and(year[gte]:${2000 + (i % 20)},amount[gt]:${1000 * (i + 1)})`).join(',')})`;
export const HEAVY_AGGREGATE = `/analytics/aggregate/funding-rounds?group_by=country,round_year,sector,investor_type&metric=median_amount&filter=${encodeURIComponent(FILTER)}`;

async function run(s: Server) {
  const headers = await apiKeyHeaders(s);
  const single = await get(s.port, HEAVY_AGGREGATE, headers);
  const statuses: Record<number, number> = {};
  const took: number[] = [];
  const wave = Promise.all(
    Array.from({ length: REQUESTS }, async () => {
      const r = await get(s.port, HEAVY_AGGREGATE, headers);
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      took.push(r.ms);
    }),
  );
  const [seen, separate] = await Promise.all([watch(s, WINDOW_MS), separateProbe(s, WINDOW_MS)]);
  await wave;
  return { requests: REQUESTS, window_ms: WINDOW_MS, single_ms: Math.round(single.ms), single_status: single.status, statuses, heavy_p50_ms: Math.round(pct(took, 50)), heavy_max_ms: Math.round(Math.max(...took)), ...seen, separate_probe: separate };
}

benchMain(run);
