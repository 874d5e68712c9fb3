import type { NextFunction, Request, Response } from 'express';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenAPIBackend } from 'openapi-backend';
import type { ApiError } from '../../src/errors.js';
import type { HandlerMap } from '../../src/http/context.js';
import { contextOf } from '../../src/pipeline/handler.js';
import { loadDocument } from '../../src/openapi/served.js';
import { buildRouter, methodStage, planOperations } from '../../src/pipeline/routing.js';
import { handlers } from '../../handlers/index.js';
import { AT, exchange } from '../helpers/exchange.js';

let api: OpenAPIBackend;
beforeAll(async () => {
  api = await buildRouter(loadDocument(AT));
});

describe('routing stage', () => {
  it('plans every operation with its scopes, credit cost and lock plan', () => {
    const plans = new Map(planOperations(api, handlers).map((p) => [p.id, p]));
    expect(plans.get('getHealth')).toMatchObject({ method: 'get', scopes: null });
    expect(plans.get('listCompanies')?.scopes).toContain('read:entities');
    expect(plans.get('listCompanies')?.creditCost).toBeGreaterThan(0);
    expect(plans.get('getCompany')?.locks).not.toBeNull();
    expect(plans.get('createApiKey')?.method).toBe('post');
  });

  it('plan-caps the page size of the core lists only, as their x-plan-capped says (funds, nested lists, geo, taxonomy: not)', () => {
    const capped = planOperations(api, handlers).filter((p) => p.planCapped && !p.exportOf).map((p) => p.id).sort();
    expect(capped).toEqual(['listCompanies', 'listEntities', 'listFounders', 'listInvestors', 'listJobs', 'listNews', 'listTransactions', 'listValuations']);
  });

  it('plans an export operation as its list: the same handler, caps, locks and CSV columns, never cached', () => {
    const plans = planOperations(api, handlers);
    const exports = plans.filter((p) => p.exportOf);
    expect(exports.map((p) => [p.id, p.exportOf!.id]).sort()).toEqual(
      plans.filter((p) => p.exportable && !p.exportOf).map((p) => [p.id.replace(/^list/, 'export'), p.id]).sort(),
    );
    expect(exports).toHaveLength(12);
    for (const p of exports) {
      const list = p.exportOf!;
      expect(p, p.id).toMatchObject({ handler: list.handler, planCapped: list.planCapped, locks: list.locks, csv: list.csv, scopes: list.scopes, exportable: true, cache: null });
    }
  });

  it('refuses to start with an export operation whose x-export-of names no list', async () => {
    const doc = loadDocument(AT) as unknown as { paths: Record<string, { get: Record<string, unknown> }> };
    doc.paths['/data/exports/transactions']!.get['x-export-of'] = 'getTransaction';
    const broken = await buildRouter(doc as unknown as Parameters<typeof buildRouter>[0]);
    expect(() => planOperations(broken, handlers)).toThrow(/exportTransactions: x-export-of names getTransaction, which is not a list/);
  });

  it('refuses to start with an operation that has no handler', () => {
    const { listCompanies: _dropped, ...rest } = handlers;
    expect(() => planOperations(api, rest as HandlerMap)).toThrow(/No handler for operations: listCompanies/);
  });

  it('answers an undeclared method on a known path with 405 and Allow, and passes the rest on', () => {
    const run = (method: string, path: string) => {
      let passed: unknown = 'not called';
      methodStage(api)({ method, path } as Request, {} as Response, ((err?: unknown) => (passed = err)) as NextFunction);
      return passed as ApiError | undefined;
    };
    const refused = run('DELETE', '/data/companies');
    expect(refused?.code).toBe('METHOD_NOT_ALLOWED');
    expect(refused?.headers.Allow).toBe('GET');
    expect(run('GET', '/data/companies')).toBeUndefined();
    expect(run('HEAD', '/data/companies')).toBeUndefined();
    expect(run('DELETE', '/no/such/path')).toBeUndefined();
  });
});

describe('handler stage', () => {
  it('needs the list input before the handler runs', () => {
    expect(() => contextOf(exchange())).toThrow(/list input/);
  });
});
