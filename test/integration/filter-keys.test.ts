/**
 * Every registered filter key, on both databases: a valid condition per key answers 200 with a
 * subset of the unfiltered rows, and a condition and its negation never overlap.
 */
import { expect, it } from 'vitest';
import { SCOPES, type FilterKey } from '../../src/query/registry.js';
import { forEachDatabase, type Harness } from '../helpers/harness.js';

const LIST: Record<string, string> = { funding: '/data/transactions', entity: '/data/companies', job: '/data/jobs', fund: '/data/funds', valuation: '/data/valuations', news: '/data/news', note: '/data/notes' };
const NEGATION: Record<string, string> = { eq: 'neq', in_any: 'nin_any', gte: 'lt', in_all: 'nin_all' };

async function sampleValue(h: Harness, k: FilterKey): Promise<string> {
  if (k.values) return k.values[0]!.code;
  switch (k.type) {
    case 'boolean':
      return 'true';
    case 'partial_date':
      return '2020';
    case 'datetime':
      return '2024-06-30T12:00:00Z';
    case 'money':
      return '1000000';
    case 'integer':
      if (k.valuesFrom === 'taxonomy') return String(((await h.db('taxonomy').first('id')) as { id: number }).id);
      return k.key.includes('year') ? '2020' : '1';
    case 'place': {
      const kind = (k.valuesKind ?? 'country').split(',')[0]!;
      return String(((await h.db('places').where('kind', kind).first('id')) as { id: number }).id);
    }
    case 'uuid':
      return ((await h.db('entities').where('subtype', 'investor').first('uuid')) as { uuid: string }).uuid;
    case 'number':
      return '50';
    default:
      if (k.valuesFrom === 'investor_types') return ((await h.db('investor_types').first('code')) as { code: string }).code;
      if (k.key.endsWith('name')) return 'acme';
      if (k.key.endsWith('domain')) return 'example.com';
      if (k.key === 'classification' || k.key.endsWith('.classification')) return 'unicorn';
      if (k.key === 'roles' || k.key.endsWith('.roles')) return 'investor';
      return 'female';
  }
}

forEachDatabase('every registered filter key', (h) => {
  for (const scope of Object.values(SCOPES)) {
    it(`answers every ${scope.name} key and its negation without overlap`, async () => {
      const url = LIST[scope.name]!;
      const all = (await h().get(`${url}?limit=1&include_total=true`)).body.page.total as number;
      for (const k of scope.keys) {
        const op = (['eq', 'in_any', 'gte'] as const).find((o) => k.ops.includes(o))!;
        const v = await sampleValue(h(), k);
        const value = op === 'in_any' ? `[${v}]` : v;
        const f = `${k.key}[${op}]:${value}`;
        const r = await h().get(`${url}?limit=1&include_total=true&filter=${encodeURIComponent(f)}`);
        expect(r.status, `${f}: ${JSON.stringify(r.body)}`).toBe(200);
        const neg = NEGATION[op]!;
        const rn = await h().get(`${url}?limit=1&include_total=true&filter=${encodeURIComponent(`${k.key}[${neg}]:${value}`)}`);
        expect(rn.status, f).toBe(200);
        expect(r.body.page.total + rn.body.page.total, f).toBeLessThanOrEqual(all);
      }
    });
  }
});
