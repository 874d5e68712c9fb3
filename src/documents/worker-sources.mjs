// The documents' worker (worker.ts) started from the sources: tsx registered first, as `node --import tsx` does for the process.
import { register } from 'tsx/esm/api';

register();
await import(new URL('./worker.ts', import.meta.url).href);
