/**
 * Parameters as a generated client reads them (openapi-generator, oapi-codegen, openapi-python-client):
 * a method takes its path and query arguments before the header ones (Java and Rust pass every optional
 * argument positionally), a header name camelizes into words (`API-Version` became `apIVersion`, Python
 * `ap_i_version`; HTTP header names are case-insensitive, so `Api-Version` is the same header), and the
 * version pin is one named enum, not one per operation (Kotlin made 79 `ApIVersion*` enums).
 */
import fs from 'node:fs';
import { expect, it } from 'vitest';
import YAML from 'yaml';

type Json = Record<string, any>;
const doc = YAML.parse(fs.readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as Json;
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
