/**
 * Every header an answer carries is declared on the response of openapi.yaml that sends it (beyond
 * framing and the fixed security headers, test/helpers/contract.ts `undeclaredHeaders`), with a value
 * its schema accepts: the documented call of every GET operation and its 304 revalidation, and for
 * every operation the refusals that need no data (no token, an unserved `API-Version`), the 404 of an
 * unknown id, a metered 404 and 400, and the 429 of a spent rate limit.
 */
import { expect, it } from 'vitest';
import { bundledDocument } from '../../src/openapi/bundle.js';
import { operationSamples, type OperationSample } from '../../src/http/samples.js';
import { assertContract, isJsonType, undeclaredHeaders } from '../helpers/contract.js';
import { forEachDatabase, startHarness, type Harness } from '../helpers/harness.js';

type Json = Record<string, any>;
const doc = bundledDocument();

/** A value for a path parameter that names no record: an unknown numeric id or UUID (null: not an id). */
function unknownId(p: Json): string | null {
  const param = p.$ref ? doc.components.parameters[String(p.$ref).split('/').pop()!] : p;
  if (param.in !== 'path') return null;
  if (param.schema?.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  return param.schema?.pattern === '^[0-9]+$' ? '999999999' : null;
}

/** The operation's URL with every id path parameter unknown (null when it has none). */
function unknownUrl(s: OperationSample): string | null {
  const op = doc.paths[s.path][s.method] as Json;
  const params = [...(doc.paths[s.path].parameters ?? []), ...(op.parameters ?? [])] as Json[];
  let changed = false;
  let url = s.path;
  for (const p of params) {
    const id = unknownId(p);
    const name = p.$ref ? doc.components.parameters[String(p.$ref).split('/').pop()!].name : p.name;
    if (id && url.includes(`{${name}}`)) {
      url = url.replace(`{${name}}`, id);
      changed = true;
    }
  }
  return changed && !/\{/.test(url) ? url : null;
}

const withQuery = (url: string, query: Record<string, string>) => (Object.keys(query).length ? `${url}?${new URLSearchParams(query)}` : url);

/** Calls without the harness's contract check (a 304 has no body) and collects what breaks the contract. */
async function probe(h: Harness, problems: Set<string>, method: string, url: string, headers: Record<string, string | null>, body?: unknown): Promise<Response> {
  const sent: Record<string, string> = {};
  const all: Record<string, string | null> = { Authorization: `Bearer ${h.token}`, 'X-Client-Id': 'dev-client', ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers };
  for (const [k, v] of Object.entries(all)) if (v !== null) sent[k] = v;
  const res = await fetch(h.server.baseUrl + url, { method: method.toUpperCase(), headers: sent, body: body === undefined ? undefined : JSON.stringify(body), redirect: 'manual' });
  const text = await res.text();
  const parsed = text && isJsonType(res.headers.get('content-type')) ? JSON.parse(text) : undefined;
  const at = `${method.toUpperCase()} ${url.split('?')[0]} -> ${res.status}`;
  try {
    for (const name of undeclaredHeaders(method, url, res.status, res.headers)) problems.add(`${at}: ${name} undeclared`);
    if (parsed !== undefined || res.status === 304 || res.status === 308) assertContract(method, url, res.status, res.headers, parsed);
  } catch (e) {
    problems.add(`${at}: ${(e as Error).message.split('\n')[0]}`);
  }
  return res;
}

const samples = () => operationSamples(doc, { baseUrl: 'http://localhost', authUrl: 'http://localhost' });

forEachDatabase('declared headers', (h) => {
  it('every documented GET call and its 304 sends only declared headers', async () => {
    const problems = new Set<string>();
    const gets = samples().filter((s) => s.method === 'get' && Object.keys(s.env).length === 0);
    expect(gets.length).toBeGreaterThan(60);
    for (const s of gets) {
      const url = withQuery(s.url, s.query);
      const res = await probe(h(), problems, 'get', url, {});
      const tag = res.headers.get('etag');
      if (res.status === 200 && tag) await probe(h(), problems, 'get', url, { 'If-None-Match': tag });
    }
    expect([...problems]).toEqual([]);
  }, 240_000);

  it('every operation refuses with declared headers: no token, an unserved version, an unknown id', async () => {
    const problems = new Set<string>();
    for (const s of samples()) {
      const url = s.url.replace(/\{\{\w+\}\}/g, '1');
      const op = doc.paths[s.path][s.method] as Json;
      const secured = (op.security ?? doc.security ?? []).length > 0;
      if (secured) await probe(h(), problems, s.method, url, { Authorization: null, 'X-Client-Id': null }, s.body);
      await probe(h(), problems, s.method, url, { 'API-Version': '2001-01-01' }, s.body);
      const unknown = unknownUrl(s);
      if (unknown && s.method === 'get') await probe(h(), problems, s.method, withQuery(unknown, s.query), {});
    }
    expect([...problems]).toEqual([]);
  }, 240_000);

  it('metered refusals (400, 404) and a list past its rate limit send only declared headers', async () => {
    const problems = new Set<string>();
    await probe(h(), problems, 'get', '/data/transactions?limit=0', {});
    await probe(h(), problems, 'get', '/data/transactions/999999999', {});
    await probe(h(), problems, 'get', '/data/transactions?sort=nope', {});
    expect([...problems]).toEqual([]);
  });
});

it('a 429 sends only declared headers', async () => {
  const h = await startHarness('sqlite', { RATE_LIMIT_BURST: '1', RATE_LIMIT_PER_SECOND: '1' });
  try {
    const problems = new Set<string>();
    const first = await probe(h, problems, 'get', '/data/transactions?limit=1', {});
    const second = await probe(h, problems, 'get', '/data/transactions?limit=1', {});
    expect([first.status, second.status]).toEqual([200, 429]);
    expect([...problems]).toEqual([]);
  } finally {
    await h.server.close();
  }
});
