/**
 * `make mock`: Prism serves the bundled openapi.yaml (the mock's copy, src/openapi/mock.ts); a documented
 * call gets a schema-valid answer, and the dynamic mock invents only data a real client would accept (the
 * schema's bounds, patterns and enums) and no empty page where the operation's example has rows.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bundledDocument } from '../../src/openapi/bundle.js';
import { exampleRows, writeMockDocument } from '../../src/openapi/mock.js';
import { operationSamples } from '../../src/http/samples.js';
import { assertContract } from '../helpers/contract.js';

const PORT = 4600 + Math.floor(Math.random() * 300);
let prism: ChildProcess;
let file: string;

beforeAll(async () => {
  file = writeMockDocument(path.join(os.tmpdir(), `fdapi-mock-${PORT}.yaml`));
  prism = spawn('node_modules/.bin/prism', ['mock', file, '--port', String(PORT), '--dynamic', '--host', '127.0.0.1'], { stdio: 'ignore' });
  for (let i = 0; i < 120; i++) {
    try {
      const r = await fetch(`http://127.0.0.1:${PORT}/system/health`);
      if (r.status) return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error('prism did not start');
}, 60_000);

afterAll(() => {
  prism?.kill();
  if (file) fs.rmSync(file, { force: true });
});

const get = (url: string) => fetch(`http://127.0.0.1:${PORT}${url}`, { headers: { Authorization: 'Bearer mock', 'X-Client-Id': 'mock' } });

it('answers documented calls with schema-valid mocks', async () => {
  const calls = ['/data/transactions/12', '/data/transactions?limit=3', '/analytics/funding-analytics/funnel'];
  for (const url of calls) {
    const r = await get(url);
    expect(r.status, url).toBe(200);
    assertContract('GET', url, 200, r.headers, await r.json());
  }
});

/** Keys whose numbers are money, counts, totals or page fields: whole and never negative. */
const WHOLE = new Set(['amount', 'valuation', 'total_vc', 'rounds_count', 'employees_count', 'open_count', 'count',
  'limit', 'offset', 'min', 'max', 'total_invested', 'total_valuation', 'total_value', 'invested', 'companies_count', 'total_rows',
  'grand_total', 'cells', 'x_totals', 'y_totals', 'buckets', 'total_per_bucket', 'top_n', 'monthly_visits', 'id', 'visits',
  'revenue', 'rnd', 'remaining', 'granted', 'used', 'balance', 'employees', 'investments_count',
  'deals', 'rows', 'credits']);
/** Keys of metrics (averages and medians among them: not whole) that are never negative. */
const NON_NEGATIVE = new Set(['value', 'total', 'sum_amount', 'median_amount', 'avg_amount']);
const RANGE: Record<string, [number, number]> = { lat: [-90, 90], latitude: [-90, 90], lon: [-180, 180], longitude: [-180, 180], signal_rating: [0, 100], month: [1, 12] };
const PARTIAL_DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;

/** A date at source precision on a real calendar day, in the years the data holds (1000..2100: Oxford was founded in 1096). */
function realDate(v: string): boolean {
  const m = PARTIAL_DATE.exec(v);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2] ?? 1);
  const day = Number(m[3] ?? 1);
  return year >= 1000 && year <= 2100 && month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Every implausible value in a body, as `path: value` (empty when a real client would accept it all). */
function implausible(body: unknown): string[] {
  const bad: string[] = [];
  const visit = (v: unknown, key: string, at: string) => {
    if (Array.isArray(v)) return v.forEach((x, i) => visit(x, key, `${at}[${i}]`));
    if (v && typeof v === 'object') return Object.entries(v).forEach(([k, x]) => visit(x, k, `${at}.${k}`));
    if (typeof v === 'number') {
      if (WHOLE.has(key) && !(Number.isInteger(v) && v >= 0)) bad.push(`${at}: ${v}`);
      if (NON_NEGATIVE.has(key) && v < 0) bad.push(`${at}: ${v}`);
      const r = RANGE[key];
      if (r && !(v >= r[0] && v <= r[1])) bad.push(`${at}: ${v}`);
    }
    if (typeof v === 'string' && /(_date|^date)$/.test(key) && !realDate(v)) bad.push(`${at}: ${v}`);
    if (typeof v === 'string' && /_at$/.test(key) && !(realDate(v.slice(0, 10)) && !Number.isNaN(Date.parse(v)))) bad.push(`${at}: ${v}`);
  };
  visit(body, '', '$');
  return bad;
}

it('invents no negative or fractional money or count, no impossible date, no coordinate off the globe and no empty page where the example has rows on any GET operation', async () => {
  const doc = bundledDocument();
  const samples = operationSamples(doc, { baseUrl: '', authUrl: '' }).filter(
    (s) => s.method === 'get' && Object.keys(s.env).length === 0 && doc.paths[s.path].get.responses['200']?.content?.['application/json'],
  );
  const calls = samples.map((s) => ({
    url: `${s.url}${Object.keys(s.query).length ? `?${new URLSearchParams(s.query)}` : ''}`,
    rows: exampleRows(doc.paths[s.path].get.responses['200'].content['application/json']) > 0,
  }));
  expect(calls.length).toBeGreaterThan(60);
  expect(calls.filter((c) => c.rows).length).toBeGreaterThan(40);
  const found = new Set<string>();
  for (let i = 0; i < 3; i++) {
    for (const { url, rows } of calls) {
      const r = await get(url);
      if (r.status !== 200) {
        found.add(`${url}: ${r.status}`);
        continue;
      }
      const body = (await r.json()) as { data?: unknown };
      if (rows && Array.isArray(body.data) && body.data.length === 0) found.add(`${url.split('?')[0]} an empty page (the example has rows)`);
      for (const b of implausible(body)) found.add(`${url.split('?')[0]} ${b.replace(/\[\d+\]/g, '[]')}`);
    }
  }
  expect([...found]).toEqual([]);
}, 240_000);
