/**
 * The bench scenarios answered with the same repository functions (src/db/, same driver and SQL),
 * the same query compilation (src/query/) and the same serialisers (src/serialize/, src/analytics/)
 * as our handlers, and nothing else: the work both baselines share (baseline-server.ts,
 * samework-server.ts). Configured from the environment (DATABASE_URL, CURSOR_SECRET).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { FOUNDERS_GLANCE } from '../src/services/organizations.js';
import { PORTFOLIO_GLANCE } from '../src/services/people.js';
import { funnel, heatmap } from '../src/analytics/heatmap.js';
import { loadConfig } from '../src/config.js';
import { findEntityByUuid, founderGlance, loadEntities, portfolioGlances, withBlocks } from '../src/db/entities.js';
import { createDb } from '../src/db/knex.js';
import type { PageRequest } from '../src/db/paging.js';
import { careerGlances, educationGlances, FOUNDER_SORTS, listPersons } from '../src/db/people.js';
import { findTransaction, listTransactions, loadInvestorLinks, TRANSACTION_SORTS, type TransactionRow } from '../src/db/transactions.js';
import { Fx, type Money } from '../src/money/fx.js';
import { compileFilter } from '../src/query/compile.js';
import { decodeCursor } from '../src/query/cursor.js';
import { pageRequest } from '../src/query/page.js';
import { parseFilter, printFilter } from '../src/query/filter.js';
import { SCOPES, type FilterScope } from '../src/query/registry.js';
import { resolveSort, type SortRegistry } from '../src/query/sort.js';
import { loadHits, normalizeTerm, searchEntities, type SearchKind } from '../src/db/search.js';
import { bool, entityRef, organizationFull } from '../src/serialize/entities.js';
import { founderFull } from '../src/serialize/people.js';
import { transaction } from '../src/serialize/transactions.js';
import { resolveVersion } from '../src/versions/resolve.js';
import { upgradeFilter } from '../src/versions/filters.js';
import type { Metric } from '../src/db/analytics.js';

export const cfg = loadConfig();
export const db = createDb(cfg);
const fx = new Fx(db);
const version = resolveVersion(undefined, new Date());

function list(q: URLSearchParams, scope: FilterScope, sorts: SortRegistry, alias: string) {
  const raw = q.get('filter');
  const ast = raw ? upgradeFilter(parseFilter(raw), version) : null;
  const normalized = ast ? printFilter(ast) : '';
  const money = q.get('currency');
  void money;
  return (m: Money) => {
    const where = compileFilter(ast, scope, { alias, money: m });
    const sort = resolveSort(q.get('sort') ?? undefined, sorts, alias, version.date);
    const c = q.get('cursor');
    const cursor = c ? decodeCursor(c, cfg.cursorSecret, { sort: sort.canonical, filter: normalized, parent: null }) : null;
    const limit = cursor?.limit ?? Number(q.get('limit') ?? 25);
    const page: PageRequest = pageRequest({
      sort,
      limit,
      cursor: cursor ? { ...cursor, limit } : null,
      includeTotal: false,
      filter: normalized,
      parent: null,
      version: version.date,
      secret: cfg.cursorSecret,
      budgetMs: cfg.queryBudgetMs,
    });
    return { where, page };
  };
}

async function transactions(rows: TransactionRow[], m: Money) {
  const [companies, investors] = await Promise.all([loadEntities(db, rows.map((r) => r.company_id)), loadInvestorLinks(db, rows.map((r) => r.id))]);
  return rows.map((r) => transaction(cfg.appUrl, r, companies.get(r.company_id)!, investors.get(r.id) ?? [], m));
}

export async function route(url: URL): Promise<[number, unknown]> {
  const m = await fx.converter((url.searchParams.get('currency') ?? 'USD').toUpperCase());
  const p = url.pathname;
  let match: RegExpExecArray | null;
  if ((match = /^\/data\/transactions\/(\d+)$/.exec(p))) {
    const row = await findTransaction(db, Number(match[1]));
    if (!row) return [404, { error: { code: 'NOT_FOUND', message: 'not found', details: null } }];
    const [data] = await transactions([row], m);
    return [200, { data, currency: m.currency }];
  }
  if (p === '/data/transactions') {
    const { where, page } = list(url.searchParams, SCOPES.funding!, TRANSACTION_SORTS, 't')(m);
    const res = await listTransactions(db, where, page);
    return [200, { data: await transactions(res.rows, m), page: { ...res.page, tier: 'premium' }, currency: m.currency }];
  }
  if ((match = /^\/data\/companies\/([0-9a-fA-F-]{36})$/.exec(p))) {
    const row = await findEntityByUuid(db, match[1]!.toLowerCase(), 'company');
    if (!row) return [404, { error: { code: 'NOT_FOUND', message: 'not found', details: null } }];
    const [entities, founders, portfolio] = await Promise.all([
      withBlocks(db, [row]),
      founderGlance(db, row.id, FOUNDERS_GLANCE),
      bool(row.is_investor) ? portfolioGlances(db, [row.id], PORTFOLIO_GLANCE).then((x) => x.get(row.id)!) : Promise.resolve(null),
    ]);
    const data = organizationFull(cfg.appUrl, entities.get(row.id)!, m, founders, portfolio);
    return [200, { data: { ...data, subtype: 'company' }, currency: m.currency }];
  }
  if (p === '/data/founders') {
    const { where, page } = list(url.searchParams, SCOPES.entity!, FOUNDER_SORTS, 'e')(m);
    const res = await listPersons(db, 'founders', where, page);
    const ids = res.rows.map((r) => r.id);
    const investorIds = res.rows.filter((r) => bool(r.is_investor)).map((r) => r.id);
    const [entities, career, education, portfolio] = await Promise.all([
      withBlocks(db, res.rows),
      careerGlances(db, ids, 5),
      educationGlances(db, ids, 5),
      portfolioGlances(db, investorIds, 10),
    ]);
    const data = res.rows.map((r) =>
      founderFull(cfg.appUrl, entities.get(r.id)!, m, { career: career.get(r.id)!, education: education.get(r.id)!, portfolio: portfolio.get(r.id) ?? null }),
    );
    return [200, { view: 'full', data, page: { ...res.page, tier: 'premium' }, currency: m.currency }];
  }
  if (p === '/analytics/funding-analytics/heatmap') {
    const q = url.searchParams;
    const body = await heatmap(
      db,
      null,
      { x: q.get('x')!, y: q.get('y')!, metric: (q.get('metric') ?? 'count') as Metric, topX: 15, topY: 15, budgetMs: cfg.queryBudgetMs },
      m,
    );
    return [200, body];
  }
  if (p === '/analytics/funding-analytics/funnel') {
    const started = performance.now();
    const { dimension, ...rest } = await funnel(db, null, { dimension: url.searchParams.get('dimension') ?? 'sector', topN: 15, budgetMs: cfg.queryBudgetMs }, m);
    return [200, { ...rest, query_info: { dimension, top_n: 15, timing_ms: Math.round((performance.now() - started) * 100) / 100 } }];
  }
  if (p === '/data/search') {
    // page 1 only (the bench does not follow search cursors); same ranking as handlers/search.ts
    const q = normalizeTerm(url.searchParams.get('q') ?? '');
    const kind = (url.searchParams.get('type') ?? null) as SearchKind | null;
    const sorts: SortRegistry = { keys: [{ key: 'match', sql: 'x.best' }, { key: 'signal_rating', sql: 'x.signal' }], default: 'match,-signal_rating', id: 'x.entity_id' };
    const { page } = list(new URLSearchParams({ limit: url.searchParams.get('limit') ?? '10' }), { name: 'search', description: '', keys: [] } as unknown as FilterScope, sorts, 'x')(m);
    const res = await searchEntities(db, q, kind, page);
    const entities = await loadHits(db, res.rows.map((r) => r.entity_id));
    const MATCH = [
      { field: 'name', kind: 'exact' },
      { field: 'domain', kind: 'exact' },
      { field: 'name', kind: 'prefix' },
      { field: 'domain', kind: 'prefix' },
      { field: 'name', kind: 'substring' },
    ];
    const data = res.rows.map((r) => {
      const e = entities.get(r.entity_id)!;
      return { ...entityRef(cfg.appUrl, e), domain: e.domain, tagline: e.tagline, signal_rating: e.signal_rating, match: MATCH[Number(r.best)] ?? MATCH[4]! };
    });
    return [200, { data, page: { ...res.page, tier: 'premium' } }];
  }
  return [404, { error: { code: 'NOT_FOUND', message: `no baseline route for ${p}`, details: null } }];
}


/** Serves `listener` on a free loopback port, reports `{ready, baseUrl}` to run.ts, and on SIGTERM
 * (or the parent's going) closes the connections, runs `cleanup` and the pool's close, and exits. */
export function serve(listener: http.RequestListener, cleanup: () => Promise<unknown> = async () => undefined): void {
  const server = http.createServer(listener);
  server.keepAliveTimeout = 5_000;
  server.listen(0, '127.0.0.1', () => {
    process.send?.({ ready: true, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  });
  const stop = () => {
    server.closeAllConnections();
    server.close(() => {
      cleanup()
        .catch(() => undefined)
        .finally(() => db.destroy().finally(() => process.exit(0)));
    });
  };
  process.once('SIGTERM', stop);
  process.on('disconnect', stop);
}
