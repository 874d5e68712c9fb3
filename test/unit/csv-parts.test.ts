/**
 * A record document's stored CSV record (src/http/csv.ts `csvParts`): joined with the web app's base
 * it is the CSV record of the row with the base in front of every relative `service_url`, in a cell
 * of its own, in a nested object's column and inside a JSON cell, quoted or not; a base that would
 * change a cell's quoting, formula guard or JSON escaping is refused (`plainCsvBase`).
 */
import { describe, expect, it } from 'vitest';
import { csvParts, csvRecord, plainCsvBase, type Column } from '../../src/http/csv.js';

const columns: Column[] = ['id', 'name', 'service_url', 'company.service_url', 'company.name', 'investors', 'note'].map((name) => ({ name, keys: name.split('.') }));

/** The row with `base` in front of its relative `service_url`s, as the rows' path writes it. */
function withBase(value: unknown, base: string): unknown {
  if (Array.isArray(value)) return value.map((v) => withBase(v, base));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'service_url' && typeof v === 'string' && v.startsWith('/') ? base + v : withBase(v, base)]));
}

const row = {
  id: 7,
  name: '=SUM(A1), "quoted"',
  service_url: '/funding-rounds/7',
  company: { name: 'Acme, Inc.', service_url: '/organizations/acme,inc' },
  investors: [{ name: 'Fund "One"', service_url: '/organizations/fund-one' }, { name: 'no link', service_url: null }, { service_url: 'https://elsewhere.example/x' }],
  note: 'a "service_url":"/not-a-key" in text',
};

describe('csvParts', () => {
  it('joined with a base is the CSV record of the row with that base, in every cell and JSON cell', () => {
    const parts = csvParts(row, columns)!;
    expect(parts).toHaveLength(4);
    for (const base of ['', 'https://app.example.com', 'http://127.0.0.1:8080/ui']) {
      expect(plainCsvBase(base)).toBe(true);
      expect(parts.join(base)).toBe(csvRecord(withBase(row, base), columns));
    }
  });

  it("is the same given the record's text, and leaves the record as it was", () => {
    const before = JSON.stringify(row);
    expect(csvParts(row, columns, before)).toEqual(csvParts(structuredClone(row), columns));
    expect(JSON.stringify(row)).toBe(before);
    expect(csvParts(row, columns, `${before.slice(0, -1)},"x":"\uE000base\uE001"}`)).toBeNull();
  });

  it('refuses a base that changes quoting, the formula guard or JSON escaping, and a record holding the mark', () => {
    for (const base of ['https://a,b.example', 'https://a"b', '=cmd', '-x', '#app', 'https://a\\b', 'https://a\nb']) expect(plainCsvBase(base), base).toBe(false);
    expect(csvParts({ ...row, note: '\uE000base\uE001' }, columns)).toBeNull();
  });
});
