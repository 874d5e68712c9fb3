/**
 * Process entry (`make run`, `npm start`, and each worker node:cluster forks): the server of src/
 * with the operation handlers of handlers/. It sits above both, so src/ imports nothing beside or
 * above it: the handler table reaches the server only through `startServer`'s argument.
 */
import { handlers } from './handlers/index.js';
import { runProcess } from './src/server.js';

runProcess(handlers).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
