/**
 * The entity directories (SPEC.md 4.10): `/data/entities`, `/data/investors`, `/data/universities`,
 * `/data/gov-ngo` and `/data/people`, each with its `/{id}` detail. Lists share the filter scope
 * `entity` and one sort registry; details serve the same full records as `/data/companies/{id}`
 * and the founder row.
 */
import type { Knex } from 'knex';
import { findEntityByUuid, founderGlance, loadEntities, portfolioGlances, withBlocks, type EntityRow } from '../src/db/entities.js';
import { listDirectory, type Directory } from '../src/db/directory.js';
import type { PageInfo, PageRequest } from '../src/db/paging.js';
import { listPersons } from '../src/db/people.js';
import { notFound } from '../src/errors.js';
import { ok, type Ctx, type Handler, type HandlerMap, type Result } from '../src/http/context.js';
import type { CompiledFilter } from '../src/query/compile.js';
import { prepareList } from '../src/query/list.js';
import { SCOPES } from '../src/query/registry.js';
import type { SortRegistry } from '../src/query/sort.js';
import { bool, organizationFull, organizationSummary } from '../src/serialize/entities.js';
import { founderSummary } from '../src/serialize/people.js';
import { FOUNDERS_GLANCE, PORTFOLIO_GLANCE } from './companies.js';
import { alumniGlance } from './nested.js';
import { FOUNDER_SORTS, personRows } from './founders.js';

const base = [
  { key: 'signal_rating', sql: 'coalesce({b}.signal_rating, -1)' },
  { key: 'name', sql: '{b}.name_lower' },
  { key: 'added_at', sql: '{b}.added_at' },
  { key: 'updated_at', sql: '{b}.updated_at' },
  { key: 'id', sql: '{b}.id' },
];

/** Organization directories: every key has an index per subtype (migration 003). */
export const ORGANIZATION_SORTS: SortRegistry = {
  keys: base,
  default: '-signal_rating',
  id: '{b}.id',
  retired: { created_at: { replacement: 'added_at', since: '2026-10-09', sql: '{b}.added_at' } },
};

export const INVESTOR_SORTS: SortRegistry = {
  ...ORGANIZATION_SORTS,
  keys: [
    ...base,
    { key: 'investments_count', sql: 'coalesce({b}.investor_investments_count, -1)' },
    { key: 'total_invested', sql: 'coalesce({b}.investor_total_invested_usd, -1)' },
  ],
};

type Subtype = NonNullable<EntityRow['subtype']>;

/** The full organization record (any subtype) with its founders and portfolio glances. */
export async function organizationRecord(ctx: Ctx<never>, row: EntityRow) {
  const { db, cfg } = ctx.deps;
  const [entities, founders, portfolio, alumni] = await Promise.all([
    withBlocks(db, [row]),
    founderGlance(db, row.id, FOUNDERS_GLANCE),
    bool(row.is_investor) ? portfolioGlances(db, [row.id], PORTFOLIO_GLANCE).then((m) => m.get(row.id)!) : Promise.resolve(null),
    row.subtype === 'university' ? alumniGlance(ctx, row) : Promise.resolve(null),
  ]);
  const full = organizationFull(cfg.appUrl, entities.get(row.id)!, ctx.money, founders, portfolio);
  if (!alumni) return full;
  // SPEC.md 2.3: a full-only block of universities, listed with the other blocks that hold data
  return { ...full, alumni, available: alumni.total > 0 ? [...full.available, 'alumni'] : full.available };
}

/** An entity by the path UUID, of one subtype (or persons only); 404 otherwise. */
export async function findTyped(ctx: Ctx<never>, id: string, want: Subtype | 'person' | null, noun: string): Promise<EntityRow> {
  const row = await findEntityByUuid(ctx.deps.db, id.toLowerCase());
  const matches = row && (want === null || (want === 'person' ? row.type === 'person' : row.subtype === want));
  if (!row || !matches) throw notFound(`${noun} ${id} not found`);
  return row;
}

