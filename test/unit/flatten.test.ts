/** The per-subtype schemas of openapi.yaml are flat copies of their base (src/openapi/flatten.ts). */
import fs from 'node:fs';
import { expect, it } from 'vitest';
import YAML from 'yaml';
import { flattenInto, mergeInto, stubFlattened } from '../../src/openapi/flatten.js';

const DOC = `components:
  schemas:
    Base:
      type: object
      description: Any subtype.
      additionalProperties: false
      required: [kind, name]
      properties:
        kind: {type: string, enum: [a, b]}
        name: {type: string}
    A:
      description: Subtype a.
      x-flatten: {from: Base, properties: {kind: {type: string, const: a}}}
      type: object
    After: {type: string}
`;

it('copies the base with the overridden properties, keeping the own description', () => {
  const out = flattenInto(DOC);
  const a = YAML.parse(out).components.schemas.A;
  expect(a).toEqual({
    description: 'Subtype a.',
    'x-flatten': { from: 'Base', properties: { kind: { type: 'string', const: 'a' } } },
    type: 'object',
    additionalProperties: false,
    required: ['kind', 'name'],
    properties: { kind: { type: 'string', const: 'a' }, name: { type: 'string' } },
  });
  expect(YAML.parse(out).components.schemas.After).toEqual({ type: 'string' });
  expect(flattenInto(out)).toBe(out);
});

it('refuses a base or property that does not exist', () => {
  expect(() => flattenInto(DOC.replace('from: Base', 'from: Nope'))).toThrow(/no schema Nope/);
  expect(() => flattenInto(DOC.replace('properties: {kind:', 'properties: {size:'))).toThrow(/has no property size/);
});

const SHAPES = `components:
  schemas:
    Org:
      type: object
      additionalProperties: false
      required: [kind, name, domain]
      properties:
        kind: {type: string, const: org}
        name: {type: string}
        domain:
          type: [string, 'null']
    Person:
      type: object
      additionalProperties: false
      required: [kind, name, gender]
      properties:
        kind: {type: string, const: person}
        name: {type: string}
        gender: {type: [string, 'null']}
    Row:
      description: Either.
      x-merge:
        of: [Org, Person]
        properties:
          kind: {type: string, enum: [org, person]}
`;

it('merges the shapes of a row into one object: every property, required where all require it', () => {
  const out = mergeInto(SHAPES);
  expect(YAML.parse(out).components.schemas.Row).toEqual({
    description: 'Either.',
    'x-merge': { of: ['Org', 'Person'], properties: { kind: { type: 'string', enum: ['org', 'person'] } } },
    type: 'object',
    additionalProperties: false,
    required: ['kind', 'name'],
    properties: {
      kind: { type: 'string', enum: ['org', 'person'] },
      name: { type: 'string' },
      domain: { type: ['string', 'null'] },
      gender: { type: ['string', 'null'] },
    },
  });
  expect(mergeInto(out)).toBe(out);
});

it('refuses a property the shapes declare differently unless the merge names it, and a member that is no object', () => {
  expect(() => mergeInto(SHAPES.replace(/        properties:\n          kind: .*\n/, ''))).toThrow(/property kind differs between Org, Person/);
  expect(() => mergeInto(SHAPES.replace('of: [Org, Person]', 'of: [Org, Nope]'))).toThrow(/no object schema Nope/);
  expect(() => mergeInto(SHAPES.replace('enum: [org, person]}\n', 'enum: [org, person]}\n          size: {type: integer}\n'))).toThrow(/no member has property size/);
});

it('stubs a flattened schema back to its own keys, and flattening the stub gives the copy again', () => {
  const out = flattenInto(DOC);
  expect(stubFlattened(out)).toBe(stubFlattened(DOC));
  expect(flattenInto(stubFlattened(out))).toBe(out);
  expect(Object.keys(YAML.parse(stubFlattened(out)).components.schemas.A)).toEqual(['description', 'x-flatten']);
});

it('stubs a merged schema back to its own keys, and merging the stub gives the object again', () => {
  const out = mergeInto(SHAPES);
  expect(stubFlattened(out)).toBe(SHAPES);
  expect(mergeInto(stubFlattened(out))).toBe(out);
});

it('leaves openapi.yaml as committed: x-flatten and x-merge schemas as stubs, and no allOf or property that is only type null', () => {
  const text = fs.readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8');
  expect(stubFlattened(text)).toBe(text);
  // null as an anyOf member (`- type: 'null'`) is fine; a property schema of type null alone is not
  expect(mergeInto(flattenInto(text))).not.toMatch(/allOf:|: \{type: 'null'\}/);
});
