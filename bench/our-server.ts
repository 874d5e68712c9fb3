/**
 * Our server as a bench child process: startServer over the environment (see lib.ts serverEnv),
 * then `{ready, baseUrl, authUrl}` to the parent over IPC; SIGTERM closes it.
 */
import v8 from 'node:v8';
import pino from 'pino';
import { loadConfig } from '../src/config.js';
import { startServer } from '../src/server.js';
import { handlers } from '../handlers/index.js';

const server = await startServer(loadConfig(), handlers, { logger: pino({ level: 'silent' }) }).catch((err: Error) => {
  process.send?.({ error: err.message });
  process.exit(1);
});
process.send?.({ ready: true, baseUrl: server.baseUrl, authUrl: server.authUrl });
// `memory` over IPC: the process's memory as Node counts it (bench/export-memory.ts)
process.on('message', (m: unknown) => {
  if (m === 'memory') process.send?.({ memory: { ...process.memoryUsage(), spaces: v8.getHeapSpaceStatistics().map((s) => ({ name: s.space_name, used: s.space_used_size })) } });
});
const stop = () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
process.on('disconnect', stop);
