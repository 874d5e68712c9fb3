/**
 * The documents' worker thread (src/documents/pool.ts): finishes batches of settled records
 * (src/documents/finish.ts) while the importing thread reads and serialises the next batch. A
 * downgrade's stored fields are asked of the importing thread, which reads them in its transaction.
 */
import { parentPort } from 'node:worker_threads';
import type { StoredFields } from '../versions/change.js';
import { finishRows, fromText, type FinishJob } from './finish.js';
import type { FromWorker, ToWorker } from './pool.js';

const port = parentPort!;
const asked = new Map<number, (entries: [number, unknown][]) => void>();
let nextAsk = 0;

function storedOf(job: number): StoredFields {
  const ask = <V>(field: keyof StoredFields, ids: number[]) =>
    new Promise<Map<number, V>>((resolve) => {
      const id = nextAsk++;
      asked.set(id, (entries) => resolve(new Map(entries as [number, V][])));
      port.postMessage({ job, ask: id, field, ids } satisfies FromWorker);
    });
  return { transactionCreatedAt: (ids) => ask('transactionCreatedAt', ids), fundAnnouncedDate: (ids) => ask('fundAnnouncedDate', ids) };
}

port.on('message', (m: ToWorker) => {
  if ('answer' in m) {
    const done = asked.get(m.answer);
    asked.delete(m.answer);
    done?.(m.entries);
    return;
  }
  finishRows('text' in m ? fromText(m.text) : (m.finish as FinishJob), storedOf(m.job)).then(
    (rows) => port.postMessage({ job: m.job, rows } satisfies FromWorker),
    (e: unknown) => port.postMessage({ job: m.job, error: e instanceof Error ? (e.stack ?? e.message) : String(e) } satisfies FromWorker),
  );
});
