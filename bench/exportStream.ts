/**
 * One streamed export read to its end as a client reads it, on one connection: rows (NDJSON lines
 * less the trailer, or the CSV trailer's count: a quoted cell may hold a line end), seconds, bytes,
 * the server's CPU seconds over it and its resident memory sampled every 100 ms throughout (before
 * and peak). Shared by bench/export.ts and the export scenarios of bench/run.ts.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { backendsCpuMs, backendsCpuSince, cpuSeconds, rssMb } from './lib.js';

export interface ExportRead {
  rows: number;
  seconds: number;
  bytes: number;
  rssBefore: number | null;
  peak: number;
  trailer: { _export: { rows: number } };
  /** CPU seconds of the server process over the export. */
  cpu: number;
  /** CPU seconds of the PostgreSQL backends serving the server's connections over the export (0 on SQLite). */
  backendCpu: number;
  /** The higher 1-minute load average of the start and the end. */
  load: number;
}

export async function readExport(url: string, format: 'ndjson' | 'csv', headers: Record<string, string>, pid: number): Promise<ExportRead> {
  const rssBefore = rssMb(pid);
  let peak = rssBefore ?? 0;
  const sampler = setInterval(() => {
    const r = rssMb(pid);
    if (r !== null && r > peak) peak = r;
  }, 100);
  try {
    const started = performance.now();
    const cpuBefore = cpuSeconds(pid);
    const backendsBefore = backendsCpuMs(pid);
    const load = os.loadavg()[0]!;
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Error(`export: ${res.status} ${await res.text()}`);
    const reader = res.body!.getReader();
    let lines = 0;
    let bytes = 0;
    // the stream's last bytes, whatever the chunks' sizes: the trailer line is among them
    let tail = Buffer.alloc(0);
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      // native scans: a byte loop in JS cost the client ~1 ns a byte, a core's tenth at the target rate
      for (let at = value.indexOf(10); at >= 0; at = value.indexOf(10, at + 1)) lines++;
      tail = Buffer.concat([tail, value.subarray(Math.max(0, value.byteLength - 1000))]).subarray(-1000);
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuSeconds(pid) - cpuBefore;
    const backendCpu = backendsCpuSince(backendsBefore, backendsCpuMs(pid)) / 1000;
    const last = tail.toString('utf8').trimEnd().split('\n').at(-1)!;
    // CSV: `#_export,"<the trailer's JSON, quotes doubled>"`
    const trailer = (format === 'csv' ? { _export: JSON.parse(last.slice('#_export,"'.length, -1).replace(/""/g, '"')) } : JSON.parse(last)) as { _export: { rows: number } };
    return { rows: format === 'csv' ? trailer._export.rows : lines - 1, seconds, bytes, rssBefore, peak, trailer, cpu, backendCpu, load: Math.max(load, os.loadavg()[0]!) };
  } finally {
    clearInterval(sampler);
  }
}
