/**
 * Records kept as their JSON text (record documents that need no change for the request,
 * src/documents/read.ts): a page is written as the page envelope around the concatenated texts, a
 * detail as its envelope around the one text, an NDJSON export line as the text itself, a CSV export
 * record as the stored one (when it came along), with no parse and no serialisation of the records.
 */
export class RawJson {
  constructor(
    /** The JSON text, or its UTF-8 bytes (a list page's documents read as bytes: src/db/budget.ts `DocumentTexts`). */
    readonly text: string | Uint8Array,
    /** The row's `updated_at` (the answer's `Last-Modified`, src/http/caching.ts); none for a row without one. */
    readonly updated_at: string | undefined,
    /** The row's CSV record in its list's export, when it was asked for (src/documents/read.ts). */
    readonly csv?: string,
  ) {}

  /** The JSON text as a string. */
  json(): string {
    return typeof this.text === 'string' ? this.text : textOf(this.text);
  }
}

/** UTF-8 bytes as a string. */
const textOf = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');

/**
 * A row of an export batch kept as its line's bytes in the export's form (src/db/documentLines.ts:
 * its NDJSON line, line end included, or its CSV record), written as they are.
 */
export class ExportLine {
  constructor(
    readonly bytes: Buffer,
    readonly form: 'ndjson' | 'csv',
    /** The row's `updated_at` (src/http/caching.ts). */
    readonly updated_at: string | undefined,
  ) {}

  /** The record as a value: an NDJSON line's text parsed (a CSV record is not JSON). */
  value(): unknown {
    if (this.form !== 'ndjson') throw new Error('ExportLine: a CSV record has no JSON value');
    return JSON.parse(this.bytes.toString('utf8', 0, this.bytes.length - 1));
  }
}

const EMPTY_DATA = '{"data":[]';
const ZERO_DATA = '{"data":0';

/** A body as JSON: `JSON.stringify`, with the texts of a `data` of raw rows, or of a raw record, written in place. */
export function serializeBody(body: unknown): string {
  return bodyPieces(body)
    .map((p) => (typeof p === 'string' ? p : textOf(p)))
    .join('');
}

/**
 * A body as the UTF-8 bytes of `serializeBody`'s text, written piece by piece into one buffer: a
 * page's record texts are encoded once each, never joined into one 60-80 KB string first (which
 * the hash and the socket would each encode again).
 */
export function bodyBytes(body: unknown): Buffer {
  return bytesOf(bodyPieces(body));
}

/** The UTF-8 bytes of these texts (or bytes, copied as they are) one after another. */
export function bytesOf(pieces: readonly (string | Uint8Array)[]): Buffer {
  let size = 0;
  for (const p of pieces) size += typeof p === 'string' ? Buffer.byteLength(p) : p.byteLength;
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (const p of pieces) {
    if (typeof p === 'string') at += out.write(p, at);
    else {
      out.set(p, at);
      at += p.byteLength;
    }
  }
  return out;
}

/** The texts (or UTF-8 bytes) whose concatenation is a body's JSON (`serializeBody`). */
function bodyPieces(body: unknown): (string | Uint8Array)[] {
  const data = body && typeof body === 'object' ? (body as { data?: unknown }).data : undefined;
  if (data instanceof RawJson) {
    const envelope = body as Record<string, unknown>;
    const shell = JSON.stringify({ ...envelope, data: 0 });
    // `data` is the first key of every detail answer; elsewhere the record is parsed back
    if (!shell.startsWith(ZERO_DATA)) return [JSON.stringify({ ...envelope, data: JSON.parse(data.json()) as unknown })];
    return ['{"data":', data.text, shell.slice(ZERO_DATA.length)];
  }
  if (!Array.isArray(data) || !(data[0] instanceof RawJson)) return [JSON.stringify(body)];
  const envelope = body as Record<string, unknown>;
  const rows = data as RawJson[];
  const shell = JSON.stringify({ ...envelope, data: [] });
  // `data` is the body's first key in every list answer; elsewhere the rows are parsed back
  if (!shell.startsWith(EMPTY_DATA)) return [JSON.stringify({ ...envelope, data: rows.map((r) => JSON.parse(r.json()) as unknown) })];
  const texts = rows.map((r) => r.text);
  const pieces: (string | Uint8Array)[] = ['{"data":['];
  texts.forEach((t, i) => (i === 0 ? pieces.push(t) : pieces.push(',', t)));
  pieces.push(`]${shell.slice(EMPTY_DATA.length)}`);
  return pieces;
}

/** A row as a value: the parsed text of a raw row. */
export const rowValue = (row: unknown): unknown => (row instanceof RawJson ? JSON.parse(row.json()) : row instanceof ExportLine ? row.value() : row);

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Where the JSON string that opens at `at` (its quote) ends: the index of its closing quote. */
function stringEnd(json: string, at: number): number {
  let end = json.indexOf('"', at + 1);
  for (;;) {
    if (end < 0) throw new Error('topLevelValues: a string of the JSON text is not closed');
    let slashes = 0;
    while (json.charCodeAt(end - 1 - slashes) === BACKSLASH) slashes++;
    // an odd run of backslashes escapes the quote
    if (slashes % 2 === 0) return end;
    end = json.indexOf('"', end + 1);
  }
}

/** Which of `keys` the text between `from` and `to` is (a key written without escapes), if any. */
function keyAt(json: string, from: number, to: number, keys: readonly string[]): string | undefined {
  for (const key of keys) if (key.length === to - from && json.startsWith(key, from)) return key;
  return undefined;
}

/**
 * The texts of these top-level members' values in the JSON text of an object as `JSON.stringify`
 * writes it (no whitespace), without parsing the rest: a record's `updated_at` or `deleted_at` read
 * from its document. A key the object lacks is absent from the answer.
 */
export function topLevelValues(json: string, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  let depth = 0;
  let valueOf: string | null = null;
  let valueAt = 0;
  let found = 0;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(json, i);
      // a key of the object itself: a string at depth 1 right after its `{` or a `,`, before a `:`
      if (depth === 1 && valueOf === null && json.charCodeAt(end + 1) === 0x3a) {
        // compared in place: a slice of every key of a record was most of a detail's garbage here
        const key = keyAt(json, i + 1, end, keys);
        if (key !== undefined) {
          valueOf = key;
          valueAt = end + 2;
        }
      }
      i = end;
    } else if (c === 0x7b || c === 0x5b) depth++;
    else if (c === 0x7d || c === 0x5d || (c === 0x2c && depth === 1)) {
      if (depth === 1 && valueOf !== null) {
        out[valueOf] = json.slice(valueAt, i);
        valueOf = null;
        // the rest of the text is not read once every key is found (a company's founders and portfolio follow its `updated_at`)
        if (++found === keys.length) return out;
      }
      if (c !== 0x2c) depth--;
    }
  }
  return out;
}
