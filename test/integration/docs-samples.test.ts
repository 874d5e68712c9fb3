/**
 * /docs (src/http/docs.ts, src/http/samples.ts): the page's document has this deployment's token URL,
 * a curl, Python and TypeScript sample on every operation, the version table on its own page and the
 * evaluation guide; path-style links answer the page. The curl, Python SDK and TypeScript samples of every GET
 * operation (and of createNote) run against this server and answer 2xx (or a documented 308).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers/harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

let h: Harness;
let rx: Receiver;
/** The webhook whose delivery log the listWebhookDeliveries samples read (`x-sample-env: WEBHOOK_ID`): the caller's own. */
let webhookId = '';
/** The import whose status the getImport samples read (`x-sample-env: IMPORT_ID`): a dry run of the caller's. */
let importId = '';
beforeAll(async () => {
  h = await startHarness('sqlite', { WEBHOOK_ALLOW_PRIVATE: 'on' });
  rx = await startReceiver();
  const created = await h.call('POST', '/platform/webhooks', { body: { url: rx.url, events: ['transaction.created'] } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  webhookId = (created.body.data as { id: string }).id;
  const imported = await fetch(`${h.server.baseUrl}/platform/imports?dry_run=true`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${h.token}`, 'X-Client-Id': 'dev-client', 'Content-Type': 'application/x-ndjson' },
    body: '{"type":"company","key":"docs-sample","data":{"name":"Docs Sample"}}\n',
  });
  expect(imported.status).toBe(202);
  importId = ((await imported.json()) as { data: { id: string } }).data.id;
}, 60_000);
afterAll(async () => {
  await h?.server.close();
  await rx?.close();
});

type Sample = { lang: string; label: string; source: string };
type Op = { operationId: string; responses?: Record<string, unknown>; 'x-codeSamples'?: Sample[] };

const ENV = () => ({ PATH: process.env.PATH ?? '', TOKEN: h.token, WEBHOOK_ID: webhookId, IMPORT_ID: importId, CLIENT_ID: 'dev-client', CLIENT_SECRET: 'dev-secret', PYTHONPATH: path.resolve('clients/python') });

function run(cmd: string, args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(cmd, args, { env: ENV(), timeout: 60_000, maxBuffer: 1 << 26 }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, out: stdout, err: stderr }));
  });
}

/** The /docs page's own files are no operations of the document: read without the contract check. */
async function docsJson(p: string): Promise<{ status: number; body: any }> {
  const res = await fetch(h.server.baseUrl + p);
  return { status: res.status, body: await res.json() };
}

async function operations(): Promise<{ method: string; path: string; op: Op }[]> {
  const doc = (await docsJson('/docs/openapi.json')).body as { paths: Record<string, Record<string, Op>> };
  return Object.entries(doc.paths).flatMap(([p, item]) => Object.entries(item).map(([method, op]) => ({ method, path: p, op })));
}

const sample = (op: Op, label: string) => op['x-codeSamples']!.find((s) => s.label === label)!.source;

it('the page document: real token URL, samples on every operation, versions apart, the evaluation guide', async () => {
  const res = await docsJson('/docs/openapi.json');
  expect(res.status).toBe(200);
  const description = res.body.info.description as string;
  expect(description).toContain(`POST ${h.server.authUrl}/oauth/token`);
  expect(description).not.toContain('{auth_url}');
  expect(description).not.toContain('| Version | Sunset |');
  expect(description).toContain('[version history](/docs/versions)');
  expect(description).toContain('## Evaluating this API');
  const ops = await operations();
  expect(ops.length).toBeGreaterThan(60);
  for (const { op } of ops) expect(op['x-codeSamples']?.map((s) => s.label), op.operationId).toEqual(['curl', 'Python SDK', 'TypeScript']);
  const versions = await docsJson('/docs/versions.json');
  expect(versions.body.info.description).toContain('| Version | Sunset |');
  // the published document has the real token URL too
  expect((await h.get('/openapi.json')).body.info.description).toContain(`${h.server.authUrl}/oauth/token`);
});

it('path-style deep links and the version page answer the docs page', async () => {
  for (const p of ['/docs/tag/Transactions', '/docs/operation/listTransactions', '/docs/section/Getting-started', '/docs/versions']) {
    const res = await fetch(h.server.baseUrl + p);
    expect(res.status, p).toBe(200);
    expect(res.headers.get('content-type'), p).toMatch(/^text\/html/);
  }
  const guide = await fetch(`${h.server.baseUrl}/docs/evaluating.md`);
  expect(await guide.text()).toContain('/reference/dataset');
  expect((await fetch(`${h.server.baseUrl}/docs/nothing/here`)).status).toBe(404);
});

const curl = async (op: Op) => (await run('bash', ['--norc', '--noprofile', '-c', `${sample(op, 'curl')} -o /dev/null -w '%{http_code}'`])).out.trim();

it('the curl sample of every GET operation answers its documented success (after the createNote sample)', async () => {
  const ops = await operations();
  // the note the getNote sample reads is the caller's own: the createNote sample writes it first
  expect(await curl(ops.find(({ op }) => op.operationId === 'createNote')!.op)).toBe('201');
  const failed: string[] = [];
  for (const { method, op } of ops) {
    if (method !== 'get') continue;
    const status = await curl(op);
    // 2xx, or the 3xx an operation documents as its answer (the retired paths' 308)
    if (!/^[23]\d\d$/.test(status) || !op.responses?.[status]) failed.push(`${op.operationId}: ${status}`);
  }
  expect(failed).toEqual([]);
}, 240_000);

/** The operations whose samples run: every GET, after the createNote that writes the note getNote reads. */
async function runnable(): Promise<Op[]> {
  const ops = await operations();
  return [ops.find(({ op }) => op.operationId === 'createNote')!, ...ops.filter(({ method }) => method === 'get')].map(({ op }) => op);
}

/**
 * One Python process for all the samples: each runs in a namespace of its own, and its outcome (what it
 * printed, or the exception it raised: `call` raises on an error status) is reported by operationId.
 */
const PY_RUNNER = `
import contextlib, io, json, sys, traceback
results = []
for op in json.load(sys.stdin):
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(op["source"], op["operationId"], "exec"), {"__name__": "__main__"})
        results.append({"operationId": op["operationId"], "ok": True, "out": out.getvalue()[:200]})
    except BaseException as e:
        results.append({"operationId": op["operationId"], "ok": False, "out": repr(e)[:500] + traceback.format_exc(limit=-2)[-500:]})
print(json.dumps(results))
`;

it('the Python SDK sample of every GET operation (after createNote) runs and prints its answer', async () => {
  const ops = await runnable();
  const input = JSON.stringify(ops.map((op) => ({ operationId: op.operationId, source: sample(op, 'Python SDK') })));
  const { code, out, err } = await new Promise<{ code: number; out: string; err: string }>((resolve) => {
    const child = execFile('.venv/bin/python', ['-c', PY_RUNNER], { env: ENV(), timeout: 120_000, maxBuffer: 1 << 26 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, out: stdout, err: stderr }),
    );
    child.stdin!.end(input);
  });
  expect(code, err).toBe(0);
  const results = JSON.parse(out) as { operationId: string; ok: boolean; out: string }[];
  expect(results.map((r) => r.operationId)).toEqual(ops.map((op) => op.operationId));
  // a parsed model prints as `Name(...)`, a raw answer (a redirect, a YAML body) as its status first;
  // anything else (an exception, another status) names its operation
  const passed = (r: { operationId: string; out: string }, op: Op) => {
    if (/^\w+\(/.test(r.out)) return true;
    const status = /^(\d{3}) /.exec(r.out)?.[1];
    return !!status && (status.startsWith('2') || (status.startsWith('3') && !!op.responses?.[status]));
  };
  const byId = new Map(ops.map((op) => [op.operationId, op]));
  const failed = results.filter((r) => !r.ok || !passed(r, byId.get(r.operationId)!)).map((r) => `${r.operationId}: ${r.out}`);
  expect(failed).toEqual([]);
}, 240_000);

it('the TypeScript sample of every GET operation (after createNote) runs and answers 2xx', async () => {
  const ops = await runnable();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-samples-'));
  const client = path.resolve('clients/typescript/index.ts');
  try {
    // each sample a module of its own, exporting its answer instead of printing it; one tsx process imports them in turn
    for (const op of ops) {
      const source = 'let answer: { data?: unknown; error?: unknown; response: Response };\nexport { answer };\n'.concat(sample(op, 'TypeScript'))
        .replace("'@funding-data/client'", JSON.stringify(client))
        .replace('= await api.', '= answer = await api.')
        .replace(/\nconsole\.log\(.*\);$/, '');
      expect(source, op.operationId).toContain('= answer = await api.');
      fs.writeFileSync(path.join(dir, `${op.operationId}.mts`), source);
    }
    const runner = path.join(dir, 'run.mts');
    fs.writeFileSync(
      runner,
      `const results = [];
for (const id of ${JSON.stringify(ops.map((op) => op.operationId))}) {
  try {
    const { answer } = await import(${JSON.stringify(dir + '/')} + id + '.mts');
    results.push({ operationId: id, status: answer.response.status, ok: answer.error === undefined && answer.data !== undefined, out: JSON.stringify(answer.error ?? '') });
  } catch (e) {
    results.push({ operationId: id, status: 0, ok: false, out: String(e) });
  }
}
console.log(JSON.stringify(results));
`,
    );
    const { code, out, err } = await run(path.resolve('node_modules/.bin/tsx'), [runner]);
    expect(code, err).toBe(0);
    const results = JSON.parse(out) as { operationId: string; status: number; ok: boolean; out: string }[];
    expect(results.map((r) => r.operationId)).toEqual(ops.map((op) => op.operationId));
    const byId = new Map(ops.map((op) => [op.operationId, op]));
    // 2xx with data, or the 3xx an operation documents as its answer (the retired paths' 308)
    const failed = results
      .filter((r) => !((r.ok && r.status >= 200 && r.status < 300) || (r.status >= 300 && r.status < 400 && byId.get(r.operationId)!.responses?.[String(r.status)])))
      .map((r) => `${r.operationId}: ${r.status} ${r.out.slice(0, 300)}`);
    expect(failed).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 240_000);

it('the Postman collection (make generate) runs: its token request, then every GET answers its documented success', async () => {
  const collection = JSON.parse(fs.readFileSync('clients/postman/funding-data-api.postman_collection.json', 'utf8')) as { item: any[]; variable: { key: string; value: string }[] };
  const vars: Record<string, string> = { ...Object.fromEntries(collection.variable.map((v) => [v.key, v.value])), baseUrl: h.server.baseUrl, authUrl: h.server.authUrl, WEBHOOK_ID: webhookId, IMPORT_ID: importId };
  const fill = (s: string) => s.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => vars[k] ?? '');
  const send = async (request: any) => {
    const headers: Record<string, string> = Object.fromEntries((request.header ?? []).map((x: { key: string; value: string }) => [x.key, fill(x.value)]));
    if (request.auth?.type !== 'noauth') headers.Authorization = `Bearer ${vars.token}`;
    return fetch(fill(request.url.raw), { method: request.method, headers, body: request.body ? fill(request.body.raw) : undefined, redirect: 'manual' });
  };
  const [token, ...folders] = collection.item;
  const exchanged = await send(token.request);
  expect(exchanged.status).toBe(200);
  vars.token = ((await exchanged.json()) as { access_token: string }).access_token;
  const ops = new Map((await operations()).map(({ method, path: p, op }) => [`${method.toUpperCase()} ${p}`, op]));
  const failed: string[] = [];
  let ran = 0;
  for (const item of folders.flatMap((f) => f.item)) {
    if (item.request.method !== 'GET') continue;
    const res = await send(item.request);
    await res.arrayBuffer();
    ran++;
    if (res.status >= 400) failed.push(`${item.name}: ${res.status}`);
  }
  expect(ran).toBe([...ops.keys()].filter((k) => k.startsWith('GET ')).length);
  // getNote reads the note the createNote sample wrote in the curl test above
  expect(failed).toEqual([]);
}, 240_000);
