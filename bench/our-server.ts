/**
 * Our server as a bench child process: startServer over the environment (see lib.ts serverEnv),
 * then `{ready, baseUrl, authUrl}` to the parent over IPC; SIGTERM closes it.
 */
import pino from 'pino';
import { loadConfig } from '../src/config.js';
import { startServer } from '../src/server.js';
import { handlers } from '../handlers/index.js';

const server = await startServer(loadConfig(), handlers, { logger: pino({ level: 'silent' }) }).catch((err: Error) => {
  process.send?.({ error: err.message });
  process.exit(1);
});
process.send?.({ ready: true, baseUrl: server.baseUrl, authUrl: server.authUrl });
const stop = () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
process.on('disconnect', stop);
