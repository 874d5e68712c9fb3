/**
 * Writes clients/postman/funding-data-api.postman_collection.json (Postman collection v2.1, which
 * Bruno and Insomnia import too) from openapi.yaml: a folder per tag, a request per operation with the
 * sample values of src/http/samples.ts, and a first request that exchanges the client credentials for
 * a token (its test script stores it in the collection's `token` variable). `--check` only says
 * whether the file is current (exit 1 when not). Run by `make generate` / `make check-generated`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundledDocument } from '../src/openapi/bundle.js';
import { operationSamples } from '../src/http/samples.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const COLLECTION = path.join(ROOT, 'clients', 'postman', 'funding-data-api.postman_collection.json');

type Json = Record<string, any>;

const TOKEN_SCRIPT = [
  'const body = pm.response.json();',
  "if (body.access_token) pm.collectionVariables.set('token', body.access_token);",
];

export function collectionOf(doc: Json): Json {
  const folders = new Map<string, Json[]>();
  // path parameters the caller fills from their own records (a webhook's id): collection variables, empty
  const own = new Set<string>();
  for (const tag of (doc.tags ?? []) as { name: string }[]) folders.set(tag.name, []);
  for (const o of operationSamples(doc, { baseUrl: '{{baseUrl}}', authUrl: '{{authUrl}}' })) {
    const op = doc.paths[o.path][o.method] as Json;
    for (const name of Object.values(o.env)) own.add(name);
    const tag = ((op.tags ?? ['default']) as string[])[0]!;
    const segments = o.url.split('/').filter(Boolean);
    const query = Object.entries(o.query).map(([key, value]) => ({ key, value }));
    const request: Json = {
      method: o.method.toUpperCase(),
      header: o.secured ? [{ key: 'X-Client-Id', value: '{{clientId}}' }] : [],
      url: { raw: `{{baseUrl}}${o.url}${query.length ? '?' + new URLSearchParams(o.query).toString() : ''}`, host: ['{{baseUrl}}'], path: segments, ...(query.length ? { query } : {}) },
      description: op.description ?? op.summary ?? '',
    };
    if (!o.secured) request.auth = { type: 'noauth' };
    if (o.body !== undefined) {
      request.header.push({ key: 'Content-Type', value: 'application/json' });
      request.body = { mode: 'raw', raw: JSON.stringify(o.body, null, 2), options: { raw: { language: 'json' } } };
    }
    if (!folders.has(tag)) folders.set(tag, []);
    folders.get(tag)!.push({ name: op.summary ?? o.operationId, request });
  }
  const token = {
    name: 'Get a token (client credentials)',
    event: [{ listen: 'test', script: { type: 'text/javascript', exec: TOKEN_SCRIPT } }],
    request: {
      auth: { type: 'noauth' },
      method: 'POST',
      header: [{ key: 'Content-Type', value: 'application/json' }],
      url: { raw: '{{authUrl}}/oauth/token', host: ['{{authUrl}}'], path: ['oauth', 'token'] },
      body: {
        mode: 'raw',
        raw: JSON.stringify({ client_id: '{{clientId}}', client_secret: '{{clientSecret}}', audience: '{{audience}}', grant_type: 'client_credentials' }, null, 2),
        options: { raw: { language: 'json' } },
      },
      description: 'Run first: stores the access token in the `token` variable that every other request sends.',
    },
  };
  return {
    info: {
      name: doc.info.title,
      description: `Generated from openapi.yaml (version ${doc.info.version}) by scripts/postman.ts. Set baseUrl, authUrl, clientId and clientSecret, then run "Get a token".`,
      schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    },
    auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{token}}', type: 'string' }] },
    variable: [
      { key: 'baseUrl', value: 'http://localhost:3000' },
      { key: 'authUrl', value: 'http://localhost:3001' },
      { key: 'audience', value: 'urn:funding-data-api' },
      { key: 'clientId', value: 'dev-client' },
      { key: 'clientSecret', value: 'dev-secret' },
      { key: 'token', value: '' },
      ...[...own].map((key) => ({ key, value: '' })),
    ],
    item: [token, ...[...folders].filter(([, items]) => items.length).map(([name, item]) => ({ name, item }))],
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const doc = bundledDocument() as Json;
  const text = JSON.stringify(collectionOf(doc), null, 2) + '\n';
  const current = fs.existsSync(COLLECTION) ? fs.readFileSync(COLLECTION, 'utf8') : '';
  if (process.argv.includes('--check')) {
    if (text !== current) {
      console.error(`${path.relative(ROOT, COLLECTION)} differs from openapi.yaml: run make generate`);
      process.exit(1);
    }
    console.log('the Postman collection is up to date');
  } else if (text !== current) {
    fs.mkdirSync(path.dirname(COLLECTION), { recursive: true });
    fs.writeFileSync(COLLECTION, text);
  }
}
