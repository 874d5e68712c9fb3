/**
 * Parameters as a generated client reads them (openapi-generator, oapi-codegen, openapi-python-client):
 * a method takes its path and query arguments before the header ones (Java and Rust pass every optional
 * argument positionally), a header name camelizes into words (`API-Version` became `apIVersion`, Python
 * `ap_i_version`; HTTP header names are case-insensitive, so `Api-Version` is the same header), and the
 * version pin is one named enum, not one per operation (Kotlin made 79 `ApIVersion*` enums). Every
 * response header has an example, which is what Prism's mock sends for it.
 */
import { expect, it } from 'vitest';
import { bundledDocument } from '../../src/openapi/bundle.js';

type Json = Record<string, any>;
const doc = bundledDocument() as Json;
const param = (p: Json): Json => (p.$ref ? doc.components.parameters[String(p.$ref).split('/').pop()!] : p);
const operations = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
  Object.entries(item as Json).filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m)).map(([m, op]) => ({ at: `${m} ${path}`, op: op as Json, shared: ((item as Json).parameters ?? []) as Json[] })));

it('every operation lists its header parameters after its path and query parameters', () => {
  const wrong = operations.filter(({ op, shared }) => {
    const kinds = [...shared, ...(op.parameters ?? [])].map((p) => param(p).in as string);
    const firstHeader = kinds.indexOf('header');
    return firstHeader >= 0 && kinds.slice(firstHeader).some((k) => k !== 'header');
  });
  expect(wrong.map((o) => o.at)).toEqual([]);
});

it('every header parameter name is words a generator camelizes as words', () => {
  const names = new Set(operations.flatMap(({ op, shared }) => [...shared, ...(op.parameters ?? [])].map(param).filter((p) => p.in === 'header').map((p) => p.name as string)));
  expect(names.size).toBeGreaterThan(1);
  expect([...names].filter((n) => !/^[A-Z][a-z0-9]*(?:-[A-Z][a-z0-9]*)*$/.test(n))).toEqual([]);
});

it('the version pin is one named enum schema', () => {
  const pin = doc.components.parameters.ApiVersion;
  expect(pin.schema.$ref).toBe('#/components/schemas/ApiVersion');
  expect(doc.components.schemas.ApiVersion.enum).toContain('2026-10-09');
});

it('every declared response header has a schema and an example (what Prism sends for it)', () => {
  const missing: string[] = [];
  const check = (where: string, h: Json) => {
    if (h.$ref) return;
    const single = Array.isArray(h.schema?.enum) && h.schema.enum.length === 1;
    if (!h.schema || (h.example === undefined && h.schema.example === undefined && !single)) missing.push(where);
  };
  for (const [n, h] of Object.entries(doc.components.headers as Json)) check(`components.headers.${n}`, h as Json);
  for (const [n, r] of Object.entries(doc.components.responses as Json)) for (const [hn, h] of Object.entries(((r as Json).headers ?? {}) as Json)) check(`${n} ${hn}`, h as Json);
  for (const { at, op } of operations) {
    for (const [status, r] of Object.entries((op.responses ?? {}) as Json)) for (const [hn, h] of Object.entries(((r as Json).headers ?? {}) as Json)) check(`${at} ${status} ${hn}`, h as Json);
  }
  expect(missing).toEqual([]);
});
