/**
 * The entity directories: `/data/entities`, `/data/investors`, `/data/universities`,
 * `/data/gov-ngo` and `/data/people`, each with its `/{id}` detail. Lists share the filter scope
 * `entity` and one sort registry; details serve the same full records as `/data/companies/{id}`
 * and the founder row.
 */
import type { Db, SortRegistry } from '../src/db/listing.js';
import type { components } from '../generated/api.js';
import { type Directory, INVESTOR_SORTS, listDirectory, ORGANIZATION_SORTS } from '../src/db/directory.js';
import type { PageInfo, PageRequest } from '../src/db/paging.js';
import { FOUNDER_SORTS, listPersons } from '../src/db/people.js';
import { ok, type HandlerMap, type RequestScope, type Result } from '../src/http/context.js';
import { anyEntityFromDocument, documentJoin, entityPageFromDocuments, pageFromRows, type PageRow } from '../src/documents/read.js';
import type { CompiledFilter } from '../src/query/compile.js';
import { prepareList } from '../src/query/list.js';
import { SCOPES } from '../src/query/registry.js';
import { entitySummaries, findTyped } from '../src/services/entities.js';
import { keywordList, withScore } from '../src/services/keyword.js';
import { organizationAnswer, organizationRecord } from '../src/services/organizations.js';
import { rowKindOf, type OrganizationKind } from '../src/db/documents.js';
import { currencyOf, pageEnvelope } from '../src/services/page.js';
import { personAnswer, personKind, personPage, personRecord } from '../src/services/people.js';

type S = components['schemas'];

/** A page of a directory (filter scope `entity`, alias `e`) read by `read`. */
async function directoryPage<R>(
  ctx: Pick<RequestScope, 'deps' | 'list'>,
  sorts: SortRegistry,
  read: (db: Db, where: CompiledFilter | null, page: PageRequest) => Promise<{ rows: R[]; page: PageInfo }>,
) {
  const list = prepareList(ctx.list, { scope: SCOPES.entity!, sorts, alias: 'e' });
  const { rows, page } = await read(ctx.deps.db, list.where, list.page);
  return { rows, page: pageEnvelope(page, list) };
}

/**
 * A directory page of organizations (of one subtype, or every entity), each as its summary record
 * (or a person's): from the rows' summary row documents when each has one, else from the rows.
 */
async function organizationPage(ctx: Pick<RequestScope, 'deps' | 'list' | 'money' | 'principal' | 'version'>, op: DirectoryOperation, dir: Directory, sorts: SortRegistry, keyword?: string) {
  const { rows, page } =
    keyword === undefined
      ? await directoryPage<PageRow & { type: string; subtype: string | null }>(ctx, sorts, (db, where, p) => listDirectory(db, dir, where, p, 'subtype' in dir ? documentJoin(ctx, rowKindOf(dir.subtype)) : undefined))
      : await keywordList(ctx, keyword, 'subtype' in dir ? dir.subtype : null);
  const fromDocuments =
    'subtype' in dir
      ? await pageFromRows(ctx, op, rowKindOf(dir.subtype), rows)
      : keyword === undefined
        ? await entityPageFromDocuments(ctx, op, rows as (PageRow & { type: string; subtype: string | null })[])
        : null;
  if (fromDocuments) return { data: fromDocuments.data, page, currency: currencyOf(ctx.money), locks: fromDocuments.locks, atVersion: fromDocuments.atVersion };
  const summaries = await entitySummaries(ctx, rows.map((r) => r.id));
  const data = rows.map((r) => withScore(summaries.get(r.id)!, r));
  return { data, page, currency: currencyOf(ctx.money) };
}

/** The full record of an organization of one subtype by its path UUID, and its locks when it came from its document. */
async function organizationDetail(ctx: Pick<RequestScope, 'deps' | 'money' | 'principal' | 'version'>, op: DetailOperation, id: string, subtype: OrganizationKind, noun: string) {
  const { data, locks, atVersion } = await organizationAnswer(ctx, op, id, subtype, noun);
  return { body: { data, currency: currencyOf(ctx.money) }, locks, atVersion };
}

type DetailOperation = 'getInvestor' | 'getGovNgo' | 'getUniversity';

