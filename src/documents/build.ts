/**
 * Record documents (docs/scaling.md, "Record documents"): the one builder of the stored JSON of a
 * round (the `Transaction` of `getTransaction`), of an organization (the record of `getCompany`,
 * `getInvestor`, `getGovNgo`, `getUniversity` by its subtype; `getEntity` too), of an entity's
 * summary row in its directory (`listCompanies`, `listInvestors`, `listGovNgos`,
 * `listUniversities`, the summary view of the people lists; `listEntities` too), of a person (the
 * `FounderFull` of `getPerson`), of a fund, a valuation, an active job opening and a news article,
 * used by the seed, by the import engine in the transaction of its change (src/import/derived.ts) and by
 * `verify`. A document is built by the response serialisers themselves, at the latest version, in
 * USD, for a caller who sees every field, with `service_url`s relative to the web app; next to it
 * the paths where the request's policies act: money (converted to the request currency) and
 * lockable fields (src/access/locked.ts `lockSites`), and the text edits of its version downgrades
 * (src/documents/downgrades.ts), so a response changes only those; for the rows of a list with a
 * CSV export, the row's CSV record too (src/http/csv.ts `csvParts`).
 */
import type { Knex } from 'knex';
import {
  deleteDocuments,
  DOCUMENT_KINDS,
  documentBatch,
  documentIdBatch,
  entitiesAmong,
  entitiesShowing,
  entityKindOf,
  RECORD_TABLES,
  recordIdBatch,
  recordsShowing,
  roundsByCompany,
  roundsShowing,
  subtypeOf,
  writeDocuments,
  type DocumentKind,
  type DocumentPath as Path,
  type DocumentRow,
  type EntityKind,
  type RecordKind,
} from '../db/documents.js';
import type { RecordTable } from '../db/changes.js';
import { activeJobsByIds } from '../db/jobs.js';
import { loadEntities, type EntityWithBlocks } from '../db/entities.js';
import { FUNDS, loadNewsLinks, NEWS, recordsByIds, VALUATIONS } from '../db/records.js';
import { jobOpening } from '../serialize/jobs.js';
import { fund, newsArticle, valuation } from '../serialize/records.js';
import { transactionsByIds } from '../db/transactions.js';
import type { Deps, RequestScope } from '../http/context.js';
import { Money } from '../money/fx.js';
import { organizationSummary } from '../serialize/entities.js';
import { founderSummary } from '../serialize/people.js';
import { organizationRecords } from '../services/organizations.js';
import { personRecords } from '../services/people.js';
import { transactionRecords } from '../services/transactions.js';
import { resolveVersion } from '../versions/resolve.js';
import { storedFields } from '../db/legacyFields.js';
import { finishRows, type FinishJob, type KnownFields } from './finish.js';
import { listCsvColumns, operationLockPlan } from './plans.js';
import { finishInWorker } from './pool.js';
import type { StoredFields } from '../versions/change.js';

/** A money value the serialisers produced, in USD, until its place in the document is known. */
class MoneyMark {
  constructor(readonly usd: number) {}
}

/** USD money that marks every amount it converts, so the builder learns each money path. */
class MarkingMoney extends Money {
  constructor() {
    super('USD', 1);
  }

  override out(usd: number | null | undefined): number | null {
    const v = super.out(usd);
    return v === null ? null : (new MoneyMark(v) as unknown as number);
  }
}

/**
 * What a walk of a record found: its money paths, and whether it is plain JSON data (objects and
 * arrays of strings, finite numbers, booleans and nulls; `undefined` left out as JSON leaves it), so
 * that its JSON text parsed back would give the same values (its CSV record is then read from it).
 */
interface Walk {
  money: Path[];
  plain: boolean;
  /**
   * Holds a value a structured clone does not keep as it is (an instance of a class other than
   * `Date`, a function): such a record is finished on its own thread, never sent to the worker.
   */
  foreign: boolean;
  /** Has an object member whose value is `undefined` (JSON leaves it out; a lock plan sees the key). */
  holes: boolean;
  /** Objects several records hold (a company's summary in each of its rounds): each walked once, its findings relative to it. */
  shared: Map<object, Walk | null>;
}

