import { describe, expect, it } from 'vitest';
import { batchBytes, csvEncoding, ndjsonEncoding } from '../../src/http/export.js';
import { ExportLine, RawJson, rowValue } from '../../src/http/rawJson.js';

describe('an export batch as bytes', () => {
  it('writes consecutive views of one buffer as that buffer, without a copy', () => {
    const read = Buffer.from('{"a":1}\n{"b":"é"}\n');
    const lines = [read.subarray(0, 8), read.subarray(8)];
    const out = batchBytes(lines);
    expect(out.toString()).toBe('{"a":1}\n{"b":"é"}\n');
    expect(out.buffer).toBe(read.buffer);
  });

  it('joins strings, and views of different buffers or out of order, as the same bytes', () => {
    const a = Buffer.from('x\n');
    const b = Buffer.from('y\n');
    expect(batchBytes(['é\n', 'z\n']).toString()).toBe('é\nz\n');
    expect(batchBytes([a, 'é\n', b]).toString()).toBe('x\né\ny\n');
    const read = Buffer.from('1\n2\n');
    expect(batchBytes([read.subarray(2), read.subarray(0, 2)]).toString()).toBe('2\n1\n');
  });

  it('an NDJSON line kept as bytes is written as them, and parses as the record when a row is needed', () => {
    const line = new ExportLine(Buffer.from('{"id":7,"name":"Ünï"}\n'), 'ndjson', '2026-01-01T00:00:00Z');
    expect(ndjsonEncoding.row(line)).toBe(line.bytes);
    expect(rowValue(line)).toEqual({ id: 7, name: 'Ünï' });
    // the same line as a text row
    expect(ndjsonEncoding.row(new RawJson('{"id":7,"name":"Ünï"}', undefined))).toBe(line.bytes.toString());
  });

  it('a CSV record kept as bytes is written as them and has no JSON value', () => {
    const record = new ExportLine(Buffer.from('7,x\r\n'), 'csv', undefined);
    expect(csvEncoding([]).row(record)).toBe(record.bytes);
    expect(() => rowValue(record)).toThrow(/no JSON value/);
  });
});