type DirectoryOperation = 'listEntities' | 'listInvestors' | 'listUniversities' | 'listGovNgos';
type DirectoryPage = Awaited<ReturnType<typeof organizationPage>>;

/** A directory's answer in the shape of its schema (organizationSummary serves every subtype), with the locks and version its documents brought. */
const directoryAnswer = <T>(op: DirectoryOperation, { data, page, currency, locks, atVersion }: DirectoryPage & Pick<Result, 'locks' | 'atVersion'>) => ({
  ...ok(op, { data: data as T[], page, currency } as Parameters<typeof ok<typeof op>>[1]),
  locks,
  atVersion,
});
/** A record of organizations in the shape of one subtype's schema (organizationFull serves every subtype). */
const asRecord = <T>(r: { data: unknown; currency: S['CurrencyCode'] }) => ({ ...r, data: r.data as T });
/** A detail's answer with the locks its document brought. */
const detail = <T>(op: 'getInvestor' | 'getGovNgo', d: Awaited<ReturnType<typeof organizationDetail>>) => ({ ...ok(op, asRecord<T>(d.body) as Parameters<typeof ok<typeof op>>[1]), locks: d.locks, atVersion: d.atVersion });

export const organizationHandlers: HandlerMap = {
  listEntities: async (ctx) => directoryAnswer<S['EntitySummary']>('listEntities', await organizationPage(ctx, 'listEntities', { all: true }, ORGANIZATION_SORTS, ctx.query.semantic_keyword)),
  getEntity: async (ctx) => {
    const doc = await anyEntityFromDocument(ctx, ctx.params.id);
    if (doc) return ok('getEntity', asRecord<S['EntityFull']>({ data: doc.data, currency: currencyOf(ctx.money) }));
    const row = await findTyped(ctx, ctx.params.id, null, 'Entity');
    const data = row.type === 'person' ? await personRecord(ctx, row) : await organizationRecord(ctx, row);
    return ok('getEntity', asRecord<S['EntityFull']>({ data, currency: currencyOf(ctx.money) }));
  },
  listInvestors: async (ctx) => directoryAnswer<S['InvestorSummary']>('listInvestors', await organizationPage(ctx, 'listInvestors', { subtype: 'investor' }, INVESTOR_SORTS, ctx.query.semantic_keyword)),
  getInvestor: async (ctx) => detail<S['InvestorFull']>('getInvestor', await organizationDetail(ctx, 'getInvestor', ctx.params.id, 'investor', 'Investor')),
  listUniversities: async (ctx) => directoryAnswer<S['UniversitySummary']>('listUniversities', await organizationPage(ctx, 'listUniversities', { subtype: 'university' }, ORGANIZATION_SORTS)),
  getUniversity: async (ctx) => {
    const { body, locks, atVersion } = await organizationDetail(ctx, 'getUniversity', ctx.params.id, 'university', 'University');
    return { ...ok('getUniversity', asRecord<S['UniversityFull']>(body)), locks, atVersion };
  },
  listGovNgos: async (ctx) => directoryAnswer<S['GovNgoSummary']>('listGovNgos', await organizationPage(ctx, 'listGovNgos', { subtype: 'gov_ngo' }, ORGANIZATION_SORTS)),
  getGovNgo: async (ctx) => detail<S['GovNgoFull']>('getGovNgo', await organizationDetail(ctx, 'getGovNgo', ctx.params.id, 'gov_ngo', 'Government body or NGO')),
  listPeople: async (ctx) => {
    const view = ctx.query.view ?? 'full';
    const { rows, page } = await directoryPage(ctx, FOUNDER_SORTS, (db, where, p) => listPersons(db, 'persons', where, p, documentJoin(ctx, personKind(view))));
    const { data, locks } = await personPage(ctx, 'listPeople', rows, view);
    return { ...ok('listPeople', { view, data: data as S['FounderList']['data'], page, currency: currencyOf(ctx.money) }), locks };
  },
  getPerson: async (ctx) => {
    const { data, locks, atVersion } = await personAnswer(ctx, 'getPerson', ctx.params.id);
    return { ...ok('getPerson', { data, currency: currencyOf(ctx.money) }), locks, atVersion };
  },
};
