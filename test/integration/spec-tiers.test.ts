/**
 * The tier rules (openapi.yaml `Locked`), one rule per field wherever it appears: a signed-out (guest), a free and a premium
 * browser token each see exactly their tier's fields in every row and record, with `locked[]`
 * naming what is withheld; and no filter, sort or metric reads a withheld field back.
 *
 * Each response is compared with the API key's (which sees every field): every difference must be
 * a null named in the `locked[]` of the record around it, and each record's `locked[]` must be
 * exactly the rule paths it carries for that tier.
 */
import { expect, it } from 'vitest';
import { forEachDatabase, type Harness } from '../helpers/harness.js';
import { browserHeaders, type BrowserTier, type Headers } from '../helpers/principals.js';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Locked = { field: string; reason: string }[];

/** Rule paths a record carries, per tier: [field, reason]. */
const GUEST = 'ACCOUNT_REQUIRED';
const FREE = 'PREMIUM_REQUIRED';
const EXPECTED: Record<string, Record<'guest' | 'free', [string, string][]>> = {
  orgRow: {
    guest: [['employees_count', GUEST], ['valuation.value', GUEST]],
    free: [['valuation.value', FREE]],
  },
  orgFull: {
    guest: [['employees_count', GUEST], ['valuation.value', GUEST], ['revenue.value', GUEST], ['traffic.monthly_visits', GUEST]],
    free: [['valuation.value', FREE], ['revenue.value', FREE], ['traffic.monthly_visits', FREE]],
  },
  transaction: { guest: [['valuation', GUEST], ['investors', GUEST]], free: [['valuation', FREE], ['investors', FREE]] },
  financialYear: {
    guest: [['revenue', GUEST], ['ebitda', GUEST], ['profit', GUEST], ['rnd', GUEST], ['valuation', GUEST], ['employees', GUEST]],
    free: [['revenue', FREE], ['ebitda', FREE], ['profit', FREE], ['rnd', FREE], ['valuation', FREE]],
  },
  headcount: { guest: [['count', GUEST], ['percentage', GUEST]], free: [['count', FREE], ['percentage', FREE]] },
  traffic: { guest: [['visits', GUEST]], free: [['visits', FREE]] },
  valuation: { guest: [['value', GUEST]], free: [['value', FREE]] },
};

/** Compares a tier's body with the API key's; returns the records found with their locked lists. */
function compare(full: Json, seen: Json, tier: BrowserTier, where = '$', rec: { obj: Record<string, Json>; at: string } | null = null, out: Record<string, Json>[] = []) {
  if (Array.isArray(full) && Array.isArray(seen)) {
    expect(seen.length, where).toBe(full.length);
    full.forEach((v, i) => compare(v, seen[i]!, tier, `${where}[${i}]`, rec, out));
    return out;
  }
  if (full && seen && typeof full === 'object' && typeof seen === 'object' && !Array.isArray(full) && !Array.isArray(seen)) {
    let record = rec;
    if ('locked' in seen) {
      expect(tier, `${where} has locked[] for premium`).not.toBe('premium');
      record = { obj: seen, at: where };
      out.push(seen);
    }
    expect(Object.keys(seen).filter((k) => k !== 'locked').sort(), where).toEqual(Object.keys(full).sort());
    for (const k of Object.keys(full)) compare(full[k]!, seen[k]!, tier, `${where}.${k}`, record, out);
    return out;
  }
  if (JSON.stringify(full) === JSON.stringify(seen)) return out;
  // a difference: a withheld value, named in its record's locked[]
  expect(seen, `${where}: ${JSON.stringify(full)} served as ${JSON.stringify(seen)}`).toBeNull();
  expect(rec, `${where} differs outside a record`).not.toBeNull();
  const rel = where.slice(rec!.at.length + 1);
  expect((rec!.obj.locked as Locked).map((l) => l.field), where).toContain(rel);
  return out;
}

