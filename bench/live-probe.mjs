// A `/system/live` probe every 100 ms on its own connection, from a process of its own, and the same
// probe of a control server that does nothing (also a process of its own): what the control shows
// is the machine's share of the latency (CPU contention on a shared host), not the server's.
//   node bench/live-probe.mjs <port> <windowMs>   -> one JSON line on stdout
import { spawn } from 'node:child_process';
import http from 'node:http';

const [port, windowMs] = [Number(process.argv[2]), Number(process.argv[3] ?? 10_000)];
const control = spawn(process.execPath, ['-e', "require('http').createServer((q,s)=>s.end('ok')).listen(0,'127.0.0.1',function(){console.log(this.address().port)})"], { stdio: ['ignore', 'pipe', 'inherit'] });
const controlPort = await new Promise((r) => control.stdout.once('data', (d) => r(Number(String(d).trim()))));

const probe = (p, path) =>
  new Promise((resolve) => {
    const t = performance.now();
    const req = http.get({ host: '127.0.0.1', port: p, path, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ ok: res.statusCode === 200, ms: performance.now() - t }));
    });
    req.setTimeout(30_000, () => req.destroy());
    req.on('error', () => resolve({ ok: false, ms: performance.now() - t }));
  });

const server = [];
const machine = [];
const pending = [];
const until = Date.now() + windowMs;
while (Date.now() < until) {
  pending.push(probe(port, '/system/live').then((r) => server.push(r)));
  pending.push(probe(controlPort, '/').then((r) => machine.push(r)));
  await new Promise((r) => setTimeout(r, 100));
}
await Promise.all(pending);
control.kill();
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? 0;
const stats = (rs) => {
  const ms = rs.map((r) => r.ms);
  const r1 = (x) => Math.round(x * 10) / 10;
  return { probes: rs.length, failed: rs.filter((r) => !r.ok).length, p50_ms: r1(pct(ms, 50)), p90_ms: r1(pct(ms, 90)), p99_ms: r1(pct(ms, 99)), max_ms: r1(Math.max(...ms)), over_100ms: ms.filter((m) => m > 100).length };
};
process.stdout.write(JSON.stringify({ live: stats(server), control: stats(machine) }) + '\n');
