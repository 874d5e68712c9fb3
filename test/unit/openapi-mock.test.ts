/**
 * The mock's copy of the document (src/openapi/mock.ts): a page of at least one row where the
 * operation's example has rows, an empty page still possible where it has none, and the contract the
 * server and the generated clients read unchanged (a filter that matches nothing answers `data: []`).
 */
import { expect, it } from 'vitest';
import { bundledDocument } from '../../src/openapi/bundle.js';
import { exampleRows, mockDocument } from '../../src/openapi/mock.js';

type Json = Record<string, any>;
const doc = bundledDocument() as Json;
const mock = mockDocument(doc);
const media = (d: Json, path: string) => d.paths[path].get.responses['200'].content['application/json'];
const dataOf = (d: Json, path: string): Json => {
  const schema = media(d, path).schema;
  return (schema.$ref ? d.components.schemas[schema.$ref.split('/').pop()] : schema).properties.data;
};

it('asks for a row on every list whose example has rows', () => {
  const lists = Object.keys(doc.paths).filter((p) => doc.paths[p].get?.responses?.['200']?.content?.['application/json'] && exampleRows(media(doc, p)) > 0);
  expect(lists.length).toBeGreaterThan(40);
  const paged = lists.filter((p) => dataOf(doc, p)?.type === 'array');
  expect(paged.filter((p) => !(dataOf(mock, p).minItems >= 1))).toEqual([]);
});

it('leaves an empty page possible where the example has none', () => {
  const list = (example: unknown) => ({
    get: { responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/L' }, example } } } } },
  });
  const small = {
    paths: { '/empty': list({ data: [] }), '/full': list({ data: [{}] }) },
    components: { schemas: { L: { type: 'object', properties: { data: { type: 'array', items: {} } } } } },
  };
  const out = mockDocument(small);
  expect(dataOf(out, '/empty').minItems).toBeUndefined();
  expect(dataOf(out, '/full').minItems).toBe(1);
  expect(out.components.schemas.L.properties.data.minItems).toBeUndefined();
});

it('changes neither the served contract nor the shared list schemas', () => {
  expect(dataOf(doc, '/data/transactions').minItems).toBeUndefined();
  expect(mock.components.schemas.TransactionList.properties.data.minItems).toBeUndefined();
  expect(bundledDocument()).toEqual(doc);
});

it('reads rows from named examples too', () => {
  expect(exampleRows({ examples: { a: { value: { data: [] } }, b: { value: { data: [1, 2] } } } })).toBe(2);
  expect(exampleRows({ example: { data: {} } })).toBe(0);
});
