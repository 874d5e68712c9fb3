/**
 * What the server's resident memory holds around an export on `large` (the issue's bound: RSS < 300 MB
 * throughout): Node's own count (`process.memoryUsage()` over IPC, bench/our-server.ts: the main
 * thread's heap by space, ArrayBuffers, external memory) and RSS when the server is ready, once its
 * rounds snapshot has loaded, then sampled every 100 ms through one export (peak) and after it.
 * What RSS holds beyond the main heap and external memory is the native side: the worker threads'
 * heaps, SQLite's page caches, the allocator's free lists.
 *
 *   BENCH_DBS=sqlite[,postgres] BENCH_PG_RUNNING=1 [BENCH_EXPORT_FILTER=year[gte]:2026] [BENCH_EXPORT_FORMAT=csv] [BENCH_TRACE_GC=1] npx tsx bench/export-memory.ts
 */
import type { ChildServer, DbKind } from './lib.js';
import { apiHeaders, forkServer, getToken, log, rssMb, serverEnv, serverHeapArgs, snapshotLoaded, startPostgres, target, type Pg } from './lib.js';
import { readExport } from './exportStream.js';

const DBS = (process.env.BENCH_DBS || 'sqlite').split(',') as DbKind[];
const FILTER = process.env.BENCH_EXPORT_FILTER || 'year[gte]:2026';
const FORMAT = (process.env.BENCH_EXPORT_FORMAT || 'ndjson') as 'ndjson' | 'csv';

interface Memory {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  spaces: { name: string; used: number }[];
}

const mb = (n: number) => Math.round(n / 1e5) / 10;

function memoryOf(server: ChildServer): Promise<Memory> {
  return new Promise((resolve) => {
    const on = (m: { memory?: Memory }) => {
      if (!m.memory) return;
      server.child.off('message', on);
      resolve(m.memory);
    };
    server.child.on('message', on);
    server.child.send('memory');
  });
}

function describe(label: string, m: Memory): Record<string, unknown> {
  const spaces = Object.fromEntries(m.spaces.filter((s) => s.used > 1e6).map((s) => [s.name, mb(s.used)]));
  const row = { at: label, rss: mb(m.rss), heapUsed: mb(m.heapUsed), heapTotal: mb(m.heapTotal), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers), nativeRest: mb(m.rss - m.heapTotal - m.external), spaces };
  log(JSON.stringify(row));
  return row;
}

async function main() {
  let pg: Pg | null = null;
  const out: Record<string, unknown>[] = [];
  try {
    for (const kind of DBS) {
      if (kind === 'postgres') pg = await startPostgres();
      const t = target(kind, pg);
      // BENCH_TRACE_GC=1: the server prints each collection (its kind, heap before and after, the reason)
      const server = await forkServer('our-server.ts', serverEnv(t.databaseUrl), [...serverHeapArgs(), ...(process.env.BENCH_TRACE_GC === '1' ? ['--trace-gc'] : [])]);
      try {
        out.push({ db: kind, ...describe('ready', await memoryOf(server)) });
        const headers = apiHeaders(await getToken(server.authUrl!));
        await snapshotLoaded(server.baseUrl, headers);
        out.push({ db: kind, ...describe('snapshot loaded', await memoryOf(server)) });
        let peak: Memory | null = null;
        const sampler = setInterval(() => {
          void memoryOf(server).then((m) => {
            if (!peak || m.rss > peak.rss) peak = m;
          });
        }, 100);
        const read = await readExport(`${server.baseUrl}/data/exports/transactions?format=${FORMAT}&filter=${encodeURIComponent(FILTER)}`, FORMAT, headers, server.pid);
        clearInterval(sampler);
        log(`${kind}: ${read.rows} rows in ${read.seconds.toFixed(1)} s, RSS ${read.rssBefore} -> ${read.peak} MB (${rssMb(server.pid)} MB after)`);
        if (peak) out.push({ db: kind, ...describe('export peak', peak) });
        out.push({ db: kind, ...describe('after the export', await memoryOf(server)) });
      } finally {
        await server.stop();
      }
    }
  } finally {
    if (pg) await pg.stop();
  }
  console.log(JSON.stringify(out, null, 1));
}

await main();
