/** The export operations generated from their list's `x-export` (src/openapi/exports.ts). */
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { bundledDocument } from '../../src/openapi/bundle.js';
import { expandExports } from '../../src/openapi/exports.js';
import { expandShorthand } from '../../src/openapi/shorthand.js';

const DOC = `openapi: 3.1.0
paths:
  /things:
    get:
      operationId: listThings
      x-export-rows-per-credit: 500
      x-export: {path: /data/exports/things, operationId: exportThings, summary: Export things, noun: thing}
      tags: [Things]
      summary: List things
      x-scopes: ['read:things']
      parameters:
        - $ref: '#/components/parameters/Filter'
        - name: limit
          in: query
          schema: {type: integer}
        - $ref: '#/components/parameters/Cursor'
        - name: view
          in: query
          schema: {type: string}
        - $ref: '#/components/parameters/IfNoneMatch'
        - $ref: '#/components/parameters/ApiVersion'
      responses:
        '200': {description: A page.}
  /things/{id}:
    get:
      operationId: getThing
components:
  x-shared-responses: {'400': BadRequest, '401': Unauthorized, '402': PaymentRequired, '403': Forbidden, '429': TooManyRequests, '500': InternalError, '503': Unavailable, '504': Timeout}
  x-header-sets:
    metered:
      X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
  parameters:
    Filter: {name: filter, in: query}
    Cursor: {name: cursor, in: query}
    IfNoneMatch: {name: If-None-Match, in: header}
    ApiVersion: {name: API-Version, in: header}
`;

describe('x-export', () => {
  it("adds the list's export operation after the list, with the list's parameters less those of a page", () => {
    const doc = expandExports(YAML.parse(DOC));
    expect(Object.keys(doc.paths)).toEqual(['/things', '/data/exports/things', '/things/{id}']);
    expect(doc.paths['/things'].get['x-export']).toBeUndefined();
    const op = doc.paths['/data/exports/things'].get;
    expect(op).toMatchObject({
      operationId: 'exportThings',
      'x-export-of': 'listThings',
      'x-export-rows-per-credit': 500,
      tags: ['Things'],
      summary: 'Export things',
      'x-scopes': ['read:things'],
    });
    expect(op.description).toMatch(/^Every thing matching `filter` and `sort`, as `listThings` reads them/);
    expect(op.parameters).toEqual([
      { $ref: '#/components/parameters/Filter' },
      { name: 'view', in: 'query', schema: { type: 'string' } },
      { $ref: '#/components/parameters/ExportFormat' },
      { $ref: '#/components/parameters/ApiVersion' },
    ]);
    expect(op.responses['200'].content['application/x-ndjson'].examples.row).toEqual({
      externalValue: 'openapi/examples/exportThings.200.application-x-ndjson.row.json',
    });
  });

  it('expands into plain OpenAPI with the shorthand', () => {
    const doc = expandShorthand(YAML.parse(DOC));
    const op = doc.paths['/data/exports/things'].get;
    expect(op.security).toEqual([{ oauth2: ['read:things'], clientId: [] }, { bearerAuth: ['read:things'] }]);
    expect(Object.keys(op.responses)).toEqual(['200', '400', '401', '402', '403', '429', '500', '503', '504']);
  });

  it('refuses an export whose path is written out as well', () => {
    const doc = YAML.parse(DOC);
    doc.paths['/data/exports/things'] = { get: { operationId: 'exportThings' } };
    expect(() => expandExports(doc)).toThrow(/x-export of listThings: \/data\/exports\/things is written out already/);
  });

  it('refuses an x-export without its noun', () => {
    const doc = YAML.parse(DOC.replace(', noun: thing', ''));
    expect(() => expandExports(doc)).toThrow(/listThings: x-export needs path, operationId, summary and noun/);
  });

  it('gives every list of the contract that has an export exactly one', () => {
    const doc = bundledDocument();
    const ops = Object.values(doc.paths as Record<string, Record<string, { operationId?: string; 'x-export-of'?: string }>>).flatMap((item) => Object.values(item));
    const exported = ops.filter((op) => op['x-export-of']).map((op) => op['x-export-of']);
    expect(exported).toHaveLength(12);
    expect(new Set(exported).size).toBe(12);
    expect(ops.some((op) => 'x-export' in op)).toBe(false);
  });
});