/** A page of a directory (filter scope `entity`, alias `e`) read by `read`. */
async function directoryPage<R>(
  ctx: Ctx<never>,
  sorts: SortRegistry,
  core: boolean,
  read: (db: Knex, where: CompiledFilter | null, page: PageRequest) => Promise<{ rows: R[]; page: PageInfo }>,
) {
  const list = prepareList(ctx, { scope: SCOPES.entity!, sorts, alias: 'e', core });
  const { rows, page } = await read(ctx.deps.db, list.where, list.page);
  return { rows, page: { ...page, ...list.extras } };
}

/** A directory page of organizations of one subtype or of every entity. */
const organizationPage = (ctx: Ctx<never>, dir: Directory, sorts: SortRegistry, core: boolean) =>
  directoryPage(ctx, sorts, core, (db, where, page) => listDirectory(db, dir, where, page));

/** A list handler over organizations of one subtype. */
function organizationList<Op extends 'listInvestors' | 'listUniversities' | 'listGovNgos'>(op: Op, subtype: Subtype, sorts: SortRegistry, core: boolean): Handler<Op> {
  return async (typed): Promise<Result> => {
    const ctx = typed as unknown as Ctx<never>;
    const { rows, page } = await organizationPage(ctx, { subtype }, sorts, core);
    const entities = await loadEntities(ctx.deps.db, rows.map((r) => r.id));
    const data = rows.map((r) => organizationSummary(ctx.deps.cfg.appUrl, entities.get(r.id)!, ctx.money));
    return ok(op as 'listInvestors', { data: data as never, page, currency: ctx.money.currency as never });
  };
}

/** A detail handler over organizations of one subtype. */
function organizationDetail<Op extends 'getInvestor' | 'getUniversity' | 'getGovNgo'>(op: Op, subtype: Subtype, noun: string): Handler<Op> {
  return async (typed): Promise<Result> => {
    const ctx = typed as unknown as Ctx<never>;
    const row = await findTyped(ctx, (ctx.params as { id: string }).id, subtype, noun);
    const data = await organizationRecord(ctx, row);
    return ok(op as 'getInvestor', { data: data as never, currency: ctx.money.currency as never });
  };
}

export const organizationHandlers: HandlerMap = {
  listEntities: async (ctx) => {
    const c = ctx as Ctx<never>;
    const { rows, page } = await organizationPage(c, { all: true }, ORGANIZATION_SORTS, true);
    const entities = await loadEntities(ctx.deps.db, rows.map((r) => r.id));
    const data = rows.map((r) => {
      const e = entities.get(r.id)!;
      return e.type === 'person' ? founderSummary(ctx.deps.cfg.appUrl, e, ctx.money) : organizationSummary(ctx.deps.cfg.appUrl, e, ctx.money);
    });
    return ok('listEntities', { data: data as never, page, currency: ctx.money.currency as never });
  },
  getEntity: async (ctx) => {
    const c = ctx as Ctx<never>;
    const row = await findTyped(c, ctx.params.id, null, 'Entity');
    const data = row.type === 'person' ? (await personRows(c, [row], 'full'))[0]! : await organizationRecord(c, row);
    return ok('getEntity', { data: data as never, currency: ctx.money.currency as never });
  },
  listInvestors: organizationList('listInvestors', 'investor', INVESTOR_SORTS, true),
  getInvestor: organizationDetail('getInvestor', 'investor', 'Investor'),
  listUniversities: organizationList('listUniversities', 'university', ORGANIZATION_SORTS, false),
  getUniversity: organizationDetail('getUniversity', 'university', 'University'),
  listGovNgos: organizationList('listGovNgos', 'gov_ngo', ORGANIZATION_SORTS, false),
  getGovNgo: organizationDetail('getGovNgo', 'gov_ngo', 'Government body or NGO'),
  listPeople: async (ctx) => {
    const c = ctx as Ctx<never>;
    const { rows, page } = await directoryPage(c, FOUNDER_SORTS, false, (db, where, p) => listPersons(db, 'persons', where, p));
    const view = ctx.query.view ?? 'full';
    const data = await personRows(c, rows, view);
    return ok('listPeople', { view, data, page, currency: ctx.money.currency as never });
  },
  getPerson: async (ctx) => {
    const c = ctx as Ctx<never>;
    const row = await findTyped(c, ctx.params.id, 'person', 'Person');
    const data = (await personRows(c, [row], 'full'))[0]!;
    return ok('getPerson', { data: data as never, currency: ctx.money.currency as never });
  },
};
