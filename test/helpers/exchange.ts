/** An operation exchange with a stand-in request and response, for the pipeline stages' unit tests. */
import type { Request, Response } from 'express';
import type { Principal } from '../../src/auth/verify.js';
import type { Deps, Result } from '../../src/http/context.js';
import type { Meter } from '../../src/pipeline/metering.js';
import type { Exchange, OperationPlan } from '../../src/pipeline/operation.js';
import { versionRequest } from '../../src/pipeline/versionRequest.js';
import { resolveVersion } from '../../src/versions/resolve.js';

export const AT = new Date('2026-10-20T12:00:00Z');

export function principal(over: Partial<Principal> = {}): Principal {
  return { kind: 'app', sub: 'user-1', scopes: new Set(['read:entities']), tier: 'free', ecosystem: null, clientId: null, teamId: null, ...over };
}

export interface FakeResponse {
  headers: Record<string, string>;
  gone: boolean;
}

export function exchange(over: Partial<Exchange> & { path?: string; pin?: string; rawQuery?: Record<string, unknown>; headers?: Record<string, string> } = {}): Exchange & { fake: FakeResponse } {
  const fake: FakeResponse = { headers: {}, gone: false };
  const path = over.path ?? '/data/companies';
  const headers = over.headers ?? {};
  const req = { path, method: 'GET', headers, get: (h: string) => headers[h.toLowerCase()], socket: { remoteAddress: '127.0.0.1' } } as unknown as Request;
  const res = {
    locals: {},
    set(h: Record<string, string> | string, v?: string) {
      if (typeof h === 'string') fake.headers[h] = v!;
      else Object.assign(fake.headers, h);
      return this;
    },
    get writableFinished() {
      return false;
    },
    get destroyed() {
      return fake.gone;
    },
    socket: {},
  } as unknown as Response;
  const op: OperationPlan = { id: 'listCompanies', method: 'get', scopes: ['read:entities'], creditCost: 1, locks: null, cache: null, exportable: false, handler: async () => ({ status: 200, body: {} }), ...over.op };
  const rawQuery = over.rawQuery ?? {};
  const version = versionRequest(resolveVersion(over.pin, AT), path, rawQuery);
  return {
    deps: {} as Deps,
    req,
    res,
    state: { requestId: 'r', started: 0 },
    version,
    params: {},
    query: version.query,
    body: undefined,
    principal: null,
    access: { tier: undefined, caps: null },
    ...over,
    op,
    fake,
  };
}

export const answer =
  (result: Result = { status: 200, body: { data: [] } }) =>
  async (): Promise<Result> =>
    result;

/** The error code a call throws with, or 'ok'. */
export function codeOf(fn: () => unknown): string {
  try {
    fn();
    return 'ok';
  } catch (e) {
    return (e as { code?: string }).code ?? String(e);
  }
}

/** A meter that records its calls in order (`reserve T C`, `settle T OP C SUCCESS`). */
export function recordingMeter() {
  const log: string[] = [];
  const m: Meter = {
    reserve: async (team, _op, cost) => void log.push(`reserve ${team} ${cost}`),
    settle: (team, op, cost, success) => void log.push(`settle ${team} ${op} ${cost} ${success}`),
  };
  return { m, log };
}
