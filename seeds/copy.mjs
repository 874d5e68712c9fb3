// The seed's rows on PostgreSQL through `COPY ... FROM STDIN` (text format) instead of multi-row
// INSERTs: no bound parameters to plan and bind. Used by the seed's insert thread
// (insert-worker.mjs), which gathers the text of many flushes into one COPY per table. Plain
// JavaScript so that the worker loads it the same under tsx, vitest and node.
//
// The text format reads each field with the column type's input function, as a text-format bound
// parameter is read, so the values below are written as node-postgres sends them: numbers by
// `String`, booleans as t/f, null as `\N`, strings with backslash, newline, carriage return and
// tab escaped (the only bytes the format treats specially besides `\N`).
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import copyStreams from 'pg-copy-streams';

/** One field of the COPY text format. */
export function copyField(v) {
  if (v === null || v === undefined) return '\\N';
  switch (typeof v) {
    case 'string':
      return /[\\\n\r\t]/.test(v) ? v.replace(/[\\\n\r\t]/g, escapeChar) : v;
    case 'number':
      if (!Number.isFinite(v)) throw new Error(`seed: cannot COPY the number ${v}`);
      return String(v);
    case 'bigint':
      return String(v);
    case 'boolean':
      return v ? 't' : 'f';
    default:
      throw new Error(`seed: cannot COPY a value of type ${typeof v}`);
  }
}

const ESCAPES = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const escapeChar = (c) => ESCAPES[c];

/** `values` (`width` per row, in column order) as COPY text: one line per row. */
export function copyText(values, width) {
  const lines = [];
  const fields = new Array(width);
  for (let i = 0; i < values.length; i += width) {
    for (let c = 0; c < width; c++) fields[c] = copyField(values[i + c]);
    lines.push(fields.join('\t'));
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/** Copies COPY text (`copyText` chunks, whole lines each) into `table` on the client's connection (in its transaction, if any). */
export async function copyRows(client, table, cols, chunks) {
  const stream = client.query(copyStreams.from(`copy ${table} (${cols.join(', ')}) from stdin`));
  await pipeline(Readable.from(chunks, { objectMode: false }), stream);
}
