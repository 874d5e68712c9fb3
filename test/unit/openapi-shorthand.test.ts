import fs from 'node:fs';
import { expect, it } from 'vitest';
import YAML from 'yaml';
import { bundledDocument, OPENAPI_PATH } from '../../src/openapi/bundle.js';
import { expandShorthand, jsonExampleFiles, shorten, unfoldJson } from '../../src/openapi/shorthand.js';

const DEFINITIONS = `components:
  x-shared-responses:
    '304': NotModified
    '400': BadRequest
    '404': NotFound
  x-header-sets:
    metered:
      API-Version: {$ref: '#/components/headers/API-Version'}
      X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
    read:
      ETag: {$ref: '#/components/headers/ETag'}
      API-Version: {$ref: '#/components/headers/API-Version'}
      X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
  responses:
    NotFound:
      description: Not found.
      headers:
        X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
        API-Version: {$ref: '#/components/headers/API-Version'}
`;

// OAuth2 alone and inline parameters have no shorthand: the same in both forms, but for the reference among them (a bare name)
const MAKE_THING = (id: string) => `    post:
      operationId: makeThing
      security:
        - oauth2: ['manage:things']
          clientId: []
      parameters:
        - ${id}
        - name: dry_run
          in: query
          schema: {type: boolean}
      responses:
`;

const LONG = `openapi: 3.1.0
paths:
  /things/{id}:
    get:
      operationId: getThing
      security:
        - oauth2: ['read:things']
          clientId: []
        - bearerAuth: ['read:things']
      parameters:
        - $ref: '#/components/parameters/Id'
        - $ref: '#/components/parameters/ApiVersion'
      responses:
        '200':
          description: The thing.
          headers:
            API-Version: {$ref: '#/components/headers/API-Version'}
            ETag: {$ref: '#/components/headers/ETag'}
            X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
            Location:
              schema: {type: string}
        '304': {$ref: '#/components/responses/NotModified'}
        '400': {$ref: '#/components/responses/BadRequest'}
        '404': {$ref: '#/components/responses/Gone'}
${MAKE_THING("$ref: '#/components/parameters/Id'")}        '201':
          description: Made.
          headers:
            API-Version: {$ref: '#/components/headers/API-Version'}
            X-Request-Id: {$ref: '#/components/headers/X-Request-Id'}
        '400': {$ref: '#/components/responses/BadRequest'}
${DEFINITIONS}`;

const SHORT = `openapi: 3.1.0
paths:
  /things/{id}:
    get:
      operationId: getThing
      x-scopes: ['read:things']
      x-parameters: [Id, ApiVersion]
      responses:
        '200':
          description: The thing.
          x-headers: read
          headers:
            Location:
              schema: {type: string}
        x-shared: [304, 400]
        '404': {$ref: '#/components/responses/Gone'}
${MAKE_THING('Id')}        '201':
          description: Made.
          x-headers: metered
        x-shared: [400]
${DEFINITIONS.replace(/ {6}headers:\n(?: {8}.*\n)+/, '      x-headers: metered\n')}`;

it('folds long-form blocks into the shorthand and leaves what has none (an odd status, inline parameters, OAuth2 only)', () => {
  expect(shorten(LONG)).toBe(SHORT);
});

it('is idempotent, and folds a long-form block added next to shorthand into the list already there', () => {
  expect(shorten(SHORT)).toBe(SHORT);
  const added = SHORT.replace("        x-shared: [400]\n", "        x-shared: [400]\n        '404': {$ref: '#/components/responses/NotFound'}\n");
  expect(shorten(added)).toBe(SHORT.replace('x-shared: [400]\n', 'x-shared: [400, 404]\n'));
});

it('expands the shorthand into exactly the long form, and drops its definitions', () => {
  const expanded = expandShorthand(YAML.parse(SHORT));
  const long = YAML.parse(LONG);
  delete long.components['x-shared-responses'];
  delete long.components['x-header-sets'];
  expect(expanded).toEqual(long);
  // the order a reader of the long form sees: codes in order, headers of the set first, security and parameters where the shorthand was
  expect(Object.keys(expanded.paths['/things/{id}'].get.responses)).toEqual(['200', '304', '400', '404']);
  expect(Object.keys(expanded.paths['/things/{id}'].get)).toEqual(['operationId', 'security', 'parameters', 'responses']);
  expect(Object.keys(expanded.paths['/things/{id}'].get.responses['200'].headers)).toEqual(['ETag', 'API-Version', 'X-Request-Id', 'Location']);
});

it('refuses a status or header set that components do not define', () => {
  expect(() => expandShorthand(YAML.parse(SHORT.replace('x-shared: [304, 400]', 'x-shared: [304, 418]')))).toThrow(/418/);
  expect(() => expandShorthand(YAML.parse(SHORT.replace('x-headers: read', 'x-headers: unread')))).toThrow(/unread/);
});

