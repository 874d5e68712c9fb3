/**
 * Rows kept as their JSON text (record documents that need no change for the request,
 * src/documents/read.ts): a page is written as the page envelope around the concatenated texts, an
 * NDJSON export line as the text itself, a CSV export record as the stored one (when it came along),
 * with no parse and no serialisation of the rows.
 */
export class RawJson {
  constructor(
    readonly text: string,
    /** The row's `updated_at` (the answer's `Last-Modified`, src/http/caching.ts); none for a row without one. */
    readonly updated_at: string | undefined,
    /** The row's CSV record in its list's export, when it was asked for (src/documents/read.ts). */
    readonly csv?: string,
  ) {}
}

const EMPTY_DATA = '{"data":[]';

/** A body as JSON: `JSON.stringify`, with the texts of a `data` of raw rows written in place. */
export function serializeBody(body: unknown): string {
  const data = body && typeof body === 'object' ? (body as { data?: unknown }).data : undefined;
  if (!Array.isArray(data) || !(data[0] instanceof RawJson)) return JSON.stringify(body);
  const envelope = body as Record<string, unknown>;
  const texts = (data as RawJson[]).map((r) => r.text);
  const shell = JSON.stringify({ ...envelope, data: [] });
  // `data` is the body's first key in every list answer; elsewhere the rows are parsed back
  if (!shell.startsWith(EMPTY_DATA)) return JSON.stringify({ ...envelope, data: texts.map((t) => JSON.parse(t) as unknown) });
  return `{"data":[${texts.join(',')}]${shell.slice(EMPTY_DATA.length)}`;
}

/** A row as a value: the parsed text of a raw row. */
export const rowValue = (row: unknown): unknown => (row instanceof RawJson ? JSON.parse(row.text) : row);
