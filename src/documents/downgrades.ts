/**
 * The version downgrades of a record document, precomputed (docs/scaling.md, "Record documents"):
 * for each version change that declares its downgrade of the document's operations as one edit per
 * record (src/versions/change.ts `recordEdits`), the text ranges the edit cuts out of the stored
 * JSON and the text it appends, so a pinned answer is the stored text with those ranges rewritten,
 * neither parsed nor read back from the rows.
 */
import { applyRecordEdit, type RecordEdit, type StoredFields } from '../versions/change.js';
import { CHANGES, changesFor } from '../versions/changes/index.js';

/** One change's edit of a document's text: ranges cut (ascending), then `tail` inserted before the closing brace. */
export interface TextEdit {
  version: string;
  cuts: [number, number][];
  tail: string;
}

/**
 * `JSON.stringify(record)` and the ranges of these top-level keys' members in it (with one
 * separating comma), from one serialisation of each member.
 */
function textAndRanges(record: Record<string, unknown>, keys: readonly string[]): { text: string; cuts: [number, number][] } {
  const members: string[] = [];
  const cuts: [number, number][] = [];
  let at = 1;
  for (const [k, v] of Object.entries(record)) {
    const value = JSON.stringify(v);
    // members JSON leaves out (undefined, functions)
    if (value === undefined) continue;
    const member = `${JSON.stringify(k)}:${value}`;
    const sep = members.length === 0 ? 0 : 1;
    const len = sep + member.length;
    // the first member takes the comma after it, any other the one before it
    if (keys.includes(k)) cuts.push(sep === 0 ? [at, at + len + 1] : [at, at + len]);
    members.push(member);
    at += len;
  }
  return { text: `{${members.join(',')}}`, cuts };
}

const cut = (text: string, cuts: readonly [number, number][]): string => {
  let out = '';
  let from = 0;
  for (const [a, b] of cuts) {
    out += text.slice(from, a);
    from = b;
  }
  return out + text.slice(from);
};

/** The text edit of one record, or null when its downgraded text is not the cut text with a tail (a record left with no key). */
function textEdit(version: string, record: Record<string, unknown>, edit: RecordEdit): TextEdit | null {
  const { text, cuts } = textAndRanges(record, edit.remove);
  applyRecordEdit(record, edit);
  const kept = cut(text, cuts).slice(0, -1);
  const after = JSON.stringify(record);
  return after.startsWith(kept) && kept.length > 1 ? { version, cuts, tail: after.slice(kept.length, -1) } : null;
}

/**
 * The text edits of records of an operation (copies: the records are left as they are), newest change
 * first, each on the text the newer ones left; a record whose edits cannot all be kept as text keeps none.
 */
export async function precomputeDowngrades(operationId: string, records: readonly Record<string, unknown>[], stored: StoredFields): Promise<TextEdit[][]> {
  const changes = CHANGES.filter((c) => c.recordEdits && c.recordEdited?.includes(operationId));
  // most operations have no edit kept as text: their records (an organization's are large) are not copied
  if (changes.length === 0) return records.map(() => []);
  const work = records.map((r) => structuredClone(r));
  const out: (TextEdit[] | null)[] = records.map(() => []);
  for (const change of changes) {
    const edits = await change.recordEdits!(work, stored);
    work.forEach((r, i) => {
      const e = out[i] && textEdit(change.version, r, edits[i]!);
      out[i] = e ? [...out[i]!, e] : null;
    });
  }
  return out.map((e) => e ?? []);
}

/**
 * The stored text of a document as a client pinned to `pinned` gets it from this operation, or null
 * when some change the pin predates rewrites the operation with no edit kept in the document.
 */
export function downgradedText(body: string, downgrades: string, pinned: string, operationId: string): string | null {
  const due = changesFor(pinned).filter((c) => c.downgradeResponse && (!c.downgrades || c.downgrades.includes(operationId)));
  if (due.length === 0) return body;
  if (!due.every((c) => c.recordEdited?.includes(operationId))) return null;
  const edits = JSON.parse(downgrades) as TextEdit[];
  let text = body;
  // edits are newest first, and a pin predates every change newer than one it predates
  for (const [i, c] of due.entries()) {
    const e = edits[i];
    if (!e || e.version !== c.version) return null;
    text = `${cut(text, e.cuts).slice(0, -1)}${e.tail}}`;
  }
  return text;
}
