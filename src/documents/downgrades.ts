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

/** The JSON of objects several records hold, written once (a company's summary in each of its rounds). */
type SharedTexts = Map<object, string | undefined>;

const NONE: SharedTexts = new Map();

/** A record's top-level members as JSON writes them (`"key":value`), those JSON leaves out skipped. */
function members(record: Record<string, unknown>, shared: SharedTexts = NONE): [key: string, text: string][] {
  const out: [string, string][] = [];
  for (const [k, v] of Object.entries(record)) {
    let json: string | undefined;
    if (v !== null && typeof v === 'object' && shared.has(v)) {
      json = shared.get(v);
      if (json === undefined) shared.set(v, (json = JSON.stringify(v) as string | undefined));
    } else json = JSON.stringify(v) as string | undefined;
    if (json !== undefined) out.push([k, `${JSON.stringify(k)}:${json}`]);
  }
  return out;
}

/**
 * `JSON.stringify(record)`, written from one stringify of each member, and the ranges of these
 * top-level keys' members (with one separating comma) in it.
 */
function textAndRanges(record: Record<string, unknown>, keys: readonly string[], shared: SharedTexts): { text: string; cuts: [number, number][] } {
  const cuts: [number, number][] = [];
  const parts = members(record, shared);
  let at = 1;
  for (const [i, [k, member]] of parts.entries()) {
    const len = (i === 0 ? 0 : 1) + member.length;
    // the first member takes the comma after it, any other the one before it
    if (keys.includes(k)) cuts.push(i === 0 ? [at, at + len + 1] : [at, at + len]);
    at += len;
  }
  return { text: `{${parts.map((p) => p[1]).join(',')}}`, cuts };
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

/**
 * The text edit of one record, or null when its downgraded text is not the cut text with a tail (a
 * record left with no key); with the record's text before the edit.
 */
function textEdit(version: string, record: Record<string, unknown>, edit: RecordEdit, shared: SharedTexts): { text: string; edit: TextEdit | null } {
  const { text, cuts } = textAndRanges(record, edit.remove, shared);
  // appended keys the record no longer holds go to its end: the text after the edit is the kept text and their members
  const appendedLast = new Set(edit.append.map(([k]) => k)).size === edit.append.length && edit.append.every(([k]) => edit.remove.includes(k) || !Object.hasOwn(record, k));
  applyRecordEdit(record, edit);
  const kept = cut(text, cuts).slice(0, -1);
  if (kept.length <= 1) return { text, edit: null };
  if (appendedLast) return { text, edit: { version, cuts, tail: members(Object.fromEntries(edit.append)).map((m) => `,${m[1]}`).join('') } };
  const after = JSON.stringify(record);
  return { text, edit: after.startsWith(kept) ? { version, cuts, tail: after.slice(kept.length, -1) } : null };
}

/** A record's document text and its version downgrades as text edits. */
export interface DocumentText {
  body: string;
  downgrades: TextEdit[];
}

/**
 * The text of records of an operation (`JSON.stringify`) and their text edits (on copies: the
 * records are left as they are), newest change first, each on the text the newer ones left; a record
 * whose edits cannot all be kept as text keeps none. `shared`: objects several records hold as a
 * top-level member, written as JSON once.
 */
export async function documentTexts(operationId: string, records: readonly Record<string, unknown>[], stored: StoredFields, shared: ReadonlySet<object> = new Set()): Promise<DocumentText[]> {
  const changes = CHANGES.filter((c) => c.recordEdits && c.recordEdited?.includes(operationId));
  // no copies when no change edits the operation's records (organizations: a clone cost as much as their serialiser)
  if (changes.length === 0) return records.map((r) => ({ body: JSON.stringify(r), downgrades: [] }));
  // an edit removes and appends top-level keys only (src/versions/change.ts `RecordEdit`): a shallow copy is enough
  const work = records.map((r) => ({ ...r }));
  // an edit leaves the objects under the top-level keys as they are: a shared one's text holds for every record
  const texts: SharedTexts = new Map([...shared].map((o) => [o, undefined]));
  const bodies: string[] = [];
  const out: (TextEdit[] | null)[] = records.map(() => []);
  for (const [n, change] of changes.entries()) {
    const edits = await change.recordEdits!(work, stored);
    work.forEach((r, i) => {
      if (!out[i]) {
        if (n === 0) bodies[i] = JSON.stringify(r);
        return;
      }
      const e = textEdit(change.version, r, edits[i]!, texts);
      if (n === 0) bodies[i] = e.text;
      out[i] = e.edit ? [...out[i]!, e.edit] : null;
    });
  }
  return records.map((_, i) => ({ body: bodies[i]!, downgrades: out[i] ?? [] }));
}

/** The text edits of `documentTexts`. */
export async function precomputeDowngrades(operationId: string, records: readonly Record<string, unknown>[], stored: StoredFields): Promise<TextEdit[][]> {
  return (await documentTexts(operationId, records, stored)).map((d) => d.downgrades);
}

/** The changes a pin predates that rewrite this operation's answers. */
const dueChanges = (pinned: string, operationId: string) => changesFor(pinned).filter((c) => c.downgradeResponse && (!c.downgrades || c.downgrades.includes(operationId)));

/** Whether a client pinned to `pinned` gets this operation's documents as they are stored. */
export const storedTextServes = (pinned: string, operationId: string): boolean => dueChanges(pinned, operationId).length === 0;

/**
 * The stored text of a document as a client pinned to `pinned` gets it from this operation, or null
 * when some change the pin predates rewrites the operation with no edit kept in the document; the
 * changes due are found once per pin and operation (for every document of a page).
 */
export function downgraderFor(pinned: string, operationId: string): (body: string, downgrades: string) => string | null {
  const due = dueChanges(pinned, operationId);
  if (due.length === 0) return (body) => body;
  if (!due.every((c) => c.recordEdited?.includes(operationId))) return () => null;
  return (body, downgrades) => {
    const edits = JSON.parse(downgrades) as TextEdit[];
    let text = body;
    // edits are newest first, and a pin predates every change newer than one it predates
    for (const [i, c] of due.entries()) {
      const e = edits[i];
      if (!e || e.version !== c.version) return null;
      text = `${cut(text, e.cuts).slice(0, -1)}${e.tail}}`;
    }
    return text;
  };
}