it('openapi.yaml bundles the same with its long-form blocks folded or not, and the bundle keeps no shorthand', () => {
  const text = fs.readFileSync(OPENAPI_PATH, 'utf8');
  const doc = bundledDocument();
  const json = JSON.stringify(doc);
  for (const key of ['x-shared', 'x-headers', 'x-parameters', 'x-scopes', 'x-header-sets', 'x-json']) expect(json).not.toContain(`"${key}"`);
  const folded = expandShorthand(YAML.parse(shorten(text)));
  // examples stay external here: only the shorthand differs between the two
  expect(folded.paths).toEqual(expandShorthand(YAML.parse(text)).paths);
  const op = doc.paths['/data/transactions/{id}'].get;
  expect(op.security).toEqual([{ oauth2: ['read:transactions'], clientId: [] }, { bearerAuth: ['read:transactions'] }]);
  expect(op.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
  expect(Object.keys(op.responses['200'].headers).sort()).toEqual(
    ['API-Version', 'Cache-Control', 'Deprecation', 'ETag', 'Last-Modified', 'RateLimit', 'RateLimit-Policy', 'Sunset', 'X-Credits-Used', 'X-Request-Id'],
  );
});

it('folds a page of rows and a one-record answer to x-page-of and x-data-of, and expands them back', () => {
  const long = `components:
  schemas:
    ThingList:
      type: object
      additionalProperties: false
      required: [data, page, currency]
      properties:
        data:
          type: array
          items: {$ref: '#/components/schemas/Thing'}
        page: {$ref: '#/components/schemas/Page'}
        currency: {$ref: '#/components/schemas/CurrencyCode'}
        meta: {$ref: '#/components/schemas/Meta'}
    ThingResponse:
      type: object
      additionalProperties: false
      required: [data, currency]
      properties:
        data: {$ref: '#/components/schemas/Thing'}
        currency: {$ref: '#/components/schemas/CurrencyCode'}
    ThingListWithView:
      type: object
      additionalProperties: false
      required: [data, currency]
      properties:
        view: {type: string}
        data: {$ref: '#/components/schemas/Thing'}
        currency: {$ref: '#/components/schemas/CurrencyCode'}
`;
  const short = shorten(long);
  expect(short).toBe(`components:
  schemas:
    ThingList: {x-page-of: Thing}
    ThingResponse: {x-data-of: Thing}
${long.slice(long.indexOf('    ThingListWithView:'))}`);
  expect(expandShorthand(YAML.parse(short))).toEqual(YAML.parse(long));
});

it('folds JSON content whose examples are the files named by operation and status to x-json, unfolds and expands it back', () => {
  const long = `paths:
  /things:
    get:
      operationId: listThings
      responses:
        '200':
          description: A page.
          content:
            application/json:
              schema: {$ref: '#/components/schemas/ThingList'}
              examples:
                USD:
                  summary: "Money in USD"
                  externalValue: 'openapi/examples/listThings.200.USD.json'
                EUR:
                  summary: "Money in EUR"
                  externalValue: 'openapi/examples/listThings.200.EUR.json'
    post:
      operationId: makeThing
      responses:
        '201':
          description: Made.
          content:
            application/json:
              schema: {$ref: '#/components/schemas/ThingResponse'}
              examples:
                default:
                  externalValue: 'openapi/examples/makeThing.201.json'
        '202':
          description: Another file name (an inline example neither has a shorthand).
          content:
            application/json:
              schema: {$ref: '#/components/schemas/ThingResponse'}
              examples:
                default:
                  externalValue: 'openapi/examples/other.json'
        '203':
          description: Inline.
          content:
            application/json:
              schema: {$ref: '#/components/schemas/ThingResponse'}
              example: {data: 1}
`;
  const short = shorten(long);
  expect(short).toContain("          x-json: {schema: ThingList, currencies: [USD, EUR]}\n");
  expect(short).toContain("          description: Made.\n          x-json: ThingResponse\n        '202':");
  expect(short.match(/x-json/g)).toHaveLength(2);
  expect(shorten(short)).toBe(short);
  expect(unfoldJson(short)).toBe(long);
  const expanded = expandShorthand(YAML.parse(short));
  expect(expanded).toEqual(YAML.parse(long));
  expect(Object.keys(expanded.paths['/things'].post.responses['201'])).toEqual(['description', 'content']);
  expect(jsonExampleFiles(YAML.parse(short).paths['/things'].get)).toEqual(['openapi/examples/listThings.200.USD.json', 'openapi/examples/listThings.200.EUR.json']);
  expect(() => expandShorthand(YAML.parse(short.replace('x-json: ThingResponse', 'x-json: {currencies: [USD]}')))).toThrow(/x-json of makeThing 201/);
});

it('openapi.yaml unfolds its x-json to the long form that folds back to it', () => {
  const text = fs.readFileSync(OPENAPI_PATH, 'utf8');
  expect(text).toContain('x-json: ');
  expect(shorten(unfoldJson(text))).toBe(text);
  expect(expandShorthand(YAML.parse(unfoldJson(text))).paths).toEqual(expandShorthand(YAML.parse(text)).paths);
});

it('folds sort parameters to x-sort, the end of a description that is a note to x-notes, and references among written-out parameters to bare names; expands them back', () => {
  const long = `paths:
  /things:
    get:
      operationId: listThings
      x-export: {path: /data/exports/things, operationId: exportThings, summary: Export things, noun: thing}
      description: |
        Things, newest first.
        Every matching row at once: \`exportThings\`. The \`format=ndjson|csv\` query parameter and
        \`Accept: application/x-ndjson|text/csv\` still stream that export here, for existing callers.
      parameters:
        - name: q
          in: query
          schema: {type: string}
        - $ref: '#/components/parameters/ThingSort'
      responses: {}
  /things/{id}/parts:
    get:
      operationId: listParts
      description: |
        Parts of a thing.
          The parent is found by UUID.
        Cursors are bound to it.
      x-parameters: [Id]
      responses: {}
components:
  # what the generated export operation names
  x-shared-responses: {'400': E, '401': E, '402': E, '403': E, '429': E, '500': E, '503': E, '504': E}
  x-header-sets: {metered: {}}
  x-notes:
    parent: |2
        The parent is found by UUID.
    cursors: |
      Cursors are bound to it.
  parameters:
    ThingSort:
      name: sort
      in: query
      description: 'Comma-separated sort keys, each one of \`made\`, \`id\`; prefix \`-\` for descending. Default \`-made\`. Ties are broken by a unique key of the row. Any other key is a 400 \`VALIDATION_ERROR\` naming the allowed keys.'
      schema: {type: string, maxLength: 200, pattern: '^(?:-?(?:made|id))?(?:,(?:-?(?:made|id))?)*$', example: '-made'}
    PartSort:
      name: sort
      in: query
      description: 'Comma-separated sort keys, each one of \`size\`; prefix \`-\` for descending. Default \`-size\`. Only with \`q\`. Ties are broken by a unique key of the row. Any other key is a 400 \`VALIDATION_ERROR\` naming the allowed keys.'
      schema: {type: string, maxLength: 200, pattern: '^(?:-?(?:size))?(?:,(?:-?(?:size))?)*$', example: '-size'}
    OddSort:
      name: sort
      in: query
      description: 'Comma-separated sort keys, each one of \`size\`; prefix \`-\` for descending. Default \`-size\`.'
      schema: {type: string, maxLength: 200, pattern: '^(?:-?(?:size))?(?:,(?:-?(?:size))?)*$', example: '-size'}
`;
  const short = shorten(long);
  expect(short).toContain(`      description: |
        Things, newest first.
      parameters:
        - name: q
          in: query
          schema: {type: string}
        - ThingSort
`);
  expect(short).toContain('      description: |\n        Parts of a thing.\n      x-notes: [parent, cursors]\n');
  expect(short).toContain('    ThingSort: {x-sort: [made, id]}\n');
  expect(short).toContain("    PartSort:\n      x-sort:\n        keys: [size]\n        note: 'Only with `q`.'\n");
  // not the wording x-sort writes: kept as it is
  expect(short).toContain('    OddSort:\n      name: sort\n');
  expect(shorten(short)).toBe(short);
  const expanded = expandShorthand(YAML.parse(short));
  const original = expandShorthand(YAML.parse(long.replace(/ {8}Every matching row[^\n]*\n[^\n]*callers\.\n/, '')));
  expect(expanded).toEqual(original);
  expect(expanded.paths['/things'].get.description).toBe(YAML.parse(long).paths['/things'].get.description);
  expect(expanded.paths['/things/{id}/parts'].get.description).toBe('Parts of a thing.\n  The parent is found by UUID.\nCursors are bound to it.\n');
  expect(expanded.components['x-notes']).toBeUndefined();
  expect(expanded.components.parameters.PartSort).toEqual(YAML.parse(long).components.parameters.PartSort);
  expect(() => expandShorthand(YAML.parse(short.replace('x-notes: [parent, cursors]', 'x-notes: [parents]')))).toThrow(/parents/);
  expect(() => expandShorthand(YAML.parse(short.replace('{x-sort: [made, id]}', '{x-sort: []}')))).toThrow(/x-sort of ThingSort/);
});
