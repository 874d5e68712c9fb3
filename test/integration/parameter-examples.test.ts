/**
 * The examples of openapi.yaml work on a seeded install, as a partner's generated client, Postman or
 * Prism's proxy uses them: every GET operation called with its path parameters' own examples (the
 * parameter's `example`, else its schema's; no linked record; getNote's note is the one the seed
 * writes for the development team) finds its record, and no response
 * example carries a pagination cursor (cursors are signed by the install that issued them).
 */
import { expect, it } from 'vitest';
import { bundledDocument } from '../../src/openapi/bundle.js';
import { operationSamples } from '../../src/http/samples.js';
import { forEachDatabase } from '../helpers/harness.js';

type Json = Record<string, any>;
const doc = bundledDocument();
const deref = (p: Json): Json => (p.$ref ? doc.components.parameters[String(p.$ref).split('/').pop()!] : p);

/** The URL of a GET operation with its path parameters' own examples (null: one has none, or is the caller's own record). */
function exampleUrl(path: string, op: Json): string | null {
  const params = [...((doc.paths[path].parameters ?? []) as Json[]), ...((op.parameters ?? []) as Json[])].map(deref).filter((p) => p.in === 'path');
  if (!params.length || params.some((p) => p['x-sample-env'])) return null;
  let url = path;
  for (const p of params) {
    const value = p.example ?? p.schema?.example ?? p.schema?.examples?.[0];
    if (value === undefined) return null;
    url = url.replace(`{${p.name}}`, encodeURIComponent(String(value)));
  }
  return url;
}

const samples = operationSamples(doc, { baseUrl: '', authUrl: '' });
const calls = samples.flatMap((s) => {
  if (s.method !== 'get') return [];
  const url = exampleUrl(s.path, doc.paths[s.path].get);
  return url ? [{ operationId: s.operationId, url: Object.keys(s.query).length ? `${url}?${new URLSearchParams(s.query)}` : url }] : [];
});

forEachDatabase('parameter examples', (h) => {
  it('every GET operation called with its path parameters’ examples finds its record', async () => {
    expect(calls.length).toBeGreaterThan(30);
    const failed: string[] = [];
    for (const c of calls) {
      const res = await h().call('GET', c.url);
      if (res.status >= 400) failed.push(`${c.operationId} ${c.url}: ${res.status}`);
    }
    expect(failed).toEqual([]);
  }, 120_000);
});

it('no response example carries a cursor signed by another install', () => {
  const found: string[] = [];
  const walk = (v: unknown, at: string): void => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${at}/${i}`));
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if ((k === 'next_cursor' || k === 'prev_cursor') && typeof x === 'string') found.push(`${at}/${k}`);
        else walk(x, `${at}/${k}`);
      }
    }
  };
  walk(doc.paths, '#/paths');
  expect(found).toEqual([]);
});
