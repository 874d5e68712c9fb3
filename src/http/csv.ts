/**
 * CSV form of a list export (`format=csv` or `Accept: text/csv`; the stream itself is
 * src/http/export.ts). The columns come from the list's row schema in openapi.yaml, not from the
 * rows, so every export of a list (and `view`) has the same header whatever its first row:
 *
 * - a nested object's fields become dotted columns (`company.name`), a nullable object included (its
 *   cells are empty when it is null); the variants of a `oneOf`/`anyOf` row add their columns in
 *   order; a row schema with `x-views` (view name -> the schema of the rows of that `view`) has the
 *   columns of the request's `view`;
 * - an array, or an object without declared properties, is one cell holding its JSON;
 * - null is an empty cell; booleans are `true`/`false`; numbers as in JSON.
 *
 * Quoting is RFC 4180: CRLF line ends, a cell with a comma, quote, CR, LF (or a leading `#`, so no
 * record reads as the trailer) is quoted, quotes doubled. A text cell starting with `=`, `+`, `-`,
 * `@`, TAB or CR is prefixed with `'` so a spreadsheet shows it instead of evaluating it (formula
 * injection); numbers are never touched, and `format=ndjson` has every value unchanged. The body
 * starts with a UTF-8 byte order mark, which spreadsheets need to read UTF-8 (Python: `utf-8-sig`).
 * The last record is the export's trailer: `#_export` and the trailer's JSON, which pandas skips with
 * `comment='#'`.
 */

type Schema = Record<string, unknown>;

export const CSV = 'text/csv';
const BOM = '\uFEFF';
const FORMULA = /^[=+\-@\t\r]/;
const QUOTE = /[",\r\n]|^#/;

/** A column: its dotted name and the keys leading to its value. */
export interface Column {
  name: string;
  keys: string[];
}

/** The columns of a list's row schema, per `view` (the key '' when the list has no views). */
export type CsvPlan = Map<string, Column[]>;

const isObject = (s: Schema): boolean => {
  const t = s.type;
  return t === 'object' || (Array.isArray(t) && t.includes('object')) || (t === undefined && !!s.properties);
};

/** The null branch of a nullable value (`{type: 'null'}`, `{const: null}`): no column of its own. */
const onlyNull = (s: Schema): boolean => s.type === 'null' || ('const' in s && s.const === null);

function collect(schema: unknown, keys: string[], out: Map<string, Column>, seen: Set<unknown>): void {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
  const s = schema as Schema;
  const variants = (['allOf', 'oneOf', 'anyOf'] as const).flatMap((k) => (Array.isArray(s[k]) ? (s[k] as unknown[]) : []));
  const props = s.properties && typeof s.properties === 'object' ? (s.properties as Record<string, unknown>) : null;
  if (variants.length === 0 && (!isObject(s) || !props || Object.keys(props).length === 0)) {
    // a leaf: a scalar, an array, or an object without declared fields (a JSON cell)
    if (keys.length > 0 && !onlyNull(s)) {
      const name = keys.join('.');
      if (!out.has(name)) out.set(name, { name, keys });
    }
    return;
  }
  seen.add(schema);
  for (const [name, prop] of Object.entries(props ?? {})) collect(prop, [...keys, name], out, seen);
  for (const v of variants) collect(v, keys, out, seen);
  seen.delete(schema);
}

function columnsOf(rowSchema: unknown): Column[] {
  const out = new Map<string, Column>();
  collect(rowSchema, [], out, new Set());
  return [...out.values()];
}

/** The CSV columns of a list from its dereferenced `application/json` page schema; null if it has no `data[]`. */
export function csvPlan(pageSchema: unknown): CsvPlan | null {
  const items = ((pageSchema as Schema | undefined)?.properties as Schema | undefined)?.data as Schema | undefined;
  const row = items?.items as Schema | undefined;
  if (!row) return null;
  const plan: CsvPlan = new Map([['', columnsOf(row)]]);
  for (const [view, schema] of Object.entries((row['x-views'] ?? {}) as Record<string, Schema>)) {
    if (!schema?.properties) throw new Error(`x-views: the schema of view ${view} is no object (an unresolved $ref?)`);
    plan.set(view, columnsOf(schema));
  }
  return plan;
}

export const columnsFor = (plan: CsvPlan, view: unknown): Column[] => plan.get(typeof view === 'string' ? view : '') ?? plan.get('')!;

/** One cell of a record, quoted when it must be. */
export function csvCell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') text = FORMULA.test(value) ? `'${value}` : value;
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  return QUOTE.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function valueAt(row: unknown, keys: string[]): unknown {
  let v = row;
  for (const k of keys) {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return null;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
}

export const csvHeader = (columns: Column[]): string => BOM + columns.map((c) => csvCell(c.name)).join(',') + '\r\n';

export const csvRecord = (row: unknown, columns: Column[]): string => columns.map((c) => csvCell(valueAt(row, c.keys))).join(',') + '\r\n';

export const csvTrailer = (trailer: unknown): string => `#_export,${csvCell(trailer)}\r\n`;

/**
 * Marks the place of the web app's base in a record's cells while its CSV record is split: private-use
 * characters, which neither JSON nor CSV escapes or quotes, so the mark sits in the text exactly where
 * the base goes.
 */
const BASE_MARK = '\uE000base\uE001';

/**
 * Each relative `service_url` of a value, at any depth, with the mark in front: the value itself
 * when it holds none, else a copy of the objects and arrays on the way to one (the rest shared).
 */
function markRelativeUrls(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const m = markRelativeUrls(value[i]);
      if (m !== value[i]) (out ??= value.slice())[i] = m;
    }
    return out ?? value;
  }
  const o = value as Record<string, unknown>;
  let out: Record<string, unknown> | null = null;
  for (const k of Object.keys(o)) {
    const v = o[k];
    const m = k === 'service_url' && typeof v === 'string' && v.startsWith('/') ? BASE_MARK + v : markRelativeUrls(v);
    if (m !== v) (out ??= { ...o })[k] = m;
  }
  return out ?? value;
}

