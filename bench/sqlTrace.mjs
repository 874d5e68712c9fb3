/**
 * Client-side statement timing of a process (`node --import ./bench/sqlTrace.mjs ...` with
 * BENCH_SQL_TRACE_FILE=<file>): every statement knex runs is timed from the client (the server's work and
 * the round trip on PostgreSQL, the engine's work on SQLite), grouped by its text with the bound
 * lists folded, and written as JSON to the file when the process exits: per statement shape the
 * count and milliseconds, the first and last time it ran (ms since the process started), and on
 * PostgreSQL the CPU seconds of the server processes that ran them (their /proc utime + stime, read
 * after each statement). COPY runs on the driver's connection, not through knex: it is not counted.
 * `timeline`: after each statement, [ms since start, this process's CPU ms, the servers' CPU ms so
 * far, 1 for a COMMIT, ms when it started]: `stageCpu` splits it at the import's steps.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = process.env.BENCH_SQL_TRACE_FILE;
if (file && isMainThread) {
  const require = createRequire(import.meta.url);
  const Client = require('knex/lib/client.js');
  const shapes = new Map();
  const tick = Number((process.env.CLK_TCK ?? '100'));
  const cpu = new Map();
  const cpuOf = (pid) => {
    try {
      const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(f[11]) + Number(f[12])) / tick;
    } catch {
      return null;
    }
  };
  const shapeOf = (sql) =>
    sql
      .replace(/\s+/g, ' ')
      .replace(/\$\d+/g, '?')
      .replace(/(\?|\(\?(, \?)*\)|cast\(\? as [a-z ]+\))(, (\?|\(\?(, \?)*\)|cast\(\? as [a-z ]+\)))+/g, '?…')
      .replace(/\((cast\(\? as [a-z ]+\)(, )?)+\)(, \((cast\(\? as [a-z ]+\)(, )?)+\))*/g, '(…)…')
      .slice(0, 400);
  const timeline = [];
  let serverCpu = 0;
  const original = Client.prototype.query;
  Client.prototype.query = async function (connection, q) {
    const sql = typeof q === 'string' ? q : String(q?.sql ?? '');
    const started = performance.now();
    try {
      return await original.call(this, connection, q);
    } finally {
      const ms = performance.now() - started;
      const k = shapeOf(sql);
      const s = shapes.get(k) ?? { n: 0, ms: 0, first: started, last: started };
      s.n++;
      s.ms += ms;
      s.last = started;
      shapes.set(k, s);
      const pid = connection?.processID;
      if (typeof pid === 'number') {
        const c = cpuOf(pid);
        if (c !== null) {
          const seen = cpu.get(pid);
          if (seen) {
            serverCpu += c - seen.last;
            seen.last = c;
          } else cpu.set(pid, { first: c, last: c });
        }
      }
      const u = process.cpuUsage();
      timeline.push([Math.round(performance.now()), Math.round((u.user + u.system) / 1000), Math.round(serverCpu * 1000), /^commit/i.test(sql) ? 1 : 0, Math.round(started)]);
    }
  };
  process.on('exit', () => {
    const rows = [...shapes.entries()].map(([sql, s]) => ({ sql, n: s.n, ms: Math.round(s.ms), first_ms: Math.round(s.first), last_ms: Math.round(s.last) })).sort((a, b) => b.ms - a.ms);
    fs.writeFileSync(file, JSON.stringify({ statements: rows.reduce((a, r) => a + r.n, 0), ms: rows.reduce((a, r) => a + r.ms, 0), server_cpu_s: Math.round(serverCpu * 100) / 100, shapes: rows, timeline }, null, 1));
  });
}

/**
 * CPU seconds per step of an import (the report's `derived.seconds`, wall, in order; `rows` before
 * them; before them the process's start and the rows, `start_and_rows`; the COMMIT after them,
 * `commit`): the steps are laid back from the import's COMMIT, and the CPU read at the statement ending
 * next after each boundary. `process`: the importing process; `server`: the database's processes that ran
 * its statements (PostgreSQL).
 */
export function stageCpu(trace, seconds) {
  const tl = trace.timeline;
  const commit = tl.filter((r) => r[3] === 1).at(-1);
  if (!commit) return null;
  // on SQLite the documents are built while the search terms and facts are refreshed: one step of their joint wall
  const steps = ('documents_and_tables' in seconds ? ['figures', 'documents_and_tables', 'rollup'] : ['figures', 'search_terms', 'facts', 'rollup', 'documents']).filter((s) => s in seconds);
  const at = (ms, col) => (tl.find((r) => r[0] >= ms) ?? tl.at(-1))[col];
  let end = commit[4];
  const bounds = [];
  for (const s of [...steps].reverse()) {
    const start = end - seconds[s] * 1000;
    bounds.unshift([s, start, end]);
    end = start;
  }
  bounds.unshift(['start_and_rows', 0, end]);
  const out = { process: {}, server: {} };
  bounds.push(['commit', commit[4], commit[0]]);
  for (const [s, a, b] of bounds) {
    out.process[s] = Math.round(at(b, 1) - (a === 0 ? 0 : at(a, 1))) / 1000;
    out.server[s] = Math.round(at(b, 2) - (a === 0 ? 0 : at(a, 2))) / 1000;
  }
  return out;
}
