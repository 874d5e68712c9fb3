// An export batch's lines built as one buffer from its documents' column values (src/db/documentLines.ts),
// and a list page's documents' texts (`withBase`): shared by the SQLite query worker (sqlite-worker.mjs)
// and the reads on the main thread, so both databases write the same bytes. Plain JavaScript so that
// the worker loads it under tsx, vitest and node.

const NEWLINE = 0x0a;

/** What a line is: `ndjson` a body and a line end, `json` a body alone, `csv` a stored CSV record. */
const ENDS = { ndjson: '\n', json: '', csv: '' };

/** The edit that writes the web app's base into a document's `service_url`s (an ASCII pattern: the same on UTF-8 bytes as on text). */
const baseEdit = (appUrl) => ({ from: '"service_url":"/', to: `"service_url":${JSON.stringify(appUrl).slice(0, -1)}/` });

/**
 * The edit's pattern as bytes, searched from its `_` on (the bytes before it checked at each hit):
 * Buffer#indexOf starts a candidate at each occurrence of the pattern's first byte, and `"` is a JSON
 * text's commonest, so the whole pattern took about 1.5 times as long to find as this tail.
 */
const FROM = Buffer.from(baseEdit('').from);
const ANCHOR_AT = FROM.indexOf('_');
const ANCHOR = FROM.subarray(ANCHOR_AT);

/** The offsets of the edit's pattern in `v` (bytes), pushed onto `hits`; how many. */
function patternHits(v, hits) {
  let count = 0;
  for (let a = v.indexOf(ANCHOR, ANCHOR_AT); a >= 0; a = v.indexOf(ANCHOR, a + ANCHOR.length)) {
    const hit = a - ANCHOR_AT;
    if (v.compare(FROM, 0, ANCHOR_AT, hit, a) === 0) {
      hits.push(hit);
      count++;
    }
  }
  return count;
}

/**
 * Copies `source`'s bytes `start`..`end` into `target` at `offset`; how many. `fill` with a buffer
 * of the range's length is one native memcpy, where `copy` and `set` into shared memory (a lent slot,
 * slots.ts) copy as relaxed atomics, element by element: about five times as long (41 against 8 µs
 * for a page's 89 KB).
 */
function put(target, offset, source, start, end) {
  if (end > start) target.fill(source.subarray(start, end), offset, offset + end - start);
  return end - start;
}

/**
 * The lines of `values` (each the column's value of one record, in the batch's order: the body's
 * UTF-8 bytes or text for NDJSON and JSON, the CSV record's parts as JSON text or bytes for CSV) as one buffer of its
 * own (`allocUnsafeSlow`: a worker hands it over without a copy) and the end of each line in it, or
 * null when a value is missing. NDJSON: the body with the web app's base in its `service_url`s (an
 * ASCII pattern: the same edit on the UTF-8 bytes as on the text), then a line end; CSV: the parts
 * joined with the base. The buffer is sized before it is written: one copy of each byte. With `slot`
 * (shared memory, documentLines.ts) the lines are written at its start when they fit, instead of
 * into a buffer of their own.
 */
export function joinLines(values, form, appUrl, slot) {
  const output = (length) => (slot && length <= slot.byteLength ? Buffer.from(slot, 0, length) : Buffer.allocUnsafeSlow(length));
  const n = values.length;
  const ends = new Uint32Array(n);
  const edit = baseEdit(appUrl);
  const end = ENDS[form];
  if (form === 'csv' || values.some((v) => typeof v === 'string')) {
    // text: a CSV record's parts are JSON; an NDJSON body that came as a driver's string is edited as one
    const lines = [];
    let at = 0;
    for (let i = 0; i < n; i++) {
      const v = values[i];
      if (v === undefined || v === null) return null;
      const text = typeof v === 'string' ? v : v.toString('utf8');
      const line = form === 'csv' ? JSON.parse(text).join(appUrl) : `${text.replaceAll(edit.from, edit.to)}${end}`;
      lines.push(line);
      ends[i] = at += Buffer.byteLength(line);
    }
    const bytes = output(at);
    let offset = 0;
    for (const line of lines) offset += bytes.write(line, offset);
    return { bytes, ends };
  }
  const to = Buffer.from(edit.to);
  const grow = to.length - FROM.length;
  // every hit of every value, in order: the second pass copies around them
  const hits = [];
  const counts = new Uint32Array(n);
  let at = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (v === undefined || v === null) return null;
    const count = patternHits(v, hits);
    counts[i] = count;
    ends[i] = at += v.length + count * grow + end.length;
  }
  const bytes = output(at);
  let offset = 0;
  let h = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    let start = 0;
    for (let c = 0; c < counts[i]; c++) {
      const hit = hits[h++];
      offset += put(bytes, offset, v, start, hit);
      offset += put(bytes, offset, to, 0, to.length);
      start = hit + FROM.length;
    }
    offset += put(bytes, offset, v, start, v.length);
    if (end) bytes[offset++] = NEWLINE;
  }
  return { bytes, ends };
}

/**
 * A list page's documents' texts with the web app's base in their `service_url`s, in place of the
 * rows' `column` values (each a document's body as UTF-8 bytes or as text): bytes are joined into one
 * buffer (`joinLines`, form `json`: the shared `slot` when given and they fit, else one of their own,
 * which a worker hands over without a copy) and each row's value becomes its view, the buffer
 * returned; a text is edited as a text. False, with
 * the rows left as they are, when a row has no value (no document).
 */
export function withBase(rows, column, appUrl, slot) {
  const values = rows.map((r) => r[column]);
  if (values.some((v) => v === undefined || v === null)) return false;
  if (values.some((v) => typeof v === 'string')) {
    const edit = baseEdit(appUrl);
    rows.forEach((r, i) => (r[column] = String(values[i]).replaceAll(edit.from, edit.to)));
    return null;
  }
  const { bytes, ends } = joinLines(values, 'json', appUrl, slot);
  rows.forEach((r, i) => (r[column] = bytes.subarray(i === 0 ? 0 : ends[i - 1], ends[i])));
  return bytes;
}