const PLAIN_PROTOTYPES: ReadonlySet<unknown> = new Set([Object.prototype, Array.prototype, null]);

/** Notes an object's prototype: plain JSON data, cloned as it is (a `Date` too), or neither. */
function notePrototype(v: object, out: Walk): void {
  const proto = Object.getPrototypeOf(v);
  if (PLAIN_PROTOTYPES.has(proto)) return;
  out.plain = false;
  if (proto !== Date.prototype) out.foreign = true;
}

/** Notes a scalar that is not plain JSON data (`undefined` is, as a member JSON leaves out). */
function noteScalar(v: unknown, out: Walk): void {
  if (plainScalar(v)) return;
  out.plain = false;
  if (typeof v === 'function' || typeof v === 'symbol') out.foreign = true;
}

/**
 * Replaces the marks by their USD amounts; the paths where they were, depth first. One path stack
 * walks the document (a copy of the path per node cost more than the rest of a round's document).
 */
function settleMoney(value: unknown, path: Path, out: Walk): void {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = settleChild(value[i], i, path, out);
  } else if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    for (const k of Object.keys(o)) {
      const v = o[k];
      if (v !== null && typeof v === 'object') o[k] = settleChild(v, k, path, out);
      else {
        if (v === undefined) out.holes = true;
        if (out.plain || !out.foreign) noteScalar(v, out);
      }
    }
  }
}

const plainScalar = (v: unknown): boolean => {
  const t = typeof v;
  return t === 'string' || t === 'boolean' || t === 'undefined' || v === null || (t === 'number' && Number.isFinite(v));
};

function settleChild(v: unknown, at: string | number, path: Path, out: Walk): unknown {
  if (v === null || typeof v !== 'object') {
    // an array's member: JSON writes `undefined` there as null
    if (v === undefined) out.plain = false;
    else if (out.plain || !out.foreign) noteScalar(v, out);
    return v;
  }
  path.push(at);
  if (v instanceof MoneyMark) {
    out.money.push([...path]);
    path.pop();
    return v.usd;
  }
  if (out.plain || !out.foreign) notePrototype(v, out);
  if (out.shared.has(v)) {
    // settled in place by its first walk: later ones take its paths from there
    let seen = out.shared.get(v)!;
    if (!seen) {
      seen = { money: [], plain: true, foreign: false, holes: false, shared: out.shared };
      settleMoney(v, [], seen);
      out.shared.set(v, seen);
    }
    for (const p of seen.money) out.money.push([...path, ...p]);
    if (!seen.plain) out.plain = false;
    if (seen.foreign) out.foreign = true;
    if (seen.holes) out.holes = true;
  } else settleMoney(v, path, out);
  path.pop();
  return v;
}

/**
 * The operation whose answer's `data` the documents of a kind are (a list's: one of its rows), and
 * the list whose rows they are in CSV exports (`csv`: its columns give the stored CSV record).
 */
const OPERATION: Record<DocumentKind, { id: string; row: boolean; csv?: string }> = {
  transaction: { id: 'getTransaction', row: false, csv: 'listTransactions' },
  company: { id: 'getCompany', row: false },
  investor: { id: 'getInvestor', row: false },
  gov_ngo: { id: 'getGovNgo', row: false },
  university: { id: 'getUniversity', row: false },
  company_row: { id: 'listCompanies', row: true, csv: 'listCompanies' },
  investor_row: { id: 'listInvestors', row: true },
  gov_ngo_row: { id: 'listGovNgos', row: true },
  university_row: { id: 'listUniversities', row: true },
  // a summary row of `listPeople` and `listFounders` (one `FounderList` schema, one lock plan)
  person_row: { id: 'listPeople', row: true },
  // the full view of `listFounders` and `listPeople` rows is the same `FounderFull`, with the same lock sites
  person: { id: 'getPerson', row: false },
  // a `listFunds` row is the same `Fund`
  fund: { id: 'getFund', row: false },
  // the rows of `listValuations` and `listCompanyValuations`, `listJobs` and `listNews` are the same records as their details
  valuation: { id: 'getValuation', row: false },
  job: { id: 'getJob', row: false, csv: 'listJobs' },
  news: { id: 'getNews', row: false },
};

