/**
 * Rows in PostgreSQL's binary COPY format (`COPY ... FROM STDIN WITH (FORMAT binary)`): each field
 * its length and its bytes, so the server neither scans the text for delimiters and escapes nor
 * runs the columns' text input functions (an integer's digits, a double's). The record documents
 * are most of an import's bytes (190 MB for the 2013 snapshot): in text the server's COPY reads
 * every byte twice (the line, then its fields) and the client escapes every string first.
 *
 * Only the column types the import's tables use are written (text, varchar, bigint, integer,
 * smallint, boolean, double precision), each from the JavaScript value the text format would take
 * (a string, a finite number, a boolean): any other type or value makes `binaryCopy` answer null and
 * the caller writes the text format, which reads it as a bound parameter is read.
 */
import copyStreams from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { PgClient } from '../../seeds/copy.mjs';

type Encoder = (v: unknown, out: Out) => boolean;

/** A growing list of buffers written field by field: a small first one (most COPYs are a few rows), then 1 MiB ones. */
class Out {
  readonly chunks: Buffer[] = [];
  buf = Buffer.allocUnsafe(FIRST);
  at = 0;

  room(n: number): void {
    if (this.at + n <= this.buf.length) return;
    this.chunks.push(this.buf.subarray(0, this.at));
    this.buf = Buffer.allocUnsafe(Math.max(CHUNK, n));
    this.at = 0;
  }

  done(): Buffer[] {
    if (this.at) this.chunks.push(this.buf.subarray(0, this.at));
    return this.chunks;
  }
}

const FIRST = 64 << 10;
const CHUNK = 1 << 20;
/** "PGCOPY\n\377\r\n\0", then the flags and the header extension's length (both 0). */
const HEADER = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);

const text: Encoder = (v, out) => {
  const s = typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'boolean' ? (v ? 't' : 'f') : null;
  if (s === null) return false;
  out.room(4 + 3 * s.length); // a UTF-16 unit is at most 3 bytes of UTF-8
  const n = out.buf.write(s, out.at + 4, 'utf8');
  out.buf.writeInt32BE(n, out.at);
  out.at += 4 + n;
  return true;
};

const integer = (bytes: 2 | 4 | 8): Encoder => {
  const lim = bytes === 8 ? Number.MAX_SAFE_INTEGER : 2 ** (8 * bytes - 1) - 1;
  return (v, out) => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v > lim || v < -lim - 1) return false;
    out.room(4 + bytes);
    out.buf.writeInt32BE(bytes, out.at);
    if (bytes === 2) out.buf.writeInt16BE(v, out.at + 4);
    else if (bytes === 4) out.buf.writeInt32BE(v, out.at + 4);
    else out.buf.writeBigInt64BE(BigInt(v), out.at + 4);
    out.at += 4 + bytes;
    return true;
  };
};

const ENCODERS: Record<string, Encoder> = {
  text,
  'character varying': text,
  bigint: integer(8),
  integer: integer(4),
  smallint: integer(2),
  boolean: (v, out) => {
    if (typeof v !== 'boolean') return false;
    out.room(5);
    out.buf.writeInt32BE(1, out.at);
    out.buf[out.at + 4] = v ? 1 : 0;
    out.at += 5;
    return true;
  },
  'double precision': (v, out) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) return false;
    out.room(12);
    out.buf.writeInt32BE(8, out.at);
    out.buf.writeDoubleBE(v, out.at + 4);
    out.at += 12;
    return true;
  },
};

/**
 * Column types by table, per transaction: read once for all its COPYs, and never carried past it, as
 * a migration or a test may redefine a table meanwhile (a double's 8 bytes read as a bigint's would
 * not even fail).
 */
const typesOf = new WeakMap<object, Map<string, Promise<Map<string, string>>>>();

/** The types of `table`'s columns (`format_type` names without modifiers), as `trx` sees them. */
export function columnTypes(trx: object, conn: PgClient, table: string): Promise<Map<string, string>> {
  let tables = typesOf.get(trx);
  if (!tables) typesOf.set(trx, (tables = new Map()));
  let types = tables.get(table);
  if (!types) {
    types = (conn as unknown as { query(sql: string, values: unknown[]): Promise<{ rows: { name: string; type: string }[] }> })
      .query(`select attname as name, format_type(atttypid, null) as type from pg_attribute where attrelid = cast($1 as regclass) and attnum > 0 and not attisdropped`, [table])
      .then((r) => new Map(r.rows.map((c) => [c.name, c.type])));
    types.catch(() => tables.delete(table));
    tables.set(table, types);
  }
  return types;
}

