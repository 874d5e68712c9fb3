import { describe, expect, it } from 'vitest';
import { batchBytes, csvEncoding, ndjsonEncoding } from '../../src/http/export.js';
import { ExportLine, RawJson, rowValue } from '../../src/http/rawJson.js';
import { binaryCopy, binaryCopyColumn } from '../../src/db/copyBinary.js';
import { joinLines, withBase } from '../../src/db/lineBytes.mjs';

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

describe('a batch of lines from the documents column values (lineBytes.mjs, both databases)', () => {
  const APP = 'https://app.example.com';

  it('NDJSON: each body with the base in every relative service_url, then a line end; the ends of the lines', () => {
    const bodies = ['{"n":"é","service_url":"/a","x":{"service_url":"/b"}}', '{"service_url":"https://other/c"}', '{"m":"Ünï"}'];
    const got = joinLines(bodies.map((b) => Buffer.from(b)), 'ndjson', APP)!;
    const want = bodies.map((b) => b.replaceAll('"service_url":"/', `"service_url":"${APP}/`) + '\n');
    expect(got.bytes.toString()).toBe(want.join(''));
    let at = 0;
    expect([...got.ends]).toEqual(want.map((l) => (at += Buffer.byteLength(l))));
    // the bodies as a driver's strings give the same bytes
    const fromText = joinLines(bodies, 'ndjson', APP)!;
    expect(fromText.bytes.equals(got.bytes)).toBe(true);
    expect([...fromText.ends]).toEqual([...got.ends]);
  });

  it('a page\'s texts: each body with the base in every relative service_url, no line end, in place of the rows\' values; bytes as views of one buffer', () => {
    const bodies = ['{"n":"é","service_url":"/a","x":{"service_url":"/b"}}', '{"service_url":"https://other/c"}', '{"m":"Ünï"}'];
    const want = bodies.map((b) => b.replaceAll('"service_url":"/', `"service_url":"${APP}/`));
    const rows = bodies.map((b, id) => ({ id, t: Buffer.from(b) }));
    const bytes = withBase(rows, 't', APP);
    expect(bytes && bytes.toString()).toBe(want.join(''));
    expect(rows.map((r) => (r.t as Buffer).toString())).toEqual(want);
    expect(rows.every((r) => (r.t as Buffer).buffer === (bytes as Buffer).buffer)).toBe(true);
    // a driver's strings: edited as texts
    const texts: Record<string, unknown>[] = bodies.map((b, id) => ({ id, t: b }));
    expect(withBase(texts, 't', APP)).toBeNull();
    expect(texts.map((r) => r.t)).toEqual(want);
    // a row without a document: left as it is
    const missing: Record<string, unknown>[] = [{ t: Buffer.from(bodies[0]!) }, { t: null }];
    expect(withBase(missing, 't', APP)).toBe(false);
    expect(missing[1]!.t).toBeNull();
  });

  it('bytes edited as the texts are: the pattern at a value\'s edges, twice in a row, and what only ends like it; into a lent slot', () => {
    const bodies = [
      '"service_url":"/',
      '"service_url":"/a""service_url":"/b"',
      '_url":"/',
      'x_url":"/ "image_url":"/i" service_url":"/s "service_url":"/ok"',
      '{"service_url":"/é","service_url":"/"}',
      '',
    ];
    const want = bodies.map((b) => b.replaceAll('"service_url":"/', `"service_url":"${APP}/`));
    const slot = new SharedArrayBuffer(1024);
    const got = joinLines(bodies.map((b) => Buffer.from(b)), 'json', APP, slot)!;
    expect(got.bytes.buffer).toBe(slot);
    expect(got.bytes.toString()).toBe(want.join(''));
    let at = 0;
    expect([...got.ends]).toEqual(want.map((l) => (at += Buffer.byteLength(l))));
    // too long for the slot: a buffer of its own, the same bytes
    const own = joinLines(bodies.map((b) => Buffer.from(b)), 'json', APP, new SharedArrayBuffer(8))!;
    expect(own.bytes.buffer).not.toBeInstanceOf(SharedArrayBuffer);
    expect(own.bytes.equals(got.bytes)).toBe(true);
  });

  it('CSV: the stored parts joined with the base, from text or bytes; null when a record has no value', () => {
    const parts = [JSON.stringify(['1,"é",', '/x\r\n']), Buffer.from(JSON.stringify(['2\r\n']))];
    const got = joinLines(parts, 'csv', APP)!;
    expect(got.bytes.toString()).toBe(`1,"é",${APP}/x\r\n2\r\n`);
    expect([...got.ends]).toEqual([Buffer.byteLength(`1,"é",${APP}/x\r\n`), got.bytes.length]);
    expect(joinLines([parts[0]!, null], 'csv', APP)).toBeNull();
    expect(joinLines([Buffer.from('{}'), undefined], 'ndjson', APP)).toBeNull();
  });

  it("reads one column of PostgreSQL's binary COPY output, however it is cut into chunks, a NULL as null", () => {
    const whole = Buffer.concat(binaryCopy(['{"a":"é"}', null, '', 'xyz'], ['body'], new Map([['body', 'text']]))!);
    const want = ['{"a":"é"}', null, '', 'xyz'];
    expect(binaryCopyColumn([whole]).map((v) => v?.toString() ?? null)).toEqual(want);
    // every cut into two chunks, and one byte a chunk: values and lengths that span chunks
    for (let cut = 0; cut <= whole.length; cut++) expect(binaryCopyColumn([whole.subarray(0, cut), whole.subarray(cut)]).map((v) => v?.toString() ?? null), String(cut)).toEqual(want);
    expect(binaryCopyColumn([...whole].map((b) => Buffer.from([b]))).map((v) => v?.toString() ?? null)).toEqual(want);
    expect(() => binaryCopyColumn([Buffer.from('not copy output at all')])).toThrow(/binary COPY/);
    expect(() => binaryCopyColumn([whole.subarray(0, whole.length - 2)])).toThrow(/ends early/);
    expect(() => binaryCopyColumn(binaryCopy([1, 'x'], ['id', 'body'], new Map([['id', 'bigint'], ['body', 'text']]))!)).toThrow(/2 fields/);
  });
});
