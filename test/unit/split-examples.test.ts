/** openapi.yaml's large examples live in openapi/examples/ (scripts/split-examples.ts); the bundle puts them back. */
import fs from 'node:fs';
import { expect, it } from 'vitest';
import YAML from 'yaml';
import { bundledDocument, bundleText, OPENAPI_PATH } from '../../src/openapi/bundle.js';
import { INLINE_LIMIT, SINGLE_INLINE_LIMIT, splitExamples } from '../../scripts/split-examples.js';

const big = { data: Array.from({ length: 40 }, (_, i) => ({ id: i, name: `Company ${i}` })) };
const DOC = `paths:
  /things:
    get:
      operationId: listThings
      responses:
        '200':
          description: A page.
          content:
            application/json:
              schema: {type: object}
              example: ${JSON.stringify(big)}
            text/csv:
              schema: {type: string}
              example: ${JSON.stringify('id,name\r\n' + 'x'.repeat(SINGLE_INLINE_LIMIT))}
  /things/{id}:
    get:
      operationId: getThing
      responses:
        '200':
          description: One.
          content:
            application/json:
              schema: {type: object}
              examples:
                USD:
                  summary: "Money in USD"
                  value: ${JSON.stringify(big)}
                small:
                  value: {"data":{"id":1}}
                medium:
                  value: ${JSON.stringify({ data: { name: 'm'.repeat(INLINE_LIMIT) } })}
components:
  responses:
    NotFound:
      description: Not found.
      content:
        application/json:
          example: {"error":{"code":"NOT_FOUND","message":"No thing${'.'.repeat(INLINE_LIMIT)}","details":null}}
`;

it('moves each large example into a file named by where it is, leaves small ones inline, and the bundle restores the values in their form', () => {
  const { text, files } = splitExamples(DOC);
  expect([...files.keys()].sort()).toEqual([
    'openapi/examples/NotFound.json',
    'openapi/examples/getThing.200.USD.json',
    'openapi/examples/getThing.200.medium.json',
    'openapi/examples/listThings.200.csv',
    'openapi/examples/listThings.200.json',
  ]);
  const hand = YAML.parse(text);
  // a single `example` stays single: its file is named by `x-example`
  expect(hand.paths['/things'].get.responses['200'].content['application/json']).toEqual({
    schema: { type: 'object' },
    'x-example': 'openapi/examples/listThings.200.json',
  });
  expect(hand.paths['/things/{id}'].get.responses['200'].content['application/json'].examples).toEqual({
    USD: { summary: 'Money in USD', externalValue: 'openapi/examples/getThing.200.USD.json' },
    small: { value: { data: { id: 1 } } },
    medium: { externalValue: 'openapi/examples/getThing.200.medium.json' },
  });
  expect(text).toContain("x-example: 'openapi/examples/NotFound.json'");
  expect(text).toContain('small:\n                  value: {"data":{"id":1}}');

  const bundled = bundleText(text, (ref) => files.get(ref)!);
  const original = YAML.parse(DOC);
  // the bundle is the document as written before the split, key order included
  expect(bundled).toEqual(original);
  expect(Object.keys(bundled.paths['/things'].get.responses['200'].content['text/csv'])).toEqual(['schema', 'example']);
});

it('keeps a single example up to its limit inline', () => {
  const small = DOC.replace(/example: \{"error".*\n/, `example: ${JSON.stringify({ error: { code: 'NOT_FOUND', message: 'n'.repeat(SINGLE_INLINE_LIMIT - 60), details: null } })}\n`);
  expect(splitExamples(small).text).toContain('example: {"error":{"code":"NOT_FOUND"');
});

it('is re-runnable: a second run over its own output changes nothing', () => {
  const first = splitExamples(DOC);
  const second = splitExamples(first.text, (ref) => first.files.get(ref)!);
  expect(second.text).toBe(first.text);
  expect(second.files).toEqual(first.files);
});

it('leaves no large example inline in openapi.yaml, and every one it names is in the bundle', () => {
  const text = fs.readFileSync(OPENAPI_PATH, 'utf8');
  expect(splitExamples(text).text).toBe(text);
  const bundle = JSON.stringify(bundledDocument());
  expect(bundle).not.toContain('externalValue');
  expect(bundle).not.toContain('"x-example"');
});