/**
 * `values` (`cols.length` per row, in column order) in the binary format, or null when a column's
 * type or a value is not one written here (the caller then copies text).
 */
export function binaryCopy(values: readonly unknown[], cols: readonly string[], types: Map<string, string>): Buffer[] | null {
  const encoders = cols.map((c) => ENCODERS[types.get(c) ?? '']);
  if (encoders.some((e) => !e)) return null;
  const width = cols.length;
  const out = new Out();
  out.room(HEADER.length);
  HEADER.copy(out.buf, 0);
  out.at = HEADER.length;
  for (let i = 0; i < values.length; i += width) {
    out.room(2);
    out.buf.writeInt16BE(width, out.at);
    out.at += 2;
    for (let c = 0; c < width; c++) {
      const v = values[i + c];
      if (v === null || v === undefined) {
        out.room(4);
        out.buf.writeInt32BE(-1, out.at);
        out.at += 4;
      } else if (!encoders[c]!(v, out)) return null;
    }
  }
  out.room(2);
  out.buf.writeInt16BE(-1, out.at);
  out.at += 2;
  return out.done();
}

/** Copies binary-format chunks into `table` on the client's connection (in its transaction). */
export async function copyBinaryRows(conn: PgClient, table: string, cols: readonly string[], chunks: Buffer[]): Promise<void> {
  const stream = (conn as unknown as { query(s: unknown): NodeJS.WritableStream }).query(copyStreams.from(`copy ${table} (${cols.join(', ')}) from stdin with (format binary)`));
  await pipeline(Readable.from(chunks, { objectMode: false }), stream);
}

/** The signature's length and the offset of the header extension's length. */
const SIGNATURE = 11;

/** Bytes read in order from a COPY's chunks: a view where they lie in one chunk, a copy where they span two. */
class ChunkReader {
  private i = 0;
  private at = 0;

  constructor(private readonly chunks: readonly Buffer[]) {}

  take(n: number): Buffer {
    let c = this.chunks[this.i];
    while (c && this.at === c.length) c = this.chunks[++this.i], (this.at = 0);
    if (n === 0) return Buffer.alloc(0);
    if (!c) throw new Error('binaryCopyColumn: the output ends early');
    if (this.at + n <= c.length) return c.subarray(this.at, (this.at += n));
    const out = Buffer.allocUnsafe(n);
    for (let w = 0; w < n; ) {
      c = this.chunks[this.i];
      if (!c) throw new Error('binaryCopyColumn: the output ends early');
      const k = Math.min(n - w, c.length - this.at);
      c.copy(out, w, this.at, this.at + k);
      w += k;
      this.at += k;
      if (this.at === c.length) (this.i++, (this.at = 0));
    }
    return out;
  }
}

/**
 * The one column of every row of a `COPY ... TO STDOUT (FORMAT binary)` output, as it came in chunks:
 * each value a view of its chunk (no copy, no string; a copy only where it spans two), in the rows'
 * order; a null value is null. Throws on what is not that format.
 */
export function binaryCopyColumn(chunks: readonly Buffer[]): (Buffer | null)[] {
  const r = new ChunkReader(chunks);
  if (!r.take(SIGNATURE).equals(HEADER.subarray(0, SIGNATURE))) throw new Error('binaryCopyColumn: not the binary COPY format');
  r.take(4);
  r.take(r.take(4).readUInt32BE(0));
  const values: (Buffer | null)[] = [];
  for (;;) {
    const fields = r.take(2).readInt16BE(0);
    if (fields === -1) return values;
    if (fields !== 1) throw new Error(`binaryCopyColumn: a row of ${fields} fields`);
    const length = r.take(4).readInt32BE(0);
    values.push(length < 0 ? null : r.take(length));
  }
}

/** The output of a `COPY ... TO STDOUT` statement run on the client's connection, in the chunks it came in. */
export async function copyOut(conn: PgClient, sql: string): Promise<Buffer[]> {
  const stream = (conn as unknown as { query(s: unknown): NodeJS.ReadableStream }).query(copyStreams.to(sql));
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return chunks;
}
