/**
 * The load generator, a process of its own (forked by run.ts so it does not share an event loop
 * with the harness or the server): runs autocannon against one scenario and sends the summary back
 * over IPC.
 *
 * Message in: {url, paths: string[], headers, connections, seconds}. The paths are requested in
 * turn on every connection (e.g. a set of detail ids).
 *
 * With `arrivals: 'poisson'` and an `overallRate`, it is an open-loop generator instead: requests
 * start at exponentially distributed intervals (a Poisson process, as independent clients arrive)
 * whether or not earlier ones have answered, and each latency is measured from its scheduled start,
 * so a stalled server is not hidden by a generator that waits for it. autocannon's own fixed rate
 * fires every connection on the same timer tick, i.e. in bursts of `connections` requests.
 */
import http from 'node:http';
// loaded by name at run time: bench dependencies are not installed for `make typecheck`/`make test`
const autocannonModule = 'autocannon';
const autocannon = ((await import(autocannonModule)) as { default: (opts: unknown) => Promise<AutocannonResult> }).default;

interface Histogram {
  average: number;
  p50: number;
  p99: number;
  max: number;
  total?: number;
}

interface AutocannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  throughput: Histogram;
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}

export interface LoadJob {
  url: string;
  paths: string[];
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  /** Requests per second over all connections (a fixed rate, for the soak); unset = as fast as possible. */
  overallRate?: number;
  /** 'poisson': open-loop arrivals at `overallRate` (see above) instead of autocannon. */
  arrivals?: 'poisson';
}

export interface LoadSummary {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  bytesPerSecond: number;
  statusCodes: Record<string, number>;
}

/** Open-loop Poisson arrivals at `job.overallRate` for `job.seconds`; latencies from the scheduled start. */
async function poisson(job: LoadJob): Promise<LoadSummary> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const base = new URL(job.url);
  const rate = job.overallRate!;
  const latencies: number[] = [];
  const codes: Record<string, number> = {};
  let errors = 0;
  let bytes = 0;
  let n = 0;
  const started = performance.now();
  const end = started + job.seconds * 1000;
  const pending = new Set<Promise<void>>();
  const one = (path: string, scheduled: number) =>
    new Promise<void>((resolve) => {
      const req = http.get({ host: base.hostname, port: base.port, path, headers: job.headers, agent }, (res) => {
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => {
          latencies.push(performance.now() - scheduled);
          codes[String(res.statusCode)] = (codes[String(res.statusCode)] ?? 0) + 1;
          resolve();
        });
      });
      req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors++;
        resolve();
      });
    });
  let next = started;
  while (next < end) {
    const wait = next - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const p = one(job.paths[n++ % job.paths.length]!, next);
    pending.add(p);
    void p.then(() => pending.delete(p));
    next += (-Math.log(1 - Math.random()) / rate) * 1000;
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0) * 10) / 10;
  const seconds = (performance.now() - started) / 1000;
  const non2xx = Object.entries(codes).filter(([c]) => !c.startsWith('2')).reduce((a, [, k]) => a + k, 0);
  return {
    requests: latencies.length,
    rps: Math.round((latencies.length / seconds) * 10) / 10,
    p50: at(0.5),
    p99: at(0.99),
    max: at(1),
    errors,
    timeouts: 0,
    non2xx,
    bytesPerSecond: Math.round(bytes / seconds),
    statusCodes: codes,
  };
}

process.once('message', (job: LoadJob) => {
  if (job.arrivals === 'poisson') {
    poisson(job).then(
      (summary) => process.send!(summary, () => process.exit(0)),
      (err: Error) => process.send!({ error: err.message }, () => process.exit(1)),
    );
    return;
  }
  autocannon({
    url: job.url,
    connections: job.connections,
    duration: job.seconds,
    ...(job.overallRate ? { overallRate: job.overallRate } : {}),
    timeout: 30,
    headers: job.headers,
    requests: job.paths.map((path) => ({ method: 'GET', path })),
  }).then(
    (r) => {
      const summary: LoadSummary = {
        requests: r.requests.total,
        rps: Math.round((r.requests.total / r.duration) * 10) / 10,
        p50: r.latency.p50,
        p99: r.latency.p99,
        max: r.latency.max,
        errors: r.errors,
        timeouts: r.timeouts,
        non2xx: r.non2xx,
        bytesPerSecond: Math.round(r.throughput.average),
        statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([k, v]) => [k, Number(v.count)])),
      };
      process.send!(summary, () => process.exit(0));
    },
    (err: Error) => {
      process.send!({ error: err.message }, () => process.exit(1));
    },
  );
});