/** The kinds of entities' documents. */
const ENTITY_DOCUMENT_KINDS = DOCUMENT_KINDS.filter((k) => subtypeOf(k) !== null);

/**
 * A scope of a caller who sees every field, with relative `service_url`s (the reader prefixes the
 * web app). A university's alumni glance is a page of the list reader: its cursor is minted and
 * dropped (any secret), and a build outside a transaction (the seed's last step) reads under a
 * budget no request has.
 */
function builderScope(db: Knex): Pick<RequestScope, 'deps' | 'money' | 'version'> {
  return { deps: { db, cfg: { appUrl: '', cursorSecret: 'record-documents', queryBudgetMs: 600_000 } } as unknown as Deps, money: new MarkingMoney(), version: resolveVersion(undefined, new Date()) };
}

/**
 * Where a batch's settled records are finished (src/documents/finish.ts): on this thread, or in the
 * documents' worker while this thread reads and serialises the next batch.
 */
type Finisher = (job: FinishJob, stored: StoredFields) => Promise<DocumentRow[]>;

const HERE: Finisher = finishRows;

/**
 * In the worker, but a batch holding a value a structured clone would change is finished here. A
 * batch whose records are JSON data exactly (plain, no member left out) goes as their JSON text,
 * which the worker parses back into the same values (src/documents/pool.ts).
 */
const OFF_THREAD: Finisher = (job, stored) => {
  const walks = job.settled as Walk[];
  if (walks.some((w) => w.foreign)) return finishRows(job, stored);
  const asText = walks.every((w) => w.plain && !w.holes);
  return finishInWorker({ ...job, settled: walks.map((w) => ({ money: w.money, plain: w.plain })) }, stored, asText);
};

/**
 * The rows of records of a kind: money settled, lock sites found, version downgrades precomputed.
 * `shared`: objects several of the records hold, walked and written as text once.
 */
async function toRows(db: Knex, kind: DocumentKind, ids: readonly number[], records: readonly unknown[], finish: Finisher, shared: ReadonlySet<object> = new Set(), known?: KnownFields): Promise<DocumentRow[]> {
  const walked = new Map<object, Walk | null>([...shared].map((o) => [o, null]));
  const walks = records.map((data) => {
    const walk: Walk = { money: [], plain: true, foreign: false, holes: false, shared: walked };
    if (data !== null && typeof data === 'object') notePrototype(data, walk);
    else walk.plain = false;
    settleMoney(data, [], walk);
    return walk;
  });
  const op = OPERATION[kind];
  return finish({ operationId: op.id, row: op.row, plan: operationLockPlan(op.id), columns: op.csv ? listCsvColumns(op.csv) : null, ids, records: records as Record<string, unknown>[], settled: walks, shared: [...shared], known }, storedFields(db));
}

/** The documents of these rounds (those that exist); `companies`: their companies read already with their blocks. */
async function buildTransactionDocuments(db: Knex, ids: readonly number[], finish: Finisher = HERE, companies?: ReadonlyMap<number, EntityWithBlocks>): Promise<DocumentRow[]> {
  const rows = await transactionsByIds(db, ids);
  const data = await transactionRecords(builderScope(db), rows, { shareCompanies: true, companies });
  // a round's stored `created_at` (its downgrade's) is in the row just read
  const known: KnownFields = { transactionCreatedAt: rows.map((r) => [Number(r.id), r.created_at]) };
  return toRows(db, 'transaction', rows.map((r) => r.id), data, finish, new Set(data.map((d) => d.company)), known);
}

