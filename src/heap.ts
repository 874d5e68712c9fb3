/**
 * The main thread's heap collected once, after the server has started and preloaded its rounds
 * snapshot. Starting leaves tens of megabytes of garbage in the old generation (the contract's bundle
 * and its expansions, the snapshot load's rows), and with an old-space limit (`make run`'s HEAP_MB)
 * V8 keeps the pages that held it committed until a full collection it has no reason to start soon:
 * on SQLite `large` they were a quarter of the process's resident memory before the first request
 * (docs/scaling.md, "Memory"). A full collection then compacts the old generation and gives its
 * free pages back.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

let collect: (() => void) | null = null;

export function collectStartupGarbage(): void {
  // `gc` is installed in contexts created after the flag is set (the process need not start with --expose-gc)
  if (!collect) {
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc') as () => void;
  }
  collect();
}
