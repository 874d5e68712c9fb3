/**
 * What MCP adds to a call: the same listTransactions request (filter, limit 25) over HTTP and as an
 * MCP `tools/call` (raw JSON-RPC POSTs, no client-side schema work), sequentially on one tiny-seed
 * server, alternating so both see the same machine load. Prints the medians and p95s.
 *
 *   tsx bench/mcp.ts [--db sqlite|postgres] [--runs N]
 */
import { performance } from 'node:perf_hooks';
import { exitWith, startSeededServer } from '../test/contract/seeded-server.js';

const args = process.argv.slice(2);
const db = args[args.indexOf('--db') + 1] === 'postgres' ? 'postgres' : 'sqlite';
const runs = Number(args.includes('--runs') ? args[args.indexOf('--runs') + 1] : 300);
const FILTER = 'and(year[gte]:2020,amount[gt]:1000000)';

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const ms = (x: number) => Math.round(x * 100) / 100;

exitWith(async () => {
  const seeded = await startSeededServer({ db, name: 'benchmcp' });
  try {
    const base = seeded.server.baseUrl;
    const auth = { Authorization: `Bearer ${seeded.token}`, 'X-Client-Id': 'dev-client' };
    const http = async () => {
      const res = await fetch(`${base}/data/transactions?filter=${encodeURIComponent(FILTER)}&limit=25`, { headers: auth });
      if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
      await res.arrayBuffer();
    };
    let id = 0;
    const mcp = async () => {
      const res = await fetch(`${base}/mcp?toolset=full`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-11-25' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method: 'tools/call', params: { name: 'listTransactions', arguments: { filter: FILTER, limit: 25 } } }),
      });
      const body = (await res.json()) as { result?: { isError?: boolean } };
      if (res.status !== 200 || !body.result || body.result.isError) throw new Error(`MCP ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    };
    const times = { http: [] as number[], mcp: [] as number[] };
    for (let i = 0; i < 30; i++) await Promise.all([http(), mcp()]);
    for (let i = 0; i < runs; i++) {
      for (const [name, fn] of i % 2 ? ([['http', http], ['mcp', mcp]] as const) : ([['mcp', mcp], ['http', http]] as const)) {
        const t = performance.now();
        await fn();
        times[name].push(performance.now() - t);
      }
    }
    const out = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, { median_ms: ms(quantile(v, 0.5)), p95_ms: ms(quantile(v, 0.95)) }]));
    console.log(JSON.stringify({ db, runs, ...out }));
    return 0;
  } finally {
    await seeded.close();
  }
});