/** Of these ids, the entities of this kind (an organization subtype, or persons), in id order. */
async function entitiesOfKind(db: Knex, kind: EntityKind, ids: readonly number[]): Promise<EntityWithBlocks[]> {
  const entities = await loadEntities(db, [...ids]);
  return [...ids].sort((a, b) => a - b).flatMap((id) => {
    const e = entities.get(id);
    return e && entityKindOf(e) === kind ? [e] : [];
  });
}

/**
 * The documents of a kind of these entities (read with their blocks): an organization's full record
 * (a batch's glances at once), a person's full record (`FounderFull` with their career, education
 * and portfolio glances), or an entity's summary row (an organization's summary, a person's
 * `FounderSummary`: from the entity and its blocks alone).
 */
async function entityDocuments(db: Knex, kind: DocumentKind, entities: readonly EntityWithBlocks[], finish: Finisher = HERE): Promise<DocumentRow[]> {
  const scope = builderScope(db);
  const { appUrl } = scope.deps.cfg;
  const records =
    kind === 'person_row'
      ? entities.map((e) => founderSummary(appUrl, e, scope.money))
      : kind.endsWith('_row')
        ? entities.map((e) => organizationSummary(appUrl, e, scope.money))
        : kind === 'person'
          ? await personRecords(scope, entities, 'full')
          : await organizationRecords(scope, entities);
  return toRows(db, kind, entities.map((e) => e.id), records, finish);
}

/** The kinds of document of a kind of entity (its full record, then its summary row), built from one read of its entities. */
const KINDS_OF: Record<EntityKind, readonly DocumentKind[]> = {
  company: ['company', 'company_row'],
  investor: ['investor', 'investor_row'],
  gov_ngo: ['gov_ngo', 'gov_ngo_row'],
  university: ['university', 'university_row'],
  person: ['person', 'person_row'],
};

/** The kinds of entity that have documents. */
const ENTITY_KINDS = Object.keys(KINDS_OF) as EntityKind[];

/** The records of a table of their own besides rounds, each kept as one document of its own. */
type OwnKind = Exclude<RecordKind, 'transaction'>;
const OWN_KINDS: readonly OwnKind[] = ['fund', 'valuation', 'job', 'news'];

/**
 * The documents of these records of a kind (those that exist; of jobs, those active) from their
 * serialisers: a fund with its investor's ref, a valuation with its company's, a job opening with its
 * organization's, a news article with the entities it names and its taxonomy.
 */
async function buildOwnDocuments(db: Knex, kind: OwnKind, ids: readonly number[], finish: Finisher = HERE): Promise<DocumentRow[]> {
  const { deps, money } = builderScope(db);
  const { appUrl } = deps.cfg;
  const made: { ids: number[]; records: unknown[] } =
    kind === 'job'
      ? await activeJobsByIds(db, ids).then((rows) => ({ ids: rows.map((j) => j.id), records: rows.map((j) => jobOpening(appUrl, j)) }))
      : await recordsByIds(db, { fund: FUNDS, valuation: VALUATIONS, news: NEWS }[kind], ids).then(async (rows) => {
          const id = rows.map((r) => Number(r.id));
          if (kind === 'fund') return { ids: id, records: rows.map((r) => fund(appUrl, r, money)) };
          if (kind === 'valuation') return { ids: id, records: rows.map((r) => valuation(appUrl, r, money)) };
          const links = await loadNewsLinks(db, id);
          return { ids: id, records: rows.map((r) => newsArticle(appUrl, r, links)) };
        });
  return toRows(db, kind, made.ids, made.records, finish);
}

type Build = (db: Knex, ids: readonly number[], finish?: Finisher) => Promise<DocumentRow[]>;

const BUILD: Record<DocumentKind, Build> = {
  transaction: buildTransactionDocuments,
  ...(Object.fromEntries(OWN_KINDS.map((k) => [k, (db: Knex, ids: readonly number[], finish?: Finisher) => buildOwnDocuments(db, k, ids, finish)])) as Record<OwnKind, Build>),
  ...(Object.fromEntries(ENTITY_DOCUMENT_KINDS.map((k) => [k, async (db: Knex, ids: readonly number[], finish?: Finisher) => entityDocuments(db, k, await entitiesOfKind(db, subtypeOf(k)!, ids), finish)])) as Record<Exclude<DocumentKind, RecordKind>, Build>),
};

