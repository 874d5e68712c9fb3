/**
 * Records the answers the generated clients must decode (test/clients/fixtures/answers.json), from a
 * real server over the tiny seed: `tsx test/clients/record.ts`. Besides the response examples of
 * openapi.yaml (one per operation, captured the same way by test/contract/examples.ts) these are
 * the answers generators get wrong: amounts and totals above 2^31, each organization subtype, the
 * nulls and locked fields of a signed-out caller, and every error shape (details null, an object,
 * an array). Each answer names the schema it must decode as.
 */
import fs from 'node:fs';
import path from 'node:path';
import { bundledDocument } from '../../src/openapi/bundle.js';
import { exitWith, startSeededServer } from '../contract/seeded-server.js';
import { browserHeaders } from '../helpers/principals.js';
import type { Harness } from '../helpers/harness.js';

type Json = Record<string, any>;
export interface RecordedAnswer {
  name: string;
  request: string;
  status: number;
  schema: string;
  body: unknown;
}

const root = path.resolve(import.meta.dirname, '../..');
export const ANSWERS = path.join(root, 'test/clients/fixtures/answers.json');

/** The schema name the document gives the JSON answer of `method path` with `status`. */
function schemaOf(doc: Json, method: string, template: string, status: number): string {
  const op = doc.paths[template]?.[method.toLowerCase()];
  if (!op) throw new Error(`no operation ${method} ${template}`);
  let resp = op.responses[String(status)] ?? op.responses.default;
  if (resp?.$ref) resp = doc.components.responses[resp.$ref.split('/').pop()];
  const ref: string | undefined = resp?.content?.['application/json']?.schema?.$ref;
  if (!ref) throw new Error(`${method} ${template} declares no JSON schema for ${status}`);
  return ref.split('/').pop()!;
}

async function main(): Promise<number> {
  const doc = bundledDocument() as Json;
  const { server, call, close } = await startSeededServer({ db: 'sqlite', name: 'answers' });
  try {
    const answers: RecordedAnswer[] = [];
    /** Calls `template` with its `{id}` filled and keeps the answer (it must have the expected status). */
    const keep = async (name: string, method: string, template: string, url: string, status: number, headers?: Record<string, string | null>, body?: unknown) => {
      let r: { status: number; body: unknown };
      if (headers) {
        const h = Object.fromEntries(Object.entries({ 'Content-Type': 'application/json', ...headers }).filter(([, v]) => v !== null)) as Record<string, string>;
        const res = await fetch(`${server.baseUrl}${url}`, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body) });
        r = { status: res.status, body: await res.json() };
      } else r = await call(method, url, body);
      if (r.status !== status) throw new Error(`${name}: ${method} ${url} answered ${r.status}, expected ${status}: ${JSON.stringify(r.body).slice(0, 300)}`);
      answers.push({ name, request: `${method} ${url}`, status, schema: schemaOf(doc, method, template, status), body: r.body });
      return r.body as Json;
    };
    const big = await keep('transactions, largest amounts first', 'GET', '/data/transactions', '/data/transactions?sort=-amount&limit=3', 200);
    const top = big.data[0];
    if (!(top.amount > 2 ** 31)) throw new Error(`the tiny seed's largest round is ${top.amount}: no amount above 2^31 to record`);
    await keep('a transaction above 2^31', 'GET', '/data/transactions/{id}', `/data/transactions/${top.id}`, 200);
    const heat = await keep('heatmap of total amounts', 'GET', '/analytics/funding-analytics/heatmap',
      '/analytics/funding-analytics/heatmap?x=round_year&y=standardized_round&metric=total_amount&top_n_x=4&top_n_y=4', 200);
    if (!(heat.grand_total > 2 ** 31)) throw new Error(`heatmap grand_total ${heat.grand_total} is not above 2^31`);
    await keep('multi-metric sums', 'GET', '/analytics/aggregate/{source}/multi-metric',
      '/analytics/aggregate/funding-rounds/multi-metric?group_by=standardized_round&metrics=count,sum_amount,median_amount&limit=3', 200);
    for (const [collection, list] of [['/data/companies', 'companies'], ['/data/universities', 'universities'], ['/data/gov-ngo', 'gov-ngo'], ['/data/investors', 'investors']] as const) {
      const rows = await keep(`${list} (subtype rows)`, 'GET', collection, `${collection}?limit=2`, 200);
      await keep(`one of ${list}`, 'GET', `${collection}/{id}`, `${collection}/${rows.data[0].uuid}`, 200);
    }
    await keep('entities of every subtype', 'GET', '/data/entities', '/data/entities?limit=20', 200);
    const guest = await browserHeaders({ server } as unknown as Harness, 'guest');
    const company = top.company.uuid as string;
    await keep('a company signed out (locked fields)', 'GET', '/data/companies/{id}', `/data/companies/${company}`, 200, guest);
    await keep('transactions signed out (locked fields)', 'GET', '/data/transactions', '/data/transactions?sort=-amount&limit=2', 200, guest);
    await keep('error: details null (404)', 'GET', '/data/transactions/{id}', '/data/transactions/999999999', 404);
    await keep('error: details an array (400 validation)', 'GET', '/data/transactions', '/data/transactions?limit=99999', 400);
    await keep('error: details an object (400 filter syntax)', 'GET', '/data/transactions', `/data/transactions?filter=${encodeURIComponent('amount>>')}`, 400);
    await keep('error: unauthenticated (401)', 'GET', '/data/transactions', '/data/transactions', 401, { Authorization: null });
    fs.mkdirSync(path.dirname(ANSWERS), { recursive: true });
    fs.writeFileSync(ANSWERS, `${JSON.stringify(answers, null, 1)}\n`);
    console.log(`${answers.length} answers recorded in ${path.relative(root, ANSWERS)}`);
    return 0;
  } finally {
    await close();
  }
}

exitWith(main);
