/**
 * Our server as a bench child process: startServer over the environment (see lib.ts serverEnv),
 * then `{ready, baseUrl, authUrl}` to the parent over IPC; SIGTERM closes it.
 *
 * BENCH_ALLOC_PROF=<dir>: V8's sampling heap profiler runs from the start, counting objects the
 * garbage collector has already freed too (what `--heap-prof` leaves out: it reports the objects
 * still live at exit), and writes `<dir>/alloc-<pid>.heapprofile` when the server stops: where the
 * allocations that keep the GC busy come from (open it in Chrome's DevTools, or sum `selfSize` by frame).
 */
import v8 from 'node:v8';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../src/config.js';
import { collectStartupGarbage } from '../src/heap.js';
import { startServer } from '../src/server.js';
import { handlers } from '../handlers/index.js';

const ALLOC_PROF = process.env.BENCH_ALLOC_PROF;
const session = ALLOC_PROF ? new Session() : null;
if (session) {
  session.connect();
  await session.post('HeapProfiler.startSampling', { samplingInterval: 16384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
}

const server = await startServer(loadConfig(), handlers, { logger: pino({ level: 'silent' }) }).catch((err: Error) => {
  process.send?.({ error: err.message });
  process.exit(1);
});
process.send?.({ ready: true, baseUrl: server.baseUrl, authUrl: server.authUrl });
// as runProcess (`make run`) does
void server.preloaded.then(collectStartupGarbage);
// `memory` over IPC: the process's memory as Node counts it (bench/export-memory.ts)
process.on('message', (m: unknown) => {
  if (m === 'memory') process.send?.({ memory: { ...process.memoryUsage(), spaces: v8.getHeapSpaceStatistics().map((s) => ({ name: s.space_name, used: s.space_used_size, size: s.space_size })) } });
});
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  if (session) {
    const { profile } = await session.post('HeapProfiler.stopSampling');
    fs.mkdirSync(ALLOC_PROF!, { recursive: true });
    fs.writeFileSync(path.join(ALLOC_PROF!, `alloc-${process.pid}.heapprofile`), JSON.stringify(profile));
  }
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
process.on('disconnect', () => void stop());
