/**
 * Shared memory the SQLite query worker writes bytes into for the main thread (sqlite-worker.mjs):
 * an export batch's lines (documentLines.ts), lent for one batch and given back once the socket has
 * written it (`releaseLines`, src/pipeline/export.ts), and a list page's documents' texts (budget.ts
 * `DocumentTexts`), lent for the page's read and given back once they are copied out. A buffer of
 * the worker's own handed over instead (~1.5 MB a batch, ~90 KB a page) counted as external memory
 * of the main thread that only a full collection frees: every ~12 MB of batches started one (7 in
 * one export of 34,493 rounds on SQLite), and pages of 25 rounds one every 150-300 pages. A slot is
 * allocated once and reused; a page's copy is a young buffer that a scavenge frees. A slot never
 * given back (a batch not written: the client left, an error) is collected with its last view and
 * no longer counted; past MAX_SLOTS lent at once (three exports, each with a batch written and the
 * next read), the worker writes into a buffer of its own as before.
 */
import type { DocumentLines } from './documentLines.js';

const SLOT_BYTES = 3 << 20;
const MAX_SLOTS = 6;
const freeSlots: SharedArrayBuffer[] = [];
const lentSlots = new WeakSet<SharedArrayBuffer>();
let slotCount = 0;
const collected = new FinalizationRegistry<undefined>(() => void slotCount--);

export function lendSlot(): SharedArrayBuffer | null {
  let slot = freeSlots.pop();
  if (!slot) {
    if (slotCount >= MAX_SLOTS) return null;
    slot = new SharedArrayBuffer(SLOT_BYTES);
    slotCount++;
    collected.register(slot, undefined);
  }
  lentSlots.add(slot);
  return slot;
}

export function releaseSlot(slot: SharedArrayBuffer): void {
  // only a slot lent and not yet given back: a second release would lend it to two reads at once
  if (!lentSlots.delete(slot)) return;
  freeSlots.push(slot);
}

/** Gives back the slot a batch's lines were read into (once they are written), if any: they are views of one read. */
export function releaseLines(lines: readonly (string | Buffer)[]): void {
  const first = lines[0];
  if (first instanceof Buffer && first.buffer instanceof SharedArrayBuffer) releaseSlot(first.buffer);
}

/** Lines written into a lent slot when they fit; the slot given back at once when they did not, or there are none. */
export async function withSlot(read: (slot: SharedArrayBuffer | undefined) => Promise<DocumentLines | null>): Promise<DocumentLines | null> {
  const slot = lendSlot();
  const lines = await read(slot ?? undefined).catch((err: unknown) => {
    if (slot) releaseSlot(slot);
    throw err;
  });
  if (slot && lines?.bytes.buffer !== slot) releaseSlot(slot);
  return lines;
}