/** Records per build batch. */
const BATCH = 400;

/**
 * The batches of a rebuild, two at a time when there are several: while the worker finishes one
 * batch's documents, this thread reads and serialises the next (both in the caller's transaction,
 * whose statements run one after another); a single batch is finished here, with no worker. Every
 * batch has settled before this returns or throws, so no statement outlives a failed rebuild.
 */
async function inBatches(ids: readonly number[], build: (part: readonly number[], finish: Finisher) => Promise<number>): Promise<number> {
  const parts: (readonly number[])[] = [];
  for (let i = 0; i < ids.length; i += BATCH) parts.push(ids.slice(i, i + BATCH));
  if (parts.length <= 1) return parts.length ? build(parts[0]!, HERE) : 0;
  let n = 0;
  let failed: unknown = null;
  let next = 0;
  const lane = async () => {
    while (failed === null && next < parts.length) {
      const part = parts[next++]!;
      try {
        // read after the await: the other lane adds to it meanwhile
        const built = await build(part, OFF_THREAD);
        n += built;
      } catch (e) {
        failed ??= e;
      }
    }
  };
  await Promise.all([lane(), lane()]);
  if (failed !== null) throw failed;
  return n;
}

/** Writes the documents of a batch of records of a kind and deletes those of the batch's records that have none. */
async function replaceBatch(db: Knex, kind: DocumentKind, part: readonly number[], docs: readonly DocumentRow[]): Promise<number> {
  await writeDocuments(db, kind, docs);
  const built = new Set(docs.map((d) => d.record_id));
  await deleteDocuments(db, kind, part.filter((id) => !built.has(id)));
  return docs.length;
}

/** Rounds by their company, each company's in id order. */
type RoundsOf = Map<number, number[]>;

/** The rounds that exist among these, by company (in company order); the documents of the others deleted. */
async function existingRounds(db: Knex, ids: readonly number[]): Promise<RoundsOf> {
  const existing = await roundsByCompany(db, ids);
  const kept = new Set(existing.map((r) => r.id));
  await deleteDocuments(db, 'transaction', ids.filter((id) => !kept.has(id)));
  const out: RoundsOf = new Map();
  for (const r of existing) {
    const list = out.get(r.company_id);
    if (list) list.push(r.id);
    else out.set(r.company_id, [r.id]);
  }
  return out;
}

/**
 * The documents of rounds, in batches of rounds of the same companies (each batch reads its
 * companies with their blocks: by id, a batch of a large import read nearly a company per round).
 */
async function rebuildRounds(db: Knex, rounds: RoundsOf): Promise<number> {
  return inBatches([...rounds.values()].flat(), async (part, finish) => replaceBatch(db, 'transaction', part, await buildTransactionDocuments(db, part, finish)));
}

/** The documents of these rounds (a deleted one's removed). */
async function rebuildTransactions(db: Knex, ids: readonly number[]): Promise<number> {
  return rebuildRounds(db, await existingRounds(db, ids));
}

/** The documents of records of a kind (rounds and funds), a batch at a time. */
async function rebuild(db: Knex, kind: DocumentKind, ids: readonly number[]): Promise<number> {
  return inBatches(ids, async (part, finish) => replaceBatch(db, kind, part, await BUILD[kind](db, part, finish)));
}

/**
 * Every kind of document of these entities of a kind, a batch's entities read once for all kinds,
 * and for the documents of their rounds among `rounds` (a round's document holds its company's
 * summary: built apart, each company was read twice, once for its rounds and once for itself).
 */
