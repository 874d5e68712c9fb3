/**
 * Analytics do not stall the event loop (issue "Hardening, round 3", item 8): many heavy aggregate
 * requests at once take their turns in the process's heavy-work queue (src/access/workQueue.ts,
 * HEAVY_CONCURRENCY) instead of all at once, and `/system/live` answers while they wait. Checked by
 * what the queue reports (`heavy_units` in /system/metrics), not by a latency figure: with the queue
 * gone, nothing waits and no more than one runs is never seen. Bounded: the tiny seed, loopback,
 * REQUESTS requests.
 *
 * On SQLite a unit is one turn of the event loop (better-sqlite3 answers within it), so no other
 * request is read while one runs and each heavy request arrives after the one before has ended:
 * the queue sees them wait only because it holds its place through the pause after a busy unit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startHarness, type Harness } from '../helpers/harness.js';
import { teamKey } from '../helpers/principals.js';

const METRICS_TOKEN = 'analytics-stall-metrics';
const REQUESTS = 40;
/**
 * The attack's shape, smaller: four groupings, a median, and an or() of many conditions; each `n`
 * its own filter, so no answer is another's (cached or shared).
 */
const heavy = (n: number) => {
  const conditions = Array.from({ length: 20 }, (_, i) => `and(year[gte]:${1995 + i},amount[gt]:${i * 10_000 + n})`).join(',');
  return `/analytics/aggregate/funding-rounds?group_by=country,round_year,sector,investor_type&metric=median_amount&filter=or(${conditions})`;
};

/** `heavy_units{state="running"|"waiting"}` of the server's metrics. */
function heavyUnits(text: string): { running: number; waiting: number } {
  const of = (state: string) => Number(new RegExp(`^heavy_units\\{state="${state}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? NaN);
  return { running: of('running'), waiting: of('waiting') };
}

describe.each(DATABASES)('analytics under load [%s]', (kind) => {
  let server: Harness;
  const h = () => server;
  beforeAll(async () => {
    server = await startHarness(kind, { METRICS_TOKEN, HEAVY_CONCURRENCY: '1', HEAVY_REQUESTS_PER_KEY: String(REQUESTS), HEAVY_REQUESTS_PER_ADDRESS: String(REQUESTS * 2) });
  }, 60_000);
  afterAll(async () => {
    await server?.server.close();
  });

    it('queues concurrent heavy aggregates one at a time and answers /system/live while they wait (item 8)', async () => {
      const k = await teamKey(h(), ['read:transactions', 'read:analytics'], 100_000);
      const one = await h().get(heavy(-1), k.headers);
      expect(one.status, JSON.stringify(one.body).slice(0, 500)).toBe(200);

      // the queue is watched from before the burst to its end, on connections already open
      const seen: { running: number; waiting: number }[] = [];
      let liveWhileWaiting = 0;
      let done = false;
      const scrape = async () => {
        const metrics = await fetch(`${h().server.baseUrl}/system/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
        expect(metrics.status).toBe(200);
        return heavyUnits(await metrics.text());
      };
      // the place of a busy unit is held through the pause after it (at most 500 ms), then given back
      const settled = async () => {
        let units = await scrape();
        for (let i = 0; i < 40 && units.running + units.waiting > 0; i++) {
          await new Promise((r) => setTimeout(r, 50));
          units = await scrape();
        }
        return units;
      };
      expect(await settled()).toEqual({ running: 0, waiting: 0 });
      const watching = (async () => {
        while (!done) {
          const units = await scrape();
          seen.push(units);
          if (units.waiting > 0) {
            // heavy requests are waiting their turn: the probe is answered meanwhile, not behind them
            const live = await h().get('/system/live');
            expect(live.status).toBe(200);
            if (!done) liveWhileWaiting++;
          }
        }
      })();
      const answers = Array.from({ length: REQUESTS }, (_, n) =>
        fetch(h().server.baseUrl + heavy(n), { headers: k.headers }).then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        }),
      );
      const statuses = await Promise.all(answers);
      done = true;
      await watching;
      expect(statuses).toEqual(Array(REQUESTS).fill(200));
      expect(Math.max(...seen.map((u) => u.running))).toBeLessThanOrEqual(1);
      expect(Math.max(...seen.map((u) => u.waiting)), JSON.stringify(seen)).toBeGreaterThan(0);
      expect(liveWhileWaiting).toBeGreaterThan(0);
      expect(await settled()).toEqual({ running: 0, waiting: 0 });
    }, 60_000);
});