/**
 * A record's CSV with relative `service_url`s (a record document's, src/documents/build.ts) as the
 * parts between which the web app's base goes: `csvParts(...).join(base)` is `csvRecord` of the record
 * with the base in front of them, in every cell and inside the JSON of a cell, for a base that
 * `plainCsvBase` accepts. Null when the record's text holds the mark itself. `text` is the record's
 * JSON when the caller has it. A cell whose value holds no relative URL is written once.
 */
export function csvParts(row: unknown, columns: Column[], text: string = JSON.stringify(row)): string[] | null {
  if (text.includes(BASE_MARK)) return null;
  const marked = markRelativeUrls(row);
  let plain = '';
  let withMarks = '';
  for (let i = 0; i < columns.length; i++) {
    const keys = columns[i]!.keys;
    const v = valueAt(row, keys);
    const cell = csvCell(v);
    const m = marked === row ? v : valueAt(marked, keys);
    const sep = i === 0 ? '' : ',';
    plain += sep + cell;
    withMarks += sep + (m === v ? cell : csvCell(m));
  }
  if (plain.includes(BASE_MARK)) return null;
  const parts = `${withMarks}\r\n`.split(BASE_MARK);
  return parts.join('') === `${plain}\r\n` ? parts : null;
}

/**
 * Whether a base put in front of a relative URL leaves its cell's quoting, formula guard and JSON
 * escaping as they were: nothing JSON escapes or CSV quotes, and no first character a cell is
 * guarded or quoted for.
 */
export const plainCsvBase = (base: string): boolean => base === '' || (!FORMULA.test(base) && !base.startsWith('#') && !/[",\r\n\\\u0000-\u001f\u2028\u2029]/.test(base) && JSON.stringify(base) === `"${base}"`);
