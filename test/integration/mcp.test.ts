/**
 * MCP at /mcp with the SDK's own client over HTTP. `?toolset=full`: one tool per read operation of
 * the document, and a tool call answers exactly what the HTTP GET answers (body, errors, scopes,
 * credits), because it is that GET, run in-process through the same pipeline. The default toolset
 * (agent) is small enough for a context window and answers in results that fit one.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { SignJWT } from 'jose';
import { expect, it } from 'vitest';
import { loadSigningKey } from '../../src/auth/signing.js';
import { forEachDatabase, type Harness } from '../helpers/harness.js';
import { teamWithKey } from '../helpers/servers.js';
import { pkcePair, send } from '../helpers/signin.js';

const FILTER = 'and(year[gte]:2020,amount[gt]:1000000)';

async function connect(h: Harness, headers: Record<string, string> = { Authorization: `Bearer ${h.token}`, 'X-Client-Id': 'dev-client' }, toolset: 'full' | 'agent' = 'full') {
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  // a connection per request: the SDK client compiles every output schema after listTools (seconds on a
  // busy machine, the event loop blocked), long enough for the server's keep-alive timeout to close an
  // idle socket that the shared fetch pool would then reuse
  const requestInit = { headers: { ...headers, Connection: 'close' } };
  await client.connect(new StreamableHTTPClientTransport(new URL(toolset === 'full' ? `${h.server.baseUrl}/mcp?toolset=full` : `${h.server.baseUrl}/mcp`), { requestInit }));
  return client;
}

/** A key of a fresh team with these scopes and this balance: its MCP client and its HTTP headers. */
async function keyClient(h: Harness, balance: number, scopes: string[]) {
  const { clientId } = await teamWithKey(h.db, balance, scopes);
  const t = await h.tokenFor(clientId, 's3cret');
  const headers = { Authorization: `Bearer ${t.body.access_token}`, 'X-Client-Id': clientId };
  return { client: await connect(h, headers), headers };
}

