/** Records kept as their JSON text (src/http/rawJson.ts): written into their answer unparsed, byte for byte what JSON.stringify gives. */
import { describe, expect, it } from 'vitest';
import { represent } from '../../src/http/caching.js';
import { bodyBytes, RawJson, rowValue, serializeBody, topLevelValues } from '../../src/http/rawJson.js';
import { recordText } from '../../src/documents/read.js';

/** Records whose texts hold the traps of a scan: nested keys of the same name, quotes, backslashes, brackets and commas in strings. */
const RECORDS: Record<string, unknown>[] = [
  { id: 1, company: { updated_at: '1999-01-01T00:00:00.000Z', deleted_at: 'x' }, deleted_at: null, updated_at: '2026-01-02T03:04:05.678Z' },
  { id: 2, name: 'a "quoted", {braced} [listed] \\ name\\', tags: [{ deleted_at: null }, ['updated_at', ',']], deleted_at: '2026-02-01T00:00:00.000Z', updated_at: '2026-03-01T00:00:00.000Z' },
  { updated_at: '2026-04-01T00:00:00.000Z', id: 3, note: '\\"', deleted_at: null },
  { id: 4, valuation: null, investors: [] },
  { id: 5, 'updated_at"': 1, nested: { a: { b: [1, { updated_at: 2 }] } }, updated_at: null },
  // keys a wanted key begins or ends with (compared in place, by length and text)
  { updated: 1, updated_at_x: 2, xid: 3, id_: 4, deleted: null, updated_at: '2026-05-01T00:00:00.000Z' },
];

describe('raw JSON records', () => {
  it('reads top-level members from the text as a parse would, never a nested one', () => {
    for (const record of RECORDS) {
      const text = JSON.stringify(record);
      const got = topLevelValues(text, ['deleted_at', 'updated_at', 'id']);
      const want = Object.fromEntries(['deleted_at', 'updated_at', 'id'].filter((k) => k in record).map((k) => [k, JSON.stringify(record[k])]));
      expect(got, text).toEqual(want);
    }
  });

  it('refuses a text with a string left open instead of scanning forever', () => {
    expect(() => topLevelValues('{"a":"open', ['a'])).toThrow(/not closed/);
  });

  it('reads no further than the last of the keys it wants', () => {
    // what follows the member is never scanned: its string left open would throw
    expect(topLevelValues('{"id":1,"updated_at":"2026-01-01","founders":["open', ['updated_at', 'id'])).toEqual({ id: '1', updated_at: '"2026-01-01"' });
  });

  it('writes a detail envelope around the text, byte for byte the serialised record, and dates it by its updated_at', () => {
    for (const record of RECORDS) {
      const raw = recordText(JSON.stringify(record));
      const body = { data: raw, currency: 'USD' };
      expect(serializeBody(body)).toBe(JSON.stringify({ data: record, currency: 'USD' }));
      expect(rowValue(raw)).toEqual(record);
      const fromText = represent('private', { status: 200, body }, '2026-10-09', undefined);
      const fromValue = represent('private', { status: 200, body: { data: record, currency: 'USD' } }, '2026-10-09', undefined);
      expect(fromText.headers).toEqual(fromValue.headers);
      expect(fromText.payload.equals(fromValue.payload)).toBe(true);
    }
    expect(represent('private', { status: 200, body: { data: recordText(JSON.stringify(RECORDS[0])) } }, 'v', undefined).headers['Last-Modified']).toBe('Fri, 02 Jan 2026 03:04:05 GMT');
  });

  it('encodes a page of texts as the UTF-8 bytes of its serialised JSON, whatever the characters', () => {
    const records = [...RECORDS, { id: 6, name: 'Zürich Ωmega 東京 🚀', note: 'é' }, { id: 7, name: '' }];
    const pages = [records, records.slice(5, 6), [records[6]!]];
    for (const rows of pages) {
      const body = { data: rows.map((r) => new RawJson(JSON.stringify(r), undefined)), page: { limit: 2, next_cursor: 'ü' }, currency: 'USD' };
      const json = JSON.stringify({ data: rows, page: body.page, currency: 'USD' });
      expect(serializeBody(body)).toBe(json);
      expect(bodyBytes(body).equals(Buffer.from(json))).toBe(true);
    }
    const detail = { data: recordText(JSON.stringify(records[5])), currency: 'EUR' };
    expect(bodyBytes(detail).toString()).toBe(JSON.stringify({ data: records[5], currency: 'EUR' }));
    expect(bodyBytes({ data: [], page: null }).toString()).toBe('{"data":[],"page":null}');
  });

  it('writes a page of texts kept as UTF-8 bytes (views of one buffer) as the same bytes and text as the strings, and parses them back as rows', () => {
    const records = [...RECORDS, { id: 6, name: 'Zürich Ωmega 東京 🚀' }];
    const texts = records.map((r) => JSON.stringify(r));
    const joined = Buffer.from(texts.join(''));
    let at = 0;
    const views = texts.map((t) => {
      const view = joined.subarray(at, at + Buffer.byteLength(t));
      at += view.length;
      // as a worker's reply gives them: plain views, not Buffers
      return new Uint8Array(view.buffer, view.byteOffset, view.length);
    });
    const page = { limit: 2, next_cursor: 'ü' };
    const asBytes = { data: views.map((v) => new RawJson(v, '2026-01-01T00:00:00.000Z')), page, currency: 'USD' };
    const json = JSON.stringify({ data: records, page, currency: 'USD' });
    expect(bodyBytes(asBytes).equals(Buffer.from(json))).toBe(true);
    expect(serializeBody(asBytes)).toBe(json);
    expect(asBytes.data.map(rowValue)).toEqual(records);
    // not the envelope's first key: parsed back
    expect(serializeBody({ currency: 'USD', data: asBytes.data })).toBe(JSON.stringify({ currency: 'USD', data: records }));
  });

  it('parses the record back when data is not the envelope’s first key', () => {
    const record = RECORDS[1]!;
    const body = { currency: 'EUR', data: new RawJson(JSON.stringify(record), undefined) };
    expect(serializeBody(body)).toBe(JSON.stringify({ currency: 'EUR', data: record }));
  });
});
