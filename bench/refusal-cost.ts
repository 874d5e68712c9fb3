/**
 * The server's CPU per request that is refused, the cost a burst of connections puts ahead of a
 * `/system/live` probe (not a test; run before and after a change):
 *   SEEDED_SQLITE=<tiny seed> npx tsx bench/refusal-cost.ts [ROOT] > bench/results/<date>-refusal-cost.json
 * ROOT as in bench/slow-readers.ts (an older commit via `git archive`). One API key first holds its
 * heavy slots with stalled exports (test/helpers/stalled.py); then REQUESTS more of the same export,
 * each on a new connection, CONCURRENCY at a time, are refused (429), and the server's CPU time
 * (/proc, every thread) over them is divided by their number. The same for `/system/live` (the
 * cheapest answer through the whole pipeline) and for requests without a token (401). The server is
 * otherwise idle (the held exports wait for their clients), so the figure does not depend on the
 * machine's load, only on its CPU. Bounded: loopback, REQUESTS per kind, ROUNDS rounds.
 */
import { cpuMs, round } from './lib.js';
import { apiKeyHeaders, benchMain, get, sleep, stalledReaders, type Server } from './slow-readers.js';

const REQUESTS = Number(process.env.REQUESTS ?? 1000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 20);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const HELD = Number(process.env.HELD ?? 8);
const EXPORT = '/data/founders?format=ndjson&view=full';

/** The server's CPU ms per request of `REQUESTS` sends of `path`, and the statuses they got. */
async function cost(s: Server, path: string, headers: Record<string, string>) {
  const statuses: Record<string, number> = {};
  let sent = 0;
  const before = cpuMs(s.proc.pid)!;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (sent < REQUESTS) {
        sent++;
        const r = await get(s.port, path, { ...headers, Connection: 'close' });
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      }
    }),
  );
  // a connection's close is handled after its answer: let the last ones finish
  await sleep(200);
  return { cpu_ms_per_request: round((cpuMs(s.proc.pid)! - before) / REQUESTS, 3), statuses };
}

async function run(s: Server) {
  const headers = await apiKeyHeaders(s);
  await get(s.port, EXPORT.replace('ndjson', 'json') + '&limit=5', headers);
  const readers = await stalledReaders(s, EXPORT, headers, HELD);
  await sleep(1000);
  const rounds: Record<'refused_export' | 'live' | 'no_token', Awaited<ReturnType<typeof cost>>>[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    rounds.push({
      refused_export: await cost(s, EXPORT, headers),
      live: await cost(s, '/system/live', {}),
      no_token: await cost(s, EXPORT, {}),
    });
  }
  const held = await readers.release();
  const median = (k: 'refused_export' | 'live' | 'no_token') => rounds.map((r) => r[k].cpu_ms_per_request).sort((a, b) => a - b)[Math.floor(ROUNDS / 2)];
  return {
    requests: REQUESTS,
    concurrency: CONCURRENCY,
    held_exports: held,
    median_cpu_ms_per_request: { refused_export: median('refused_export'), live: median('live'), no_token: median('no_token') },
    rounds,
  };
}

benchMain(run);
