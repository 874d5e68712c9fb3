/**
 * PostgreSQL's binary COPY format as src/db/copyBinary.ts writes it: the header, one field count
 * and length-prefixed fields per row, -1 for NULL, the trailer; and null (the caller copies text)
 * for a type or a value it does not write. test/integration/copy-writes.test.ts reads the rows back.
 */
import { describe, expect, it } from 'vitest';
import { binaryCopy } from '../../src/db/copyBinary.js';

const TYPES = new Map([
  ['id', 'bigint'], ['n', 'integer'], ['s', 'smallint'], ['label', 'text'], ['code', 'character varying'], ['share', 'double precision'], ['flag', 'boolean'], ['price', 'numeric'],
]);

/** The rows of a binary COPY stream, each field's bytes (null for NULL). */
function parse(chunks: Buffer[]): (Buffer | null)[][] {
  const b = Buffer.concat(chunks);
  expect(b.subarray(0, 11).toString('latin1')).toBe('PGCOPY\n\xff\r\n\0');
  expect(b.readInt32BE(11)).toBe(0);
  expect(b.readInt32BE(15)).toBe(0);
  const rows: (Buffer | null)[][] = [];
  let at = 19;
  for (;;) {
    const n = b.readInt16BE(at);
    at += 2;
    if (n === -1) break;
    const row: (Buffer | null)[] = [];
    for (let i = 0; i < n; i++) {
      const len = b.readInt32BE(at);
      at += 4;
      row.push(len === -1 ? null : b.subarray(at, at + len));
      if (len > 0) at += len;
    }
    rows.push(row);
  }
  expect(at).toBe(b.length);
  return rows;
}

describe('binary COPY', () => {
  it('writes every supported type as PostgreSQL reads it', () => {
    const cols = ['id', 'n', 's', 'label', 'code', 'share', 'flag'];
    const rows = parse(binaryCopy([
      2 ** 53 - 1, -2147483648, 32767, 'tab\tnew\nline \\N ünï 🚀', 'abc', -1.5e300, true,
      null, 0, -32768, '', 42, 0.1, false,
    ], cols, TYPES)!);
    expect(rows).toHaveLength(2);
    const [a, b] = rows as Buffer[][];
    expect(a![0]!.readBigInt64BE()).toBe(BigInt(2 ** 53 - 1));
    expect(a![1]!.readInt32BE()).toBe(-2147483648);
    expect(a![2]!.readInt16BE()).toBe(32767);
    expect(a![3]!.toString('utf8')).toBe('tab\tnew\nline \\N ünï 🚀'); // no escaping: the length says where it ends
    expect(a![4]!.toString('utf8')).toBe('abc');
    expect(a![5]!.readDoubleBE()).toBe(-1.5e300);
    expect([...a![6]!]).toEqual([1]);
    expect(b![0]).toBeNull();
    expect(b![3]!.length).toBe(0); // an empty string is not NULL
    expect(b![4]!.toString('utf8')).toBe('42'); // a number into a text column, as the text format writes it
    expect(b![5]!.readDoubleBE()).toBe(0.1);
    expect([...b![6]!]).toEqual([0]);
  });

  it('spans its 1 MiB chunks with a field larger than one', () => {
    const big = 'é'.repeat(700_000); // 1.4 MB of UTF-8
    const chunks = binaryCopy(['x', 1, big, 2], ['label', 'n'], TYPES)!;
    expect(parse(chunks).map((r) => r.map((f) => f!.length))).toEqual([[1, 4], [big.length * 2, 4]]);
  });

  it('answers null for a type or a value it does not write, so the caller copies text', () => {
    expect(binaryCopy([1], ['price'], TYPES)).toBeNull(); // numeric
    expect(binaryCopy([1], ['missing'], TYPES)).toBeNull();
    expect(binaryCopy(['7'], ['n'], TYPES)).toBeNull(); // a string into an integer column
    expect(binaryCopy([1.5], ['n'], TYPES)).toBeNull();
    expect(binaryCopy([2 ** 31], ['n'], TYPES)).toBeNull();
    expect(binaryCopy([40000], ['s'], TYPES)).toBeNull();
    expect(binaryCopy([2 ** 53], ['id'], TYPES)).toBeNull();
    expect(binaryCopy([Number.NaN], ['share'], TYPES)).toBeNull();
    expect(binaryCopy([1], ['flag'], TYPES)).toBeNull();
    expect(binaryCopy([{ a: 1 }], ['label'], TYPES)).toBeNull();
  });
});
