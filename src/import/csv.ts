/**
 * A streaming CSV reader of our own (docs/import.md): it reads bytes as they come and holds one
 * record at a time, so memory stays flat whatever the file size.
 *
 * - Records end at CR, LF or CRLF (the 2013 Crunchbase export uses bare CR); a line break inside
 *   quotes belongs to the field. Line numbers count physical lines, so an error names the line an
 *   editor shows.
 * - Quotes as RFC 4180: a field starting with `"` runs to the next lone `"`, `""` is a quote. A quote
 *   inside an unquoted field is kept as a character (Excel writes such fields).
 * - Encoding: each field is read as UTF-8 when its bytes are valid UTF-8, else as Windows-1252 (the
 *   export is Latin-1); a UTF-8 byte-order mark is dropped. NUL bytes or a UTF-16 byte-order mark
 *   make the file unreadable: an error, not mojibake.
 * - A record longer than `MAX_LINE_BYTES` is an error (a runaway quote or not a CSV file).
 * - Empty lines are skipped.
 */
import { InputError } from './errors.js';

export const MAX_LINE_BYTES = 10 * 1024 * 1024;

export interface CsvRecord {
  /** The physical line the record starts on (1-based). */
  line: number;
  fields: string[];
}

const CR = 0x0d;
const LF = 0x0a;
const QUOTE = 0x22;
const COMMA = 0x2c;

const utf8 = new TextDecoder('utf-8', { fatal: true });
const cp1252 = new TextDecoder('windows-1252');

/** A field's text: ASCII as is, valid UTF-8 as UTF-8, anything else as Windows-1252. */
export function decodeField(bytes: Uint8Array): string {
  let ascii = true;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i]! >= 0x80) {
      ascii = false;
      break;
    }
  }
  if (ascii) return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');
  try {
    return utf8.decode(bytes);
  } catch {
    return cp1252.decode(bytes);
  }
}

/** Grows as a field's bytes are appended; reused from field to field. */
class ByteBuffer {
  buf = Buffer.allocUnsafe(1024);
  n = 0;
  push(b: number): void {
    if (this.n === this.buf.length) {
      const next = Buffer.allocUnsafe(this.buf.length * 2);
      this.buf.copy(next, 0, 0, this.n);
      this.buf = next;
    }
    this.buf[this.n++] = b;
  }
  take(): string {
    const s = decodeField(this.buf.subarray(0, this.n));
    this.n = 0;
    return s;
  }
}

/** The records of a CSV byte stream, one at a time. `file` names the input in errors. */
export async function* readCsv(chunks: AsyncIterable<Buffer | string>, file: string, maxLine = MAX_LINE_BYTES): AsyncGenerator<CsvRecord> {
  const field = new ByteBuffer();
  let fields: string[] = [];
  let line = 1;
  let recordLine = 1;
  let recordBytes = 0;
  let quoted = false; // inside a quoted field
  let closed = false; // a quoted field's closing quote was read (a following quote is an escaped one)
  let fieldStart = true;
  let afterCr = false;
  let first = true;
  const endField = () => {
    fields.push(field.take());
    fieldStart = true;
    closed = false;
  };
  for await (const raw of chunks) {
    const chunk = typeof raw === 'string' ? Buffer.from(raw) : raw;
    let i = 0;
    if (first && chunk.length > 0) {
      first = false;
      if (chunk.length >= 2 && ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff))) {
        throw new InputError({ file, line: 1, column: null }, 'unreadable encoding: UTF-16 (save the file as UTF-8 or Latin-1)');
      }
      if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) i = 3;
    }
    for (; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (b === 0) throw new InputError({ file, line, column: String(fields.length + 1) }, 'unreadable encoding: a NUL byte (UTF-16 or a binary file, not CSV text)');
      if (afterCr) {
        afterCr = false;
        if (b === LF) continue;
      }
      if (++recordBytes > maxLine) throw new InputError({ file, line: recordLine, column: null }, `a line longer than ${maxLine / 1024 / 1024} MB (a runaway quote, or not a CSV file)`);
      if (quoted) {
        if (b === QUOTE) {
          quoted = false;
          closed = true;
          continue;
        }
        if (b === CR || b === LF) {
          line++;
          afterCr = b === CR;
        }
        field.push(b);
        continue;
      }
      if (b === QUOTE && (fieldStart || closed)) {
        // an opening quote, or the second quote of `""` inside a quoted field
        if (closed) field.push(QUOTE);
        quoted = true;
        fieldStart = false;
        closed = false;
        continue;
      }
      if (b === COMMA) {
        endField();
        continue;
      }
      if (b === CR || b === LF) {
        afterCr = b === CR;
        line++;
        if (fields.length === 0 && fieldStart && field.n === 0) {
          // an empty line
          recordLine = line;
          recordBytes = 0;
          continue;
        }
        endField();
        yield { line: recordLine, fields };
        fields = [];
        recordLine = line;
        recordBytes = 0;
        continue;
      }
      fieldStart = false;
      closed = false;
      field.push(b);
    }
  }
  if (quoted) throw new InputError({ file, line: recordLine, column: String(fields.length + 1) }, 'a quoted field is not closed before the end of the file');
  if (fields.length > 0 || !fieldStart || field.n > 0) {
    endField();
    yield { line: recordLine, fields };
  }
}

/** The lines of a byte stream (LF or CRLF), one at a time, for line-oriented formats (NDJSON). */
export async function* readLines(chunks: AsyncIterable<Buffer | string>, file: string, maxLine = MAX_LINE_BYTES): AsyncGenerator<{ line: number; text: string }> {
  let parts: Buffer[] = [];
  let size = 0;
  let line = 0;
  const take = (tail: Buffer): string => {
    const all = parts.length ? Buffer.concat([...parts, tail]) : tail;
    parts = [];
    size = 0;
    const end = all.length > 0 && all[all.length - 1] === CR ? all.length - 1 : all.length;
    return decodeField(all.subarray(0, end));
  };
  for await (const raw of chunks) {
    const chunk = typeof raw === 'string' ? Buffer.from(raw) : raw;
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(LF, start);
      if (nl < 0) break;
      line++;
      if (size + nl - start > maxLine) throw new InputError({ file, line, column: null }, `a line longer than ${maxLine / 1024 / 1024} MB`);
      yield { line, text: take(chunk.subarray(start, nl)) };
      start = nl + 1;
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      size += rest.length;
      if (size > maxLine) throw new InputError({ file, line: line + 1, column: null }, `a line longer than ${maxLine / 1024 / 1024} MB`);
      parts.push(Buffer.from(rest));
    }
  }
  if (size > 0) yield { line: line + 1, text: take(Buffer.alloc(0)) };
}
