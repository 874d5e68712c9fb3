/**
 * One worker thread per process that finishes record documents (src/documents/finish.ts: texts,
 * downgrades, lock sites, CSV records) while the calling thread reads and serialises the next batch
 * in its transaction; the rows come back to that thread, which writes them in the same transaction,
 * so nothing is visible before its commit. The worker reads no database: a downgrade's stored fields
 * are asked back and read by the caller through its own `StoredFields`. On a 2-core machine this
 * takes the documents' text work (most of an import's JavaScript after the rows) off the importing
 * thread. Started on first use; it does not keep the process alive when idle.
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DocumentRow } from '../db/documents.js';
import type { StoredFields } from '../versions/change.js';
import { asText, type FinishJob, type FinishText } from './finish.js';

export type ToWorker = { job: number; finish: FinishJob } | { job: number; text: FinishText } | { answer: number; entries: [number, unknown][] };
export type FromWorker = { job: number; rows: DocumentRow[] } | { job: number; error: string } | { job: number; ask: number; field: keyof StoredFields; ids: number[] };

interface Pending {
  resolve: (rows: DocumentRow[]) => void;
  reject: (e: Error) => void;
  stored: StoredFields;
}

let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextJob = 0;

/** The batch's promise settled: the worker no longer holds the process up once none is out. */
function take(w: Worker, id: number): Pending | undefined {
  const p = pending.get(id);
  pending.delete(id);
  if (pending.size === 0) w.unref();
  return p;
}

function failAll(e: Error): void {
  for (const p of pending.values()) p.reject(e);
  pending.clear();
  worker = null;
}

function start(): Worker {
  // from the sources (a development checkout, the tests) the worker registers tsx before it loads its TypeScript (worker-sources.mjs)
  const source = fileURLToPath(import.meta.url).endsWith('.ts');
  const w = new Worker(new URL(source ? './worker-sources.mjs' : './worker.js', import.meta.url));
  w.on('message', (m: FromWorker) => {
    const p = pending.get(m.job);
    if (!p) return;
    if ('ask' in m) {
      p.stored[m.field](m.ids).then(
        (values) => w.postMessage({ answer: m.ask, entries: [...values] } satisfies ToWorker),
        (e: unknown) => take(w, m.job)?.reject(e instanceof Error ? e : new Error(String(e))),
      );
      return;
    }
    take(w, m.job);
    if ('error' in m) p.reject(new Error(`record documents' worker: ${m.error}`));
    else p.resolve(m.rows);
  });
  w.on('error', (e) => failAll(e));
  w.on('exit', (code) => failAll(new Error(`record documents' worker stopped (exit ${code})`)));
  // after the listeners: adding a 'message' listener holds the process up again
  w.unref();
  return w;
}

/** Starts the worker now (its modules load while the caller reads its rows), if it is not running. */
export function startDocumentsWorker(): void {
  worker ??= start();
}

/**
 * The rows of a batch, finished in the worker. `text`: its records (and shared objects) are JSON data
 * exactly, plain and with no member JSON leaves out, so they go as their JSON text.
 */
export function finishInWorker(job: FinishJob, stored: StoredFields, text = false): Promise<DocumentRow[]> {
  const w = (worker ??= start());
  const id = nextJob++;
  return new Promise<DocumentRow[]>((resolve, reject) => {
    pending.set(id, { resolve, reject, stored });
    // held while a batch is out: the caller awaits it
    w.ref();
    w.postMessage((text ? { job: id, text: asText(job) } : { job: id, finish: job }) satisfies ToWorker);
  });
}
