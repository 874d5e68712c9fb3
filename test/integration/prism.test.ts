/**
 * `make mock`: Prism serves openapi.yaml; a documented call gets a schema-valid answer, and the
 * dynamic mock invents only data a real client would accept (the schema's bounds, patterns and enums).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { assertContract } from '../helpers/contract.js';

const PORT = 4600 + Math.floor(Math.random() * 300);
let prism: ChildProcess;

beforeAll(async () => {
  prism = spawn('node_modules/.bin/prism', ['mock', 'openapi.yaml', '--port', String(PORT), '--dynamic', '--host', '127.0.0.1'], { stdio: 'ignore' });
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
const WHOLE = new Set(['amount', 'valuation', 'value', 'total', 'total_vc', 'rounds_count', 'employees_count', 'open_count', 'count',
  'limit', 'offset', 'min', 'max', 'total_invested', 'total_valuation', 'total_value', 'invested', 'companies_count', 'total_rows',
  'grand_total', 'cells', 'x_totals', 'y_totals', 'buckets', 'total_per_bucket', 'top_n', 'monthly_visits', 'id']);
const RANGE: Record<string, [number, number]> = { lat: [-90, 90], latitude: [-90, 90], lon: [-180, 180], longitude: [-180, 180], signal_rating: [0, 100], month: [1, 12] };
const PARTIAL_DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;

/** Every implausible value in a body, as `path: value` (empty when a real client would accept it all). */
function implausible(body: unknown): string[] {
  const bad: string[] = [];
  const visit = (v: unknown, key: string, at: string) => {
    if (Array.isArray(v)) return v.forEach((x, i) => visit(x, key, `${at}[${i}]`));
    if (v && typeof v === 'object') return Object.entries(v).forEach(([k, x]) => visit(x, k, `${at}.${k}`));
    if (typeof v === 'number') {
      if (WHOLE.has(key) && !(Number.isInteger(v) && v >= 0)) bad.push(`${at}: ${v}`);
      const r = RANGE[key];
      if (r && !(v >= r[0] && v <= r[1])) bad.push(`${at}: ${v}`);
    }
    if (typeof v === 'string' && /(_date|^date)$/.test(key)) {
      const m = PARTIAL_DATE.exec(v);
      const month = Number(m?.[2] ?? 1);
      const day = Number(m?.[3] ?? 1);
      if (!m || month < 1 || month > 12 || day < 1 || day > 31) bad.push(`${at}: ${v}`);
    }
    if (typeof v === 'string' && /_at$/.test(key) && Number.isNaN(Date.parse(v))) bad.push(`${at}: ${v}`);
  };
  visit(body, '', '$');
  return bad;
}

it('invents no negative or fractional money or count, no impossible date and no coordinate off the globe in 60 dynamic mocks', async () => {
  const urls = [
    '/data/transactions?limit=5',
    '/data/companies?limit=5',
    '/data/investors?limit=5',
    '/data/funds?limit=5',
    '/analytics/funding-analytics/heatmap?x=round_year&y=sector',
    '/analytics/funding-analytics/funnel',
  ];
  const found: string[] = [];
  for (let i = 0; i < 10; i++) {
    const bodies = await Promise.all(urls.map(async (url) => {
      const r = await get(url);
      expect(r.status, url).toBe(200);
      return [url, await r.json()] as const;
    }));
    for (const [url, body] of bodies) found.push(...implausible(body).map((b) => `${url} ${b}`));
  }
  expect(found).toEqual([]);
}, 60_000);