async function rebuildEntities(db: Knex, kind: EntityKind, ids: readonly number[], rounds: RoundsOf = new Map()): Promise<{ entities: number; rounds: number }> {
  let built = 0;
  const entities = await inBatches(ids, async (part, finish) => {
    const read = await entitiesOfKind(db, kind, part);
    let n = 0;
    for (const k of KINDS_OF[kind]) n += await replaceBatch(db, k, part, await entityDocuments(db, k, read, finish));
    const theirs = read.flatMap((e) => rounds.get(e.id) ?? []);
    const companies = new Map(read.map((e) => [e.id, e]));
    for (let i = 0; i < theirs.length; i += BATCH) {
      const batch = theirs.slice(i, i + BATCH);
      const written = await replaceBatch(db, 'transaction', batch, await buildTransactionDocuments(db, batch, finish, companies));
      // added after the await: the other lane adds to it meanwhile
      built += written;
    }
    return n;
  });
  return { entities, rounds: built };
}

/**
 * The documents of these rounds and of these entities by kind: the rounds of the companies among
 * them built in their companies' batches (rebuildEntities), the others apart. `gone`: entities whose
 * documents of the kinds they are not (any more) go.
 */
async function rebuildRoundsAndEntities(db: Knex, out: DocumentsRefreshed, roundIds: readonly number[], byKind: ReadonlyMap<EntityKind, readonly number[]>, gone: readonly number[] = []): Promise<void> {
  const rounds = await existingRounds(db, roundIds);
  const companies = new Set(byKind.get('company'));
  out.transactions += await rebuildRounds(db, new Map([...rounds].filter(([company]) => !companies.has(company))));
  for (const kind of ENTITY_KINDS) {
    const ids = [...(byKind.get(kind) ?? [])].sort((a, b) => a - b);
    // a deleted entity's documents go too, and one whose subtype changed leaves its old kinds
    const kept = new Set(ids);
    for (const k of KINDS_OF[kind]) await deleteDocuments(db, k, gone.filter((id) => !kept.has(id)));
    const built = await rebuildEntities(db, kind, ids, kind === 'company' ? rounds : undefined);
    out[kind === 'person' ? 'people' : 'organizations'] += built.entities;
    out.transactions += built.rounds;
  }
}

/** Documents rebuilt: of rounds, of organizations (full records and summary rows), of people (both), and of each table of records of its own. */
export type DocumentsRefreshed = { transactions: number; organizations: number; people: number } & Record<RecordTable, number>;

/** No documents rebuilt. */
export const NO_DOCUMENTS: Readonly<DocumentsRefreshed> = { transactions: 0, organizations: 0, people: 0, funds: 0, valuations: 0, jobs: 0, news: 0 };

/** Records of a table of their own changed by a write, by their table. */
export type ChangedRecords = Partial<Record<RecordTable, readonly number[]>>;

/** Every document of these records of each kind of their own, a batch at a time. */
async function rebuildOwn(db: Knex, out: DocumentsRefreshed, ids: (kind: OwnKind) => Promise<readonly number[]>): Promise<void> {
  for (const kind of OWN_KINDS) out[RECORD_TABLES[kind]] += await rebuild(db, kind, [...new Set(await ids(kind))].sort((a, b) => a - b));
}

/**
 * Rebuilds every document that shows a changed round, entity or record: the rounds themselves and
 * the rounds of the entities (a renamed company or investor is in every round that shows it), the
 * organizations among the entities and those whose figures, portfolio or founders they are, and the
 * people among them and whose career, education or portfolio shows them; the funds, valuations, job
 * openings and news articles themselves and those that show the entities (an investor renamed is in
 * its funds' refs, a company renamed in its valuations', jobs' and articles').
 */
export async function refreshDocuments(db: Knex, rounds: readonly number[], entities: readonly number[], records: ChangedRecords = {}): Promise<DocumentsRefreshed> {
  const roundIds = [...new Set([...rounds, ...(await roundsShowing(db, entities))])].sort((a, b) => a - b);
  const byKind = await entitiesAmong(db, await entitiesShowing(db, roundIds, entities));
  const out: DocumentsRefreshed = { ...NO_DOCUMENTS };
  await rebuildOwn(db, out, async (kind) => [...(records[RECORD_TABLES[kind]] ?? []), ...(await recordsShowing(db, kind, entities))]);
  await rebuildRoundsAndEntities(db, out, roundIds, byKind, entities);
  return out;
}

