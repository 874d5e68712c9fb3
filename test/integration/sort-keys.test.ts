/**
 * The sort keys of every list in openapi.yaml (its sort parameter's pattern, src/query/sort.ts
 * `sortKeysOf`) are exactly the keys the server accepts: each documented key sorts, ascending and
 * descending, and an unknown key is refused with the list of allowed keys, which names no key the
 * document leaves out. Keys that rank a search (`score`, `match`) are tried with the search.
 */
import { expect, it } from 'vitest';
import { bundledDocument } from '../../src/openapi/bundle.js';
import { operationSamples } from '../../src/http/samples.js';
import { sortKeysOf } from '../../src/query/sort.js';
import { forEachDatabase } from '../helpers/harness.js';

type Json = Record<string, any>;
const doc = bundledDocument();
const param = (p: Json): Json => (p.$ref ? doc.components.parameters[String(p.$ref).split('/').pop()!] : p);

/** The query a ranking key needs: the search it ranks. */
const SEARCH: Record<string, Record<string, string>> = { score: { semantic_keyword: 'payments' }, match: { q: 'funding' } };

/** Every list with a sort parameter: its sample URL and query, and the keys its document names. */
const lists = operationSamples(doc, { baseUrl: '', authUrl: '' }).flatMap((s) => {
  const op = doc.paths[s.path][s.method] as Json;
  const sort = [...(doc.paths[s.path].parameters ?? []), ...(op.parameters ?? [])].map(param).find((p) => p.name === 'sort' && p.in === 'query');
  // the aggregates' keys are the metrics and dimensions of the request (openapi.yaml `AggregateSort`)
  if (!sort || s.method !== 'get' || s.operationId.startsWith('getAggregate')) return [];
  return [{ id: s.operationId, url: s.url, query: s.query, keys: sortKeysOf(sort.schema?.pattern) }];
});

const allowedIn = (message: string): string[] => (/allowed keys: (.*)$/.exec(message)?.[1] ?? '').split(', ').filter(Boolean);

forEachDatabase('sort keys', (h) => {
  it('every list names its sort keys in the document', () => {
    expect(lists.length).toBeGreaterThanOrEqual(30);
    expect(lists.filter((l) => l.keys.length === 0).map((l) => l.id)).toEqual([]);
  });

  it('every documented key sorts, ascending and descending; an unknown key names only documented keys', async () => {
    const wrong: string[] = [];
    for (const list of lists) {
      const get = (extra: Record<string, string>) => h().get(`${list.url}?${new URLSearchParams({ ...list.query, ...extra })}`);
      for (const key of list.keys) {
        for (const sort of [key, `-${key}`]) {
          const r = await get({ ...SEARCH[key], sort });
          if (r.status !== 200) wrong.push(`${list.id} sort=${sort}: ${r.status} ${r.body?.error?.message}`);
        }
      }
      const served = new Set<string>();
      for (const mode of [{}, ...Object.keys(SEARCH).filter((k) => list.keys.includes(k)).map((k) => SEARCH[k]!)]) {
        const r = await get({ ...mode, sort: 'no_such_key' });
        if (r.status !== 400) wrong.push(`${list.id} sort=no_such_key: ${r.status}`);
        for (const k of allowedIn(r.body?.error?.message ?? '')) served.add(k);
      }
      const undocumented = [...served].filter((k) => !list.keys.includes(k));
      if (undocumented.length || !served.size) wrong.push(`${list.id}: the server accepts ${[...served].join(', ')}; the document names ${list.keys.join(', ')}`);
    }
    expect(wrong).toEqual([]);
  }, 240_000);
});
