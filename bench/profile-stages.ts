/**
 * A server's `--cpu-prof` (BENCH_CPU_PROF of bench/run.ts) read per stage of the request path: each
 * sample goes to the first frame, from the leaf up, that belongs to a stage (a module of src/, a
 * package, a part of Node), so a socket write called by the routing stage counts as the socket write
 * and a hash called by the caching stage as the hash. The run's busy stretches (one per scenario,
 * warm-up included; idle between them) are reported apart, in order.
 *
 * Usage: npx tsx bench/profile-stages.ts <file.cpuprofile> [cpuMsPerRequest,...] — with a scenario's
 * CPU ms per request (bench/run.ts `cpuMsPerRequest`, in the stretches' order) the shares are also
 * written as µs per request. BENCH_WINDOWS (`from-to,...`, seconds) names the stretches instead. BENCH_STAGE_DETAIL (stage names separated by |) lists those stages' frames.
 */
import fs from 'node:fs';

interface Frame {
  functionName: string;
  url: string;
}
interface ProfileNode {
  id: number;
  callFrame: Frame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Stages by a frame's script (first match wins); a frame matching none is passed over. */
const BY_URL: [RegExp, string][] = [
  [/node:internal\/stream_base_commons|node:net$|node:internal\/net/, 'socket write'],
  [/node:internal\/crypto/, 'hash (crypto)'],
  [/node:_http_|node:internal\/http/, "Node's http"],
  [/node:buffer|node:internal\/buffer/, 'buffer encode'],
  [/node_modules\/better-sqlite3/, 'better-sqlite3'],
  [/node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-[a-z]+)\//, 'pg driver'],
  [/node_modules\/(knex|tarn)\//, 'knex and its pool'],
  [/node_modules\/(openapi-backend|ajv|ajv-formats|openapi-types|bath-es5|mock-json-schema|qs|cookie)\//, 'openapi-backend and Ajv'],
  [/node_modules\/debug\//, "Express's debug"],
  [/node_modules\/(express|router|finalhandler|send|body-parser|on-finished|parseurl|type-is|accepts|content-type|vary|depd|statuses|fresh|mime-types|negotiator|path-to-regexp|serve-static|encodeurl|escape-html|proxy-addr|forwarded|ipaddr\.js)\//, "Express and its router"],
  [/node_modules\/(pino|pino-std-serializers|sonic-boom|thread-stream|on-exit-leak-free)\//, 'request log'],
  [/node_modules\/(prom-client|tdigest|bintrees)\//, 'metrics'],
  [/node_modules\/jose\//, 'authentication'],
  [/src\/http\/caching\.ts/, 'caching stage (ETag)'],
  [/src\/http\/rawJson\.ts/, "the answer's bytes"],
  [/src\/documents\//, 'documents (text, app URL, versions)'],
  [/src\/query\//, 'filter, sort, cursor (src/query)'],
  [/src\/db\/lookup\.ts|src\/db\/documents\.ts|src\/db\/paging\.ts|src\/db\/rounds|src\/db\//, 'src/db (statements, rows)'],
  [/src\/services\//, 'services'],
  [/src\/access\/leases|src\/access\/usage|src\/access\/credits|src\/pipeline\/metering|src\/db\/credit/, 'metering, credit leases'],
  [/src\/auth\/|src\/pipeline\/authenticate|src\/pipeline\/access|src\/access\//, 'authentication, access, rate limit'],
  [/src\/http\/metrics/, 'metrics'],
  [/src\/pipeline\/requestLog/, 'request log'],
  [/src\/pipeline\/routing|src\/patches\/openapi-backend/, 'routing stage (openapi-backend glue, writeResult)'],
  [/node:internal\/process\/task_queues|node:internal\/timers|node:events|node:internal\/async_hooks|node:internal\/process\/promises/, 'promises, microtasks, events, timers'],
];

const BY_NAME: [RegExp, string][] = [
  [/^\(garbage collector\)$/, 'garbage collection'],
  [/^\(idle\)$/, 'idle'],
  [/^\(program\)$/, '(program)'],
  [/^writev$|^writeBuffer$|^writeUtf8String$|^writeLatin1String$/, 'socket write'],
];

function stageOf(frame: Frame): string | null {
  for (const [re, stage] of BY_NAME) if (re.test(frame.functionName)) return stage;
  if (frame.url === '') return null;
  for (const [re, stage] of BY_URL) if (re.test(frame.url)) return stage;
  // the other modules of the product by their file
  const own = /\/(src\/.*)$/.exec(frame.url);
  return own ? own[1]! : null;
}

export function readProfile(file: string) {
  const p = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stageMemo = new Map<number, string>();
  const stageOfNode = (id: number): string => {
    const hit = stageMemo.get(id);
    if (hit) return hit;
    let at: number | undefined = id;
    let stage: string | null = null;
    let native = false;
    while (at !== undefined && stage === null) {
      const frame = byId.get(at)!.callFrame;
      stage = stageOf(frame);
      native ||= stage === null && frame.url === '';
      at = parent.get(at);
    }
    // a native call straight from a statement of src/db is the driver's (better-sqlite3 runs its statements in C++)
    const s = stage === 'src/db (statements, rows)' && native ? 'driver (native call from src/db)' : (stage ?? 'other (native, unattributed)');
    stageMemo.set(id, s);
    frameMemo.set(id, at === undefined && stage === null ? '' : frameName(byId.get(frameAt(id))!.callFrame));
    return s;
  };
  // the frame that decided a sample's stage, for a look inside one stage (BENCH_STAGE_DETAIL)
  const frameMemo = new Map<number, string>();
  const frameAt = (id: number): number => {
    let at: number | undefined = id;
    while (at !== undefined && stageOf(byId.get(at)!.callFrame) === null) at = parent.get(at);
    return at ?? id;
  };
  const frameName = (f: Frame) => `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(node_modules|src)\//, '$1/')}`;
  // sample times (ms from the start) and stages
  let t = 0;
  const samples = p.samples.map((id, i) => {
    t += p.timeDeltas[i]! / 1000;
    const stage = stageOfNode(id);
    return { at: t, stage, frame: frameMemo.get(id)!, dt: (p.timeDeltas[i + 1] ?? p.timeDeltas[i]!) / 1000 };
  });
  return samples;
}

/** Busy stretches: runs of 500 ms buckets more than a third busy, split by an idle bucket. */
function stretches(samples: ReturnType<typeof readProfile>) {
  const bucket = 500;
  const busy = new Map<number, number>();
  for (const s of samples) if (s.stage !== 'idle' && s.stage !== '(program)') busy.set(Math.floor(s.at / bucket), (busy.get(Math.floor(s.at / bucket)) ?? 0) + s.dt);
  const last = Math.floor((samples.at(-1)?.at ?? 0) / bucket);
  const out: { from: number; to: number }[] = [];
  let open: { from: number; to: number } | null = null;
  for (let b = 0; b <= last; b++) {
    const on = (busy.get(b) ?? 0) > bucket / 3;
    if (on && !open) open = { from: b * bucket, to: (b + 1) * bucket };
    else if (on && open) open.to = (b + 1) * bucket;
    else if (!on && open) {
      out.push(open);
      open = null;
    }
  }
  if (open) out.push(open);
  // start-up (migrations check, snapshot loads) is short; a scenario runs for seconds
  return out.filter((s) => s.to - s.from >= 3000);
}

if (process.argv[1]?.endsWith('profile-stages.ts')) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: profile-stages.ts <file.cpuprofile> [cpuMsPerRequest,...]');
  const DETAIL = (process.env.BENCH_STAGE_DETAIL ?? '').split('|');
  const perRequest = (process.argv[3] ?? '').split(',').filter(Boolean).map(Number);
  const samples = readProfile(file);
  // BENCH_WINDOWS (`from-to,...` in seconds of the profile) when a loaded machine's lulls split a scenario's stretch
  const given = process.env.BENCH_WINDOWS?.split(',').map((w) => {
    const [from, to] = w.split('-').map((x) => Number(x) * 1000);
    return { from: from!, to: to! };
  });
  (given ?? stretches(samples)).forEach((w, i) => {
    const totals = new Map<string, number>();
    let busyMs = 0;
    for (const s of samples) {
      if (s.at < w.from || s.at >= w.to || s.stage === 'idle' || s.stage === '(program)') continue;
      totals.set(s.stage, (totals.get(s.stage) ?? 0) + s.dt);
      busyMs += s.dt;
    }
    const cpu = perRequest[i];
    console.log(`\nstretch ${i + 1}: ${(w.from / 1000).toFixed(1)}-${(w.to / 1000).toFixed(1)} s, busy ${busyMs.toFixed(0)} ms${cpu ? `, ${cpu} ms CPU a request` : ''}`);
    for (const [stage, ms] of [...totals].sort((a, b) => b[1] - a[1])) {
      const share = ms / busyMs;
      console.log(`  ${(share * 100).toFixed(1).padStart(5)} %${cpu ? `  ${(share * cpu * 1000).toFixed(0).padStart(4)} µs` : ''}  ${stage}`);
      if (!DETAIL.includes(stage)) continue;
      const frames = new Map<string, number>();
      for (const s of samples) if (s.at >= w.from && s.at < w.to && s.stage === stage) frames.set(s.frame, (frames.get(s.frame) ?? 0) + s.dt);
      for (const [f, fms] of [...frames].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`          ${((fms / busyMs) * 100).toFixed(1).padStart(5)} %  ${f}`);
    }
  });
}