async function everyId(db: Knex, kind: DocumentKind): Promise<number[]> {
  const ids: number[] = [];
  for (let batch = await recordIdBatch(db, kind, 0, 5000); batch.length; batch = await recordIdBatch(db, kind, batch[batch.length - 1]!, 5000)) ids.push(...batch);
  return ids;
}

/**
 * The documents every record lacks, built (a rebuild cut short leaves the table neither empty, which
 * `migrate` fills, nor whole; a kind new to a database has none): per entity kind, the entities
 * missing any kind of theirs; the rounds, funds, valuations, active jobs and news articles without one.
 * `kinds`: only the documents of these kinds.
 */
export async function completeDocuments(db: Knex, kinds: readonly DocumentKind[] = DOCUMENT_KINDS): Promise<DocumentsRefreshed> {
  const missing = async (kind: DocumentKind) => {
    if (!kinds.includes(kind)) return [];
    const have = new Set(await storedIds(db, kind));
    return (await everyId(db, kind)).filter((id) => !have.has(id));
  };
  const out: DocumentsRefreshed = { ...NO_DOCUMENTS, transactions: await rebuildTransactions(db, await missing('transaction')) };
  await rebuildOwn(db, out, missing);
  for (const kind of ENTITY_KINDS) {
    const ids = new Set<number>();
    for (const k of KINDS_OF[kind]) for (const id of await missing(k)) ids.add(id);
    out[kind === 'person' ? 'people' : 'organizations'] += (await rebuildEntities(db, kind, [...ids].sort((a, b) => a - b))).entities;
  }
  return out;
}

async function storedIds(db: Knex, kind: DocumentKind): Promise<number[]> {
  const ids: number[] = [];
  for (let batch = await documentIdBatch(db, kind, 0, 20000); batch.length; batch = await documentIdBatch(db, kind, batch[batch.length - 1]!, 20000)) ids.push(...batch);
  return ids;
}

/** Every document rebuilt from the base rows (the seed's last step, and a database migrated to documents). */
export async function rebuildDocuments(db: Knex): Promise<DocumentsRefreshed> {
  await db('record_documents').del();
  const out: DocumentsRefreshed = { ...NO_DOCUMENTS };
  await rebuildOwn(db, out, (kind) => everyId(db, kind));
  const byKind = new Map<EntityKind, number[]>();
  for (const kind of ENTITY_KINDS) byKind.set(kind, await everyId(db, KINDS_OF[kind][0]!));
  await rebuildRoundsAndEntities(db, out, await everyId(db, 'transaction'), byKind);
  return out;
}

export interface DocumentDifference {
  kind: DocumentKind;
  record_id: number;
  /** `missing`: no stored document; `extra`: a stored document of no record; otherwise the part that differs. */
  problem: 'missing' | 'extra' | 'body' | 'money_paths' | 'lock_paths' | 'downgrades' | 'csv';
}

/** Every document rebuilt in memory and compared with the stored one. */
export async function documentDifferences(db: Knex): Promise<DocumentDifference[]> {
  const out: DocumentDifference[] = [];
  for (const kind of DOCUMENT_KINDS) {
    const ids = await everyId(db, kind);
    const stored = new Map<number, DocumentRow>();
    for (let b = await documentBatch(db, kind, 0, 2000); b.length; b = await documentBatch(db, kind, b[b.length - 1]!.record_id, 2000)) for (const d of b) stored.set(d.record_id, d);
    for (let i = 0; i < ids.length; i += BATCH) {
      for (const want of await BUILD[kind](db, ids.slice(i, i + BATCH))) {
        const have = stored.get(want.record_id);
        stored.delete(want.record_id);
        const problem = !have ? 'missing' : (['body', 'money_paths', 'lock_paths', 'downgrades', 'csv'] as const).find((k) => have[k] !== want[k]);
        if (problem) out.push({ kind, record_id: want.record_id, problem });
      }
    }
    for (const id of stored.keys()) out.push({ kind, record_id: id, problem: 'extra' });
  }
  return out;
}
