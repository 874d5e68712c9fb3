/**
 * Client-side statement timing of a process (`node --import ./bench/sqlTrace.mjs ...` with
 * BENCH_SQL_TRACE=<file>): every statement knex runs is timed from the client (the server's work and
 * the round trip on PostgreSQL, the engine's work on SQLite), grouped by its text with the bound
 * lists folded, and written as JSON to the file when the process exits: per statement shape the
 * count and milliseconds, the first and last time it ran (ms since the process started), and on
 * PostgreSQL the CPU seconds of the server processes that ran them (their /proc utime + stime, read
 * after each statement). COPY runs on the driver's connection, not through knex: it is not counted.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = process.env.BENCH_SQL_TRACE;
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
          if (seen) seen.last = c;
          else cpu.set(pid, { first: c, last: c });
        }
      }
    }
  };
  process.on('exit', () => {
    const rows = [...shapes.entries()].map(([sql, s]) => ({ sql, n: s.n, ms: Math.round(s.ms), first_ms: Math.round(s.first), last_ms: Math.round(s.last) })).sort((a, b) => b.ms - a.ms);
    const serverCpu = [...cpu.values()].reduce((a, c) => a + c.last - c.first, 0);
    fs.writeFileSync(file, JSON.stringify({ statements: rows.reduce((a, r) => a + r.n, 0), ms: rows.reduce((a, r) => a + r.ms, 0), server_cpu_s: Math.round(serverCpu * 100) / 100, shapes: rows }, null, 1));
  });
}