async function both(h: Harness, url: string, tier: BrowserTier, auth: Headers) {
  const key = await h.get(url);
  const seen = await h.get(url, auth);
  expect(key.status, url).toBe(200);
  expect(seen.status, `${url} as ${tier}: ${JSON.stringify(seen.body).slice(0, 300)}`).toBe(200);
  return { key: key.body.data as Json, seen: seen.body.data as Json };
}

const sorted = (l: Locked | [string, string][]) => l.map((x) => (Array.isArray(x) ? `${x[0]}:${x[1]}` : `${x.field}:${x.reason}`)).sort();

forEachDatabase('tier rules on every record', (h) => {
  const ids = async () => {
    const db = h().db;
    const company = (await db('entities as e')
      .join('financials as f', 'f.company_id', 'e.id')
      .join('headcount_breakdown as hb', 'hb.company_id', 'e.id')
      .join('web_traffic as w', 'w.company_id', 'e.id')
      .whereNotNull('e.valuation_usd')
      .whereNotNull('e.employees_count')
      .whereNotNull('e.revenue_usd')
      .whereNotNull('e.traffic_monthly_visits')
      .whereNotNull('f.revenue_usd')
      .whereNotNull('w.visits')
      .where('e.subtype', 'company')
      .orderBy('e.id')
      .first('e.uuid', 'e.id')) as { uuid: string; id: number };
    const founder = (await db('career as c').join('entities as p', 'p.id', 'c.person_id').where('c.is_founder', true).orderBy('c.id').first('p.uuid')) as { uuid: string };
    return { company, founder };
  };

  for (const tier of ['guest', 'free', 'premium'] as const) {
    it(`shows a ${tier} exactly the ${tier} fields in rows, full records, glances and nested lists`, async () => {
      const auth = await browserHeaders(h(), tier);
      const { company, founder } = await ids();
      const locks = (kind: keyof typeof EXPECTED) => (tier === 'premium' ? [] : EXPECTED[kind]![tier]);
      const check = (records: Json[], kind: keyof typeof EXPECTED) => {
        expect(records.length, kind).toBeGreaterThan(0);
        for (const r of records) expect(sorted(((r as Record<string, Json>).locked ?? []) as Locked), kind).toEqual(sorted(locks(kind)));
      };
      // org rows: every record in the response is an organization row
      for (const url of ['/data/companies?limit=50', '/data/investors?limit=50', '/data/entities?limit=50', `/data/search?q=a&limit=20`]) {
        const { key, seen } = await both(h(), url, tier, auth);
        const recs = compare(key, seen, tier);
        if (tier !== 'premium' && !url.startsWith('/data/search')) check(recs, 'orgRow');
      }
      // the full record
      const full = await both(h(), `/data/companies/${company.uuid}`, tier, auth);
      const fullRecs = compare(full.key, full.seen, tier);
      if (tier !== 'premium') check(fullRecs, 'orgFull');
      const fk = full.key as Record<string, any>;
      expect(fk.valuation.value && fk.revenue.value && fk.traffic.monthly_visits && fk.employees_count).toBeTruthy();
      // an investor's full record also withholds its portfolio's total valuation
      const investor = (await h().db('entities').where({ subtype: 'investor' }).orderBy('investor_investments_count', 'desc').first('uuid')) as { uuid: string };
      const inv = await both(h(), `/data/investors/${investor.uuid}`, tier, auth);
      const invRecs = compare(inv.key, inv.seen, tier);
      expect((inv.key as Record<string, any>).investor.portfolio.total_valuation).toBeGreaterThan(0);
      if (tier !== 'premium') expect(sorted(invRecs[0]!.locked as Locked)).toContain(`investor.portfolio.total_valuation:${tier === 'guest' ? GUEST : FREE}`);
      // transactions: the round's own fields and its company's row, each with its own locked[]
      for (const url of ['/data/transactions?limit=50', `/data/companies/${company.uuid}/funding-rounds?limit=20`]) {
        const { key, seen } = await both(h(), url, tier, auth);
        const recs = compare(key, seen, tier);
        if (tier === 'premium') continue;
        check(recs.filter((r) => 'round_type' in r), 'transaction');
        check(recs.filter((r) => r.type === 'organization'), 'orgRow');
      }
      // founded companies: the founder's companies as organization rows
      const founded = await both(h(), `/data/founders/${founder.uuid}/founded-companies?limit=20`, tier, auth);
      const foundedRecs = compare(founded.key, founded.seen, tier);
      if (tier !== 'premium') check(foundedRecs, 'orgRow');
      // nested lists of the company
      const nested: [string, keyof typeof EXPECTED][] = [
        ['financials', 'financialYear'],
        ['headcount-breakdown', 'headcount'],
        ['web-traffic', 'traffic'],
        ['valuations', 'valuation'],
      ];
      for (const [sub, kind] of nested) {
        const { key, seen } = await both(h(), `/data/companies/${company.uuid}/${sub}`, tier, auth);
        const recs = compare(key, seen, tier);
        if (tier !== 'premium') check(recs, kind);
      }
      const vals = await both(h(), '/data/valuations?limit=50', tier, auth);
      const valRecs = compare(vals.key, vals.seen, tier);
      if (tier !== 'premium') check(valRecs, 'valuation');
    });
  }

  it('reads no withheld field back through a filter, a sort or a metric', async () => {
    const guest = await browserHeaders(h(), 'guest');
    const free = await browserHeaders(h(), 'free');
    const premium = await browserHeaders(h(), 'premium');
    const { company } = await ids();
    const investors = await h().get(`/data/companies/${company.uuid}/investors?limit=5`, guest);
    expect(investors.status).toBe(200);
    const inv = investors.body.data[0].investor.uuid as string;
    // rebuilding a round's investors from the company's investors, one investor filter at a time
    const rebuild = `/data/transactions?filter=${encodeURIComponent(`and(investor.uuid[eq]:${inv},company.uuid[eq]:${company.uuid})`)}`;
    const cases: [string, Headers, number, string | null][] = [
      [rebuild, guest, 403, GUEST],
      [rebuild, free, 403, FREE],
      [rebuild, premium, 200, null],
      [`/data/transactions?filter=${encodeURIComponent('investor.type[eq]:angel')}`, free, 403, FREE],
      [`/data/transactions?filter=${encodeURIComponent('valuation[gte]:1000000')}`, free, 403, FREE],
      [`/data/companies?filter=${encodeURIComponent('valuation[gte]:1000000')}`, guest, 403, GUEST],
      [`/data/companies?filter=${encodeURIComponent('employees_count[gte]:100')}`, guest, 403, GUEST],
      [`/data/companies?filter=${encodeURIComponent('employees_count[gte]:100')}`, free, 200, null],
      ['/data/companies?sort=-employees_count', guest, 403, GUEST],
      ['/data/companies?sort=-employees_count', free, 200, null],
      ['/data/valuations?sort=-value', free, 403, FREE],
      [`/data/valuations?filter=${encodeURIComponent('value[gte]:1')}`, free, 403, FREE],
      ['/analytics/aggregate/entities?group_by=country&metric=avg_valuation', free, 403, FREE],
      ['/analytics/aggregate/entities?group_by=country&metric=sum_employees_count', guest, 403, GUEST],
      ['/analytics/aggregate/funding-rounds?group_by=country&metric=max_valuation', premium, 200, null],
    ];
    for (const [url, auth, status, reason] of cases) {
      const r = await h().get(url, auth);
      expect(r.status, `${url}: ${JSON.stringify(r.body)}`).toBe(status);
      if (reason) expect(r.body.error).toMatchObject({ code: 'FORBIDDEN', details: { reason } });
    }
    // the API key sees every field and may filter by all of them
    expect((await h().get(rebuild)).status).toBe(200);
  });
});
