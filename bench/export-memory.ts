/**
 * What the server's resident memory holds around an export on `large` (the bound: RSS < 300 MB
 * throughout): Node's own count (`process.memoryUsage()` over IPC, bench/our-server.ts: the main
 * thread's heap by space, ArrayBuffers, external memory) and RSS when the server is ready, once its
 * rounds snapshot has loaded, then sampled every 100 ms through one export (peak) and after it.
 * What RSS holds beyond the main heap and external memory is the native side: the worker threads'
 * heaps, SQLite's page caches, the allocator's free lists. At each point also the process's mappings
 * (/proc/PID/smaps) summed by kind (`mappings`: the allocator's arenas, the V8 heaps' pages, files)
 * and its threads by name.
 *
 *   BENCH_DBS=sqlite[,postgres] BENCH_PG_RUNNING=1 [BENCH_EXPORT_FILTER=year[gte]:2026]
 *   [BENCH_EXPORT_FORMAT=ndjson,csv: each format in turn] [BENCH_EXPORT_RUNS=1: rounds of the formats]
 *   [BENCH_TRACE_GC=1] npx tsx bench/export-memory.ts
 */
import fs from 'node:fs';
import type { ChildServer, DbKind } from './lib.js';
import { apiHeaders, forkServer, getToken, log, rssMb, serverEnv, serverHeapArgs, snapshotLoaded, startPostgres, target, type Pg } from './lib.js';
import { readExport } from './exportStream.js';

const DBS = (process.env.BENCH_DBS || 'sqlite').split(',') as DbKind[];
const FILTER = process.env.BENCH_EXPORT_FILTER || 'year[gte]:2026';
const FORMATS = (process.env.BENCH_EXPORT_FORMAT || 'ndjson').split(',') as ('ndjson' | 'csv')[];
const RUNS = Number(process.env.BENCH_EXPORT_RUNS || 1);

interface Memory {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  spaces: { name: string; used: number; size: number }[];
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

/**
 * The resident MB of the process's mappings by kind: files by name, and anonymous ones by size (glibc
 * gives each thread that allocates an arena of 64 MB mappings; V8 maps its heaps' pages of 256 KB).
 */
function mappings(pid: number): Record<string, number> {
  const kb = new Map<string, number>();
  let kind = '';
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const m = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (m) {
      const size = parseInt(m[2]!, 16) - parseInt(m[1]!, 16);
      const name = m[3]!;
      kind = name.startsWith('/') ? `file ${name.slice(name.lastIndexOf('/') + 1)}` : name || (size >= 60 << 20 ? 'anon 64 MB (arena)' : size <= 256 << 10 ? 'anon <= 256 KB' : size <= 1 << 20 ? 'anon <= 1 MB' : 'anon > 1 MB');
      continue;
    }
    if (line.startsWith('Rss:')) kb.set(kind, (kb.get(kind) ?? 0) + Number(line.split(/\s+/)[1]));
  }
  return Object.fromEntries([...kb].filter(([, v]) => v >= 1024).sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, Math.round(v / 102.4) / 10]));
}

/** The process's threads by name, counted. */
function threads(pid: number): Record<string, number> {
  const names: Record<string, number> = {};
  for (const t of fs.readdirSync(`/proc/${pid}/task`)) {
    const name = fs.readFileSync(`/proc/${pid}/task/${t}/comm`, 'utf8').trim();
    names[name] = (names[name] ?? 0) + 1;
  }
  return names;
}

let pid = 0;

/** `mapped`: the mappings read with `m` (a peak's), else read now. */
function describe(label: string, m: Memory, mapped = mappings(pid)): Record<string, unknown> {
  const spaces = Object.fromEntries(m.spaces.filter((s) => s.size > 1e6).map((s) => [s.name, `${mb(s.used)} of ${mb(s.size)}`]));
  const row = { at: label, rss: mb(m.rss), heapUsed: mb(m.heapUsed), heapTotal: mb(m.heapTotal), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers), nativeRest: mb(m.rss - m.heapTotal - m.external), spaces, mappings: mapped, threads: threads(pid) };
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
      pid = server.pid;
      try {
        out.push({ db: kind, ...describe('ready', await memoryOf(server)) });
        const headers = apiHeaders(await getToken(server.authUrl!));
        await snapshotLoaded(server.baseUrl, headers);
        out.push({ db: kind, ...describe('snapshot loaded', await memoryOf(server)) });
        for (let run = 1; run <= RUNS; run++) {
          for (const format of FORMATS) {
            let peak: Memory | null = null;
            let peakMappings: Record<string, number> = {};
            const sampler = setInterval(() => {
              void memoryOf(server).then((m) => {
                if (peak && m.rss <= peak.rss) return;
                peak = m;
                peakMappings = mappings(pid);
              });
            }, 100);
            const read = await readExport(`${server.baseUrl}/data/exports/transactions?format=${format}&filter=${encodeURIComponent(FILTER)}`, format, headers, server.pid);
            clearInterval(sampler);
            log(`${kind} ${format} ${run}/${RUNS}: ${read.rows} rows in ${read.seconds.toFixed(1)} s (${Math.round(read.rows / read.seconds)} rows/s, ${((read.cpu * 1e6) / read.rows).toFixed(1)} µs CPU a row), RSS ${read.rssBefore} -> ${read.peak} MB (${rssMb(server.pid)} MB after)`);
            if (peak) out.push({ db: kind, format, run, ...describe(`${format} ${run}: peak`, peak, peakMappings) });
            out.push({ db: kind, format, run, ...describe(`${format} ${run}: after`, await memoryOf(server)) });
          }
        }
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
