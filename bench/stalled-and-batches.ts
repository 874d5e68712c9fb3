/**
 * 200 stalled readers and 30 MCP batches at once, against one server with `make run`'s heap
 * (not a test; run once):
 *   SEEDED_SQLITE=<tiny seed> npx tsx bench/stalled-and-batches.ts [ROOT] > bench/results/<date>-stalled-and-batches.json
 * ROOT is a checkout of the server (default: this one; an older commit via `git archive`, as in bench/slow-readers.ts).
 * One API key opens SOCKETS stalled exports (test/helpers/stalled.py: 4 KB receive buffers, reading
 * nothing), and BATCHES clients each send an MCP batch, wait for its answer and PAUSE_MS, for WINDOW_MS
 * (a flood without pauses measures the bench's own CPU on a shared machine): in turn the attack's
 * shape (100 `tools/list`, refused past the batch cap) and a full legal batch (10 messages, list
 * calls at the page cap and `tools/list`). Meanwhile RSS and `/system/live` are sampled every 100 ms,
 * from this process and from one of its own beside a control server (bench/live-probe.mjs: what the
 * control shows is the shared machine's part), and the listen backlog (connections the kernel holds
 * that the server has not accepted yet, `ss`) every second.
 * Bounded: loopback only, SOCKETS sockets, BATCHES clients, WINDOW_MS.
 */
import { execFileSync } from 'node:child_process';
import { rssMb } from './lib.js';
import { apiKeyHeaders, get, benchMain, separateProbe, sleep, stalledReaders, watch, type Server } from './slow-readers.js';

const SOCKETS = Number(process.env.SOCKETS ?? 200);
const BATCHES = Number(process.env.BATCHES ?? 30);
const WINDOW_MS = Number(process.env.WINDOW_MS ?? 15_000);
const PAUSE_MS = Number(process.env.PAUSE_MS ?? 1000);
const EXPORT = '/data/founders?format=ndjson&view=full';

const list = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' });
const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'list_records', arguments: { type: 'transactions', limit: 100 } } });
/** The attack's batch (refused whole) and the largest batch the cap lets through. */
const SHAPES = {
  hundred_lists: JSON.stringify(Array.from({ length: 100 }, (_, i) => list(i))),
  ten_mixed: JSON.stringify(Array.from({ length: 10 }, (_, i) => (i % 2 ? list(i) : call(i)))),
};

async function batches(s: Server, headers: Record<string, string>, until: number) {
  const statuses: Record<string, number> = {};
  let bytes = 0;
  const mcpHeaders = { ...headers, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-11-25' };
  const client = async (k: number) => {
    for (let n = k; Date.now() < until; n++) {
      const [shape, body] = Object.entries(SHAPES)[n % 2]!;
      const r = await get(s.port, '/mcp?toolset=full', mcpHeaders, 'POST', body);
      const key = `${shape} ${r.status}`;
      statuses[key] = (statuses[key] ?? 0) + 1;
      bytes = Math.max(bytes, r.text.length);
      await sleep(PAUSE_MS);
    }
  };
  await Promise.all(Array.from({ length: BATCHES }, (_, k) => client(k)));
  return { statuses, largest_answer_bytes: bytes };
}

/** The most connections waiting in the server's listen backlog, sampled every second for `ms`. */
async function backlog(s: Server, ms: number): Promise<number[]> {
  const seen: number[] = [];
  for (const until = Date.now() + ms; Date.now() < until; await sleep(1000)) {
    const line = execFileSync('ss', ['-ltnH', `sport = :${s.port}`]).toString().trim();
    seen.push(Number(line.split(/\s+/)[1] ?? 0));
  }
  return seen;
}

async function run(s: Server) {
  const headers = await apiKeyHeaders(s);
  await get(s.port, EXPORT.replace('ndjson', 'json') + '&limit=5', headers);
  const idle = rssMb(s.proc.pid!) ?? 0;
  const readers = await stalledReaders(s, EXPORT, headers, SOCKETS);
  const until = Date.now() + WINDOW_MS;
  const [seen, separate, queued, mcp] = await Promise.all([watch(s, WINDOW_MS), separateProbe(s, WINDOW_MS), backlog(s, WINDOW_MS), batches(s, headers, until)]);
  const stalled = await readers.release();
  return { sockets: SOCKETS, batches: BATCHES, pause_ms: PAUSE_MS, window_ms: WINDOW_MS, rss_idle_mb: idle, ...seen, separate_probe: separate, listen_backlog_per_s: queued, stalled_answers: stalled, mcp };
}

benchMain(run);
