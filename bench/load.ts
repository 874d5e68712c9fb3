/**
 * The load generator, a process of its own (forked by run.ts so it does not share an event loop
 * with the harness or the server): runs autocannon against one scenario and sends the summary back
 * over IPC.
 *
 * Message in: {url, paths: string[], headers, connections, seconds}. The paths are requested in
 * turn on every connection (e.g. a set of detail ids).
 */
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

process.once('message', (job: LoadJob) => {
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