const call = (client: Client, name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
const textOf = (r: CallToolResult) => (r.content[0] as { text: string }).text;
const errorOf = (r: CallToolResult) => JSON.parse(textOf(r)).error;
/** The data of a result: its JSON text (the only copy; there is no structuredContent). */
const bodyOf = (r: CallToolResult) => {
  expect(r.structuredContent).toBeUndefined();
  return JSON.parse(textOf(r));
};

const post = (h: Harness, body: unknown, path = '/mcp') =>
  fetch(`${h.server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: `Bearer ${h.token}`, 'X-Client-Id': 'dev-client' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

forEachDatabase('MCP', (h) => {
  it('full toolset: initializes and lists one tool per read operation of /data, /analytics and /reference, schemas inlined', async () => {
    const client = await connect(h());
    expect(client.getServerVersion()?.name).toBe('funding-data-api');
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    for (const n of ['listTransactions', 'getTransaction', 'listCompanies', 'getCompany', 'listFounders', 'listInvestors', 'getFundingHeatmap', 'getFundingFunnel', 'listTaxonomy', 'listFilters']) {
      expect(names).toContain(n);
    }
    // no writes, nothing outside the three prefixes, no redirect-only operation
    for (const n of ['createTeam', 'createApiKey', 'createNote', 'updateNote', 'deleteNote', 'getUsage', 'getHealth', 'getOpenApiJson']) expect(names).not.toContain(n);
    const tx = tools.find((t) => t.name === 'listTransactions')!;
    expect(tx.description).toMatch(/transaction|round/i);
    expect(tx.inputSchema.properties!.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 25 });
    expect(tx.inputSchema.properties!.api_version).toMatchObject({ type: 'string', enum: expect.arrayContaining(['2026-10-09']) });
    expect(tx.inputSchema.additionalProperties).toBe(false);
    expect(tx.inputSchema.properties!.format).toBeUndefined();
    expect(JSON.stringify(tools)).not.toContain('$ref');
    const detail = tools.find((t) => t.name === 'getTransaction')!;
    expect(detail.inputSchema.required).toEqual(['id']);
    expect(detail.annotations?.readOnlyHint).toBe(true);
    await client.close();
  });

  it('calls a list tool with a filter, follows its cursor and answers the HTTP bodies, one credit a call', async () => {
    const client = await connect(h());
    const first = await call(client, 'listTransactions', { filter: FILTER, limit: 3 });
    expect(first.isError).toBeFalsy();
    const http1 = await h().get(`/data/transactions?filter=${encodeURIComponent(FILTER)}&limit=3`);
    expect(http1.status).toBe(200);
    expect(bodyOf(first)).toEqual(http1.body);
    expect(JSON.parse((first.content[0] as { text: string }).text)).toEqual(http1.body);
    expect(first._meta).toMatchObject({ credits_used: 1, api_version: '2026-10-09' });
    const cursor = (bodyOf(first) as { page: { next_cursor: string | null } }).page.next_cursor;
    expect(cursor).toEqual(expect.any(String));

    const second = await call(client, 'listTransactions', { filter: FILTER, limit: 3, cursor });
    const http2 = await h().get(`/data/transactions?filter=${encodeURIComponent(FILTER)}&limit=3&cursor=${encodeURIComponent(cursor!)}`);
    expect(bodyOf(second)).toEqual(http2.body);
    const ids = (r: CallToolResult) => (bodyOf(r) as { data: { id: unknown }[] }).data.map((row) => row.id);
    expect(ids(second).some((id) => ids(first).includes(id))).toBe(false);
    await client.close();
  });

  it('calls a detail tool and a heatmap', async () => {
    const client = await connect(h());
    const list = await call(client, 'listTransactions', { limit: 1 });
    const id = (bodyOf(list) as { data: { id: string }[] }).data[0]!.id;
    const detail = await call(client, 'getTransaction', { id });
    expect(bodyOf(detail)).toEqual((await h().get(`/data/transactions/${id}`)).body);
    expect((bodyOf(detail) as { data: { id: string } }).data.id).toBe(id);

    const args = { x: 'round_year', y: 'standardized_round', metric: 'total_amount', top_n_x: '5', currency: 'EUR' };
    const heatmap = await call(client, 'getFundingHeatmap', args);
    expect(heatmap.isError).toBeFalsy();
    expect(bodyOf(heatmap)).toEqual((await h().get(`/analytics/funding-analytics/heatmap?${new URLSearchParams(args)}`)).body);
    expect(heatmap._meta?.credits_used).toBe(1);
    await client.close();
  });

  it('answers errors as tool errors with the part 7 envelope: bad filter, bad limit, missing id, bad version, unknown tool', async () => {
    const client = await connect(h());
    const bad = await call(client, 'listTransactions', { filter: 'and(year[gte]:2020' });
    expect(bad.isError).toBe(true);
    const http = await h().get(`/data/transactions?filter=${encodeURIComponent('and(year[gte]:2020')}`);
    expect(errorOf(bad)).toEqual(http.body.error);
    expect(errorOf(bad).code).toBe('FILTER_PARSE_ERROR');
    expect(bad._meta).toMatchObject({ credits_used: 0, status: 400 });

    const tooMany = await call(client, 'listTransactions', { limit: 101 });
    expect(errorOf(tooMany)).toMatchObject({ code: 'VALIDATION_ERROR', details: [expect.objectContaining({ path: expect.stringContaining('limit') })] });
    const noId = await call(client, 'getTransaction', {});
    expect(errorOf(noId)).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'arguments.id', message: 'is required' }] });
    const version = await call(client, 'listTransactions', { api_version: '1999-01-01' });
    expect(errorOf(version).code).toBe('VALIDATION_ERROR');
    // an argument outside the tool's input schema is refused before anything runs
    const extra = await call(client, 'listTransactions', { limit: 1, bogus: 'x' });
    expect(errorOf(extra)).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'arguments.bogus', message: 'is not an argument of this tool' }] });
    const unknown = await call(client, 'dropTables', {});
    expect(errorOf(unknown).code).toBe('NOT_FOUND');
    await client.close();
  });

  it('refuses a tool the key has no scope for (FORBIDDEN) and charges nothing', async () => {
    const { client } = await keyClient(h(), 5, ['read:entities']);
    const r = await call(client, 'listTransactions', { limit: 1 });
    expect(r.isError).toBe(true);
    expect(errorOf(r)).toMatchObject({ code: 'FORBIDDEN', details: { required_scope: 'read:transactions' } });
    expect(r._meta?.credits_used).toBe(0);
    await client.close();
  });

  it('meters exactly as HTTP: a balance of 3 admits three tool calls, the fourth is CREDITS_EXHAUSTED; HTTP and MCP share it', async () => {
    const { client, headers } = await keyClient(h(), 3, ['read:transactions', 'manage:platform']);
    for (let i = 0; i < 3; i++) {
      const ok = await call(client, 'listTransactions', { limit: 1 });
      expect(ok.isError).toBeFalsy();
      expect(ok._meta?.credits_used).toBe(1);
    }
    const out = await call(client, 'listTransactions', { limit: 1 });
    expect(out.isError).toBe(true);
    expect(errorOf(out).code).toBe('CREDITS_EXHAUSTED');
    expect(out._meta).toMatchObject({ credits_used: 0, status: 402 });
    // reference data is not metered
    expect((await call(client, 'listFilters', {})).isError).toBeFalsy();
    await client.close();
    // the usage report counts the tool calls as the operation's calls
    const usage = await h().get('/platform/usage', headers);
    expect(usage.body.balance).toEqual({ remaining: 0, granted: 3 });
    expect(usage.body.data).toEqual([{ day: expect.any(String), operation_id: 'listTransactions', requests: 3, credits: 3 }]);

    const mixed = await keyClient(h(), 2, ['read:transactions']);
    expect((await h().get('/data/transactions?limit=1', mixed.headers)).status).toBe(200);
    expect((await call(mixed.client, 'listTransactions', { limit: 1 })).isError).toBeFalsy();
    expect((await h().get('/data/transactions?limit=1', mixed.headers)).status).toBe(402);
    expect(errorOf(await call(mixed.client, 'listTransactions', { limit: 1 })).code).toBe('CREDITS_EXHAUSTED');
    await mixed.client.close();
  });

  it("applies the browser-app tier's locked[] fields exactly as HTTP, uncharged, and cuts a page too large for a result with a truncation contract", async () => {
    const k = await loadSigningKey(h().server.cfg.signingKeyFile);
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ scope: 'read:transactions', gty: 'authorization-code', tier: 'free' })
      .setProtectedHeader({ alg: 'ES256', kid: k.kid })
      .setSubject('user-free')
      .setIssuer(h().server.cfg.issuer)
      .setAudience(h().server.cfg.audience)
      .setIssuedAt(now - 10)
      .setExpirationTime(now + 600)
      .sign(k.privateKey);
    const client = await connect(h(), { Authorization: `Bearer ${token}` });
    const r = await call(client, 'listTransactions', { limit: 100 });
    const http = await h().get('/data/transactions?limit=100', { Authorization: `Bearer ${token}`, 'X-Client-Id': null });
    const body = bodyOf(r) as { page: { next_cursor: unknown }; data: { investors: unknown; locked: unknown }[]; truncated: { cut: { path: string; kept: number; total: number }[]; how_to_get_the_rest: string } };
    expect(Buffer.byteLength(textOf(r))).toBeLessThan(100_000);
    // 100 rows do not fit a result: the first ones are answered, and the result says what was cut
    const kept = body.data.length;
    expect(kept).toBeLessThan(100);
    expect(body.data).toEqual(http.body.data.slice(0, kept));
    expect(body.truncated.cut).toEqual([{ path: 'data', kept, total: 100 }]);
    expect(body.truncated.how_to_get_the_rest).toContain(`limit=${kept}`);
    // the page's cursor would skip the rows left out
    expect(body.page).toEqual({ ...http.body.page, next_cursor: null });
    expect(body.page).toMatchObject({ limit: 100, tier: 'free' });
    expect(body.data[0]).toMatchObject({ investors: null });
    expect(body.data[0]!.locked).toContainEqual({ field: 'investors', reason: 'PREMIUM_REQUIRED' });
    expect(r._meta?.credits_used).toBe(0);
    await client.close();
  });

  it('answers 401 with a challenge naming the protected-resource metadata, which names the identity provider', async () => {
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } } };
    for (const auth of [null, 'Bearer not-a-token']) {
      const res = await fetch(`${h().server.baseUrl}/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...(auth ? { Authorization: auth } : {}) },
        body: JSON.stringify(init),
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain(`resource_metadata="${h().server.baseUrl}/.well-known/oauth-protected-resource"`);
      expect((await res.json()).error.code).toBe('UNAUTHORIZED');
    }
    const noClientId = await fetch(`${h().server.baseUrl}/mcp`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${h().token}` }, body: JSON.stringify(init) });
    expect(noClientId.status).toBe(400);
    const meta = await fetch(`${h().server.baseUrl}/.well-known/oauth-protected-resource`);
    expect(meta.status).toBe(200);
    expect(await meta.json()).toMatchObject({ resource: `${h().server.baseUrl}/mcp`, authorization_servers: [h().server.cfg.issuer], scopes_supported: expect.arrayContaining(['read:transactions']) });
    const suffixed = await fetch(`${h().server.baseUrl}/.well-known/oauth-protected-resource/mcp`);
    expect((await suffixed.json()).resource).toBe(`${h().server.baseUrl}/mcp`);
    const foreign = await fetch(`${h().server.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example', Authorization: `Bearer ${h().token}`, 'X-Client-Id': 'dev-client' },
      body: JSON.stringify(init),
    });
    expect(foreign.status).toBe(403);
    const get = await fetch(`${h().server.baseUrl}/mcp`, { headers: { Authorization: `Bearer ${h().token}`, 'X-Client-Id': 'dev-client' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    await expect(connect(h(), {})).rejects.toThrow();
  });
  it('signs an MCP client in by discovery: resource metadata -> issuer metadata -> registration -> PKCE code -> read-only token', async () => {
    const { baseUrl, authUrl, cfg } = h().server;
    const resource = await (await fetch(`${baseUrl}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(resource.authorization_servers).toEqual([cfg.issuer]);
    const issuer = new URL(resource.authorization_servers[0]);
    const meta = await (await fetch(new URL('/.well-known/oauth-authorization-server', issuer))).json();
    expect(meta).toMatchObject({
      issuer: cfg.issuer,
      authorization_endpoint: `${authUrl}/authorize`,
      token_endpoint: `${authUrl}/oauth/token`,
      registration_endpoint: `${authUrl}/register`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
    });
    expect(meta.scopes_supported.every((s: string) => s.startsWith('read:'))).toBe(true);
    const register = (body: unknown) => fetch(meta.registration_endpoint, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    // what is refused: a redirect off the loopback over http, a confidential client, no redirect
    for (const bad of [{ redirect_uris: ['http://evil.example/cb'] }, { redirect_uris: ['http://localhost:1/cb'], token_endpoint_auth_method: 'client_secret_basic' }, { redirect_uris: [] }]) {
      const r = await register(bad);
      expect(r.status).toBe(400);
      expect((await r.json()).error).toMatch(/^invalid_/);
    }
    const redirect = 'http://127.0.0.1:8976/callback';
    const reg = await register({ client_name: 'agent', redirect_uris: [redirect], grant_types: ['authorization_code', 'refresh_token'], scope: 'read:transactions manage:platform' });
    expect(reg.status).toBe(201);
    const client = await reg.json();
    expect(client).toMatchObject({ client_id: expect.stringMatching(/^mcp-/), redirect_uris: [redirect], token_endpoint_auth_method: 'none', grant_types: ['authorization_code'] });
    expect(client.scope.split(' ').every((s: string) => s.startsWith('read:'))).toBe(true);

    const { verifier, challenge } = pkcePair();
    const params = { client_id: client.client_id, redirect_uri: redirect, response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256', state: 'st', resource: `${baseUrl}/mcp` };
    expect((await send(`${meta.authorization_endpoint}?${new URLSearchParams(params)}`)).status).toBe(200);
    // a registered client's codes go only to its own redirect URIs
    expect((await send(`${meta.authorization_endpoint}?${new URLSearchParams({ ...params, redirect_uri: 'http://127.0.0.1:9/other' })}`)).status).toBe(400);
    const signIn = await send(meta.authorization_endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...params, username: 'premium@example.com', password: 'premium-password' }).toString(),
    });
    expect(signIn.status).toBe(302);
    const code = new URL(signIn.headers.location!).searchParams.get('code')!;
    const token = await fetch(meta.token_endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirect, client_id: client.client_id, code_verifier: verifier, resource: `${baseUrl}/mcp` }).toString(),
    });
    expect(token.status).toBe(200);
    const issued = await token.json();
    expect(issued.scope.split(' ').every((s: string) => s.startsWith('read:'))).toBe(true);
    const mcp = await connect(h(), { Authorization: `Bearer ${issued.access_token}` }, 'agent');
    const r = await call(mcp, 'list_records', { type: 'transactions', limit: 1 });
    expect(r.isError).toBeFalsy();
    await mcp.close();
  });

  it('lists the agent toolset by default: under 40 KB, a title and readOnlyHint on every tool, tools named instead of paths', async () => {
    const res = await post(h(), { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(Buffer.byteLength(text)).toBeLessThan(40_000);
    const { tools } = JSON.parse(text).result as { tools: { name: string; title: string; description: string; annotations: { readOnlyHint: boolean }; inputSchema: { additionalProperties: boolean } }[] };
    expect(tools.length).toBeGreaterThanOrEqual(10);
    expect(tools.length).toBeLessThanOrEqual(15);
    for (const t of tools) {
      expect(t.title).toEqual(expect.any(String));
      expect(t.annotations.readOnlyHint).toBe(true);
      expect(t.inputSchema.additionalProperties).toBe(false);
    }
    expect(text).not.toMatch(/SPEC|GET \/|\/reference\/|\/data\//);
    const list = tools.find((t) => t.name === 'list_records')!;
    // every filter key an agent needs is named, with the fixed values of enum keys
    for (const key of ['standardized_round', 'company.country', 'amount', 'date', 'investor.lead', 'employees_count', 'fund_type']) expect(list.description).toContain(key);
    expect(list.description).toContain('series_a');
    const full = await post(h(), { jsonrpc: '2.0', id: 1, method: 'tools/list' }, '/mcp?toolset=full');
    expect((await full.json()).result.tools.length).toBeGreaterThan(40);
    const bad = await post(h(), { jsonrpc: '2.0', id: 1, method: 'tools/list' }, '/mcp?toolset=huge');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('VALIDATION_ERROR');
  });

  it('refuses an argument outside the schema (format: ndjson) at once, charging nothing', async () => {
    const { client, headers } = await keyClient(h(), 3, ['read:transactions', 'manage:platform']);
    const started = Date.now();
    const r = await call(client, 'listTransactions', { limit: 1, format: 'ndjson' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(errorOf(r)).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'arguments.format', message: 'is not an argument of this tool' }] });
    expect(r._meta?.credits_used).toBe(0);
    await client.close();
    const agent = await connect(h(), headers, 'agent');
    const a = await call(agent, 'list_records', { type: 'transactions', format: 'ndjson' });
    expect(errorOf(a).code).toBe('VALIDATION_ERROR');
    const wrongType = await call(agent, 'list_records', { type: 'rockets' });
    expect(errorOf(wrongType).details[0]).toMatchObject({ path: 'arguments.type' });
    await agent.close();
    expect((await h().get('/platform/usage', headers)).body.balance).toEqual({ remaining: 3, granted: 3 });
  });

  it('answers "Series A rounds in Germany since 2022 over $5M, with lead investors" in two calls, each result under 100 KB', async () => {
    const client = await connect(h(), undefined, 'agent');
    const sizes: number[] = [];
    const go = async (name: string, args: Record<string, unknown>) => {
      const r = await call(client, name, args);
      expect(r.isError, textOf(r)).toBeFalsy();
      sizes.push(Buffer.byteLength(textOf(r)));
      return bodyOf(r);
    };
    const places = await go('filter_values', { key: 'company.country', q: 'germany' });
    const germany = places.data.find((v: { name: string }) => /germany/i.test(v.name));
    expect(germany).toBeDefined();
    const filter = `and(standardized_round[eq]:series_a,date[gte]:2022,amount[gt]:5000000,company.country[eq]:${germany.value})`;
    const rounds = await go('list_records', { type: 'transactions', filter, fields: ['amount', 'announced_date', 'standardized_round', 'company.name', 'investors'], limit: 25 });
    const http = await h().get(`/data/transactions?filter=${encodeURIComponent(filter)}&limit=25`);
    expect(rounds.data.map((r: { id: number }) => r.id)).toEqual(http.body.data.map((r: { id: number }) => r.id));
    for (const row of rounds.data) {
      expect(Object.keys(row).sort()).toEqual(['amount', 'announced_date', 'id', 'investors', 'company', 'standardized_round'].sort());
      expect(row.company).toEqual({ name: expect.any(String) });
    }
    for (const s of sizes) expect(s).toBeLessThan(100_000);
    // the default view is a summary: nested records as references, lists cut with a count
    const summary = await go('list_records', { type: 'companies', limit: 3 });
    expect(summary.data.length).toBeLessThanOrEqual(3);
    await client.close();
  });

  it('answers every agent tool within 100 KB, as the operations it calls answer over HTTP', async () => {
    const client = await connect(h(), undefined, 'agent');
    const answer = async (name: string, args: Record<string, unknown>) => {
      const r = await call(client, name, args);
      expect(r.isError, `${name}: ${textOf(r)}`).toBeFalsy();
      expect(Buffer.byteLength(textOf(r))).toBeLessThan(100_000);
      return bodyOf(r);
    };
    const company = (await answer('list_records', { type: 'companies', limit: 1, fields: ['uuid', 'name'] })).data[0];
    const found = await answer('search_entities', { q: company.name, type: 'company' });
    expect(found.data.map((e: { name: string }) => e.name)).toContain(company.name);
    const record = await answer('get_record', { type: 'company', id: company.uuid });
    expect(record.data).toMatchObject({ uuid: company.uuid, name: company.name });
    const rounds = await answer('list_related', { type: 'company', id: company.uuid, relation: 'funding_rounds', limit: 3 });
    expect(rounds.data).toEqual(expect.any(Array));
    const wrong = await call(client, 'list_related', { type: 'company', id: company.uuid, relation: 'alumni' });
    expect(errorOf(wrong)).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'arguments.relation' }] });
    const heatmap = await answer('funding_heatmap', { x: 'round_year', y: 'standardized_round', metric: 'total_amount' });
    expect(heatmap).toEqual((await h().get('/analytics/funding-analytics/heatmap?x=round_year&y=standardized_round&metric=total_amount')).body);
    await answer('funding_funnel', {});
    await answer('funding_timeseries', { metric: 'count', interval: 'year', from: '2020-01-01', to: '2025-12-31' });
    const one = await answer('funding_aggregate', { source: 'funding-rounds', group_by: 'country', metric: 'count', limit: 3 });
    expect(one).toEqual((await h().get('/analytics/aggregate/funding-rounds?group_by=country&metric=count&limit=3')).body);
    await answer('funding_aggregate', { source: 'companies', group_by: ['country'], metrics: ['count'] });
    expect((await answer('filter_keys', { scope: 'funding' })).data[0].scope).toBe('funding');
    expect((await answer('filter_values', { key: 'standardized_round' })).data.length).toBeGreaterThan(5);
    expect((await answer('taxonomy', { type: 'sector', limit: 5 })).data.length).toBeLessThanOrEqual(5);
    expect((await answer('usage', {})).balance).toEqual(expect.any(Object));
    await client.close();
  });

  it('refuses batches over 10 messages and bodies nested 40,000 deep in the error envelope', async () => {
    const list = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' });
    const ten = await post(h(), Array.from({ length: 10 }, (_, i) => list(i)));
    expect(ten.status).toBe(200);
    expect((await ten.json()).length).toBe(10);
    const eleven = await post(h(), Array.from({ length: 11 }, (_, i) => list(i)));
    expect(eleven.status).toBe(400);
    expect((await eleven.json()).error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('at most 10') });
    const deep = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_records","arguments":{"type":"transactions","fields":${'['.repeat(40_000)}${']'.repeat(40_000)}}}}`;
    const res = await post(h(), deep);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('deeper') });
  });
});
