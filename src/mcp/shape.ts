/**
 * Tool results that fit an agent's context: an operation's JSON body narrowed to the asked
 * `fields`, or to a `summary` of each row, and then cut to MAX_RESULT_BYTES. What is cut is said in
 * the result's `truncated` member (which array or text, how much was kept of how much) with how to
 * get the rest, so an agent never mistakes a cut answer for a whole one.
 */

type Json = Record<string, unknown>;

/** The most a tool result's text may weigh: ~20k tokens, under the 25k that clients accept. */
export const MAX_RESULT_BYTES = 80_000;
/** Rows of a summary keep this many items of each list they carry (the count says how many there are). */
const SUMMARY_ITEMS = 5;
const SUMMARY_TEXT = 300;

export type View = 'full' | 'summary';

export interface ShapeOptions {
  fields?: readonly string[];
  view?: View;
  /** The request's own `cursor` and `limit`: a page cut short is resumed from them. */
  cursor?: unknown;
}

export interface Cut {
  path: string;
  kept: number;
  total: number;
}

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A row narrowed to `fields` (top-level names or `a.b` paths); `id` is always kept. */
export function pick(row: Json, fields: readonly string[], keepId = true): Json {
  const out: Json = {};
  if (keepId && 'id' in row) out.id = row.id;
  for (const f of fields) {
    const [head, ...rest] = f.split('.');
    if (!(head! in row)) continue;
    const v = row[head!];
    if (rest.length === 0) out[head!] = v;
    else if (isObject(v)) out[head!] = { ...(isObject(out[head!]) ? (out[head!] as Json) : {}), ...pick(v, [rest.join('.')], false) };
    else if (Array.isArray(v)) out[head!] = v.map((item) => (isObject(item) ? pick(item, [rest.join('.')], false) : item));
  }
  return out;
}

/** What names a nested record in a summary. */
const IDENTITY = ['id', 'uuid', 'name', 'domain', 'code'];

/**
 * The gist of a record: its scalars (long texts shortened); nested records that have an identity
 * as a reference (id or uuid, name, domain); other nested objects with their scalars; lists as
 * their first SUMMARY_ITEMS items with a count beside them (`<name>_count`).
 */
export function summarize(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length > SUMMARY_TEXT ? `${value.slice(0, SUMMARY_TEXT)}…` : value;
  if (Array.isArray(value)) return value.slice(0, SUMMARY_ITEMS).map((v) => summarize(v, depth + 1));
  if (!isObject(value)) return value;
  if (depth >= 1 && ('id' in value || 'uuid' in value || 'name' in value)) {
    return Object.fromEntries(IDENTITY.filter((k) => k in value).map((k) => [k, value[k]]));
  }
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) {
    if (Array.isArray(v)) {
      if (depth >= 1) continue;
      out[k] = summarize(v, depth);
      if (v.length > SUMMARY_ITEMS) out[`${k}_count`] = v.length;
    } else if (isObject(v)) {
      if (depth < 2) out[k] = summarize(v, depth + 1);
    } else out[k] = summarize(v, depth);
  }
  return out;
}

const size = (v: unknown) => Buffer.byteLength(JSON.stringify(v));

/** The largest array or string of `node` (by serialized size), with the path to it. */
function largest(node: unknown, path: string, best: { path: string; owner: Json | unknown[]; key: string | number; bytes: number } | null = null) {
  const visit = (owner: Json | unknown[], key: string | number, v: unknown, at: string) => {
    if (Array.isArray(v) || (typeof v === 'string' && v.length > 200)) {
      const bytes = size(v);
      if (!best || bytes > best.bytes) best = { path: at, owner, key, bytes };
    }
    if (v !== null && typeof v === 'object') best = largest(v, at, best);
  };
  if (Array.isArray(node)) node.forEach((v, i) => visit(node, i, v, `${path}[${i}]`));
  else if (isObject(node)) for (const [k, v] of Object.entries(node)) visit(node, k, v, path ? `${path}.${k}` : k);
  return best;
}

/** Cuts the largest arrays and texts of `body` (in place) until it serializes within `budget` bytes. */
export function cutToFit(body: Json, budget: number): Cut[] {
  const cuts = new Map<string, Cut>();
  const rows = body.data;
  if (Array.isArray(rows) && size(body) > budget) {
    // a page: the rows that fit, each measured once (the generic cut below measures the tree per round)
    let left = budget - size({ ...body, data: [] });
    let keep = 0;
    while (keep < rows.length && (left -= size(rows[keep]) + 1) >= 0) keep++;
    if (keep < rows.length) {
      body.data = rows.slice(0, keep);
      cuts.set('data', { path: 'data', kept: keep, total: rows.length });
    }
  }
  for (let total = size(body), round = 0; total > budget && round < 1000; total = size(body), round++) {
    const at = largest(body, '');
    if (!at || at.bytes < 64) break;
    const v = (at.owner as Json)[at.key as string] as unknown[] | string;
    const previous = cuts.get(at.path);
    const originalLength = previous?.total ?? v.length;
    // keep the share that would fit if the items were of even size; uneven ones take another round
    const share = Math.max(0, 1 - (total - budget) / at.bytes);
    // strictly shorter each round (a cut text gains an ellipsis), so the loop ends
    const keep = Math.max(0, Math.min(v.length - (typeof v === 'string' ? 16 : 1), Math.floor(v.length * share)));
    (at.owner as Json)[at.key as string] = typeof v === 'string' ? `${v.slice(0, keep)}…` : v.slice(0, keep);
    cuts.set(at.path, { path: at.path, kept: keep, total: originalLength });
  }
  return [...cuts.values()];
}

/** The tool result body: narrowed, summarized and cut to fit, with what was cut. */
export function shape(body: Json, opts: ShapeOptions = {}, budget = MAX_RESULT_BYTES): Json {
  const rows = (v: unknown, f: (row: Json) => unknown) => (Array.isArray(v) ? v.map((r) => (isObject(r) ? f(r) : r)) : isObject(v) ? f(v) : v);
  let out: Json = { ...body };
  if (opts.fields && opts.fields.length > 0) out.data = rows(out.data, (r) => pick(r, opts.fields!));
  else if (opts.view === 'summary') out.data = rows(out.data, (r) => summarize(r));
  const cuts = cutToFit(out, budget - 600);
  if (cuts.length === 0) return out;
  const pageCut = cuts.find((c) => c.path === 'data');
  const page = isObject(out.page) ? (out.page as Json) : null;
  const truncated: Json = {
    reason: `The answer exceeded ${budget} bytes`,
    cut: cuts,
    how_to_get_the_rest: pageCut
      ? `Rows after the first ${pageCut.kept} were left out. Call again with the same arguments and limit=${Math.max(1, pageCut.kept)}${opts.cursor ? ' (same cursor)' : ''}, then follow page.next_cursor; or ask for fewer fields (fields) or view=summary.`
      : 'Ask for fewer fields (fields), view=summary, or a narrower filter.',
  };
  // the page's cursor would skip the rows left out: it is withheld so no row is missed silently
  if (pageCut && page && page.next_cursor) out = { ...out, page: { ...page, next_cursor: null } };
  return { ...out, truncated };
}
