/**
 * Record documents (docs/scaling.md, "Record documents"): the one builder of the stored JSON of a
 * round (the `Transaction` of `getTransaction`), of an organization (the record of `getCompany`,
 * `getInvestor`, `getGovNgo` by its subtype) and of a company's list row (the
 * summary of `listCompanies`), of a person (the `FounderFull` of `getPerson`) and of a fund, used by
 * the seed, by the import engine in the transaction of its change (src/import/derived.ts) and by
 * `verify`. A document is built by the response serialisers themselves, at the latest version, in
 * USD, for a caller who sees every field, with `service_url`s relative to the web app; next to it
 * the paths where the request's policies act: money (converted to the request currency) and
 * lockable fields (src/access/locked.ts `lockSites`), and the text edits of its version downgrades
 * (src/documents/downgrades.ts), so a response changes only those.
 */
import type { Knex } from 'knex';
import { lockSites, type LockSite } from '../access/locked.js';
import {
  deleteDocuments,
  documentBatch,
  entitiesAmong,
  entitiesShowing,
  entityKindOf,
  fundsShowing,
  ORGANIZATION_KINDS,
  recordIdBatch,
  roundsShowing,
  subtypeOf,
  writeDocuments,
  type DocumentKind,
  type DocumentPath as Path,
  type DocumentRow,
} from '../db/documents.js';
import { loadEntities, type EntityWithBlocks } from '../db/entities.js';
import { fundsByIds } from '../db/records.js';
import { fund } from '../serialize/records.js';
import { transactionsByIds } from '../db/transactions.js';
import type { Deps, RequestScope } from '../http/context.js';
import { Money } from '../money/fx.js';
import { organizationSummary } from '../serialize/entities.js';
import { organizationRecords } from '../services/organizations.js';
import { personRecords } from '../services/people.js';
import { transactionRecords } from '../services/transactions.js';
import { resolveVersion } from '../versions/resolve.js';
import { storedFields } from '../db/legacyFields.js';
import { precomputeDowngrades } from './downgrades.js';
import { operationLockPlan } from './plans.js';

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
 * Replaces the marks by their USD amounts; the paths where they were, depth first. One path stack
 * walks the document (a copy of the path per node cost more than the rest of a round's document).
 */
function settleMoney(value: unknown, path: Path, out: Path[]): void {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = settleChild(value[i], i, path, out);
  } else if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    for (const k of Object.keys(o)) {
      const v = o[k];
      if (v !== null && typeof v === 'object') o[k] = settleChild(v, k, path, out);
    }
  }
}

function settleChild(v: unknown, at: string | number, path: Path, out: Path[]): unknown {
  if (v === null || typeof v !== 'object') return v;
  path.push(at);
  if (v instanceof MoneyMark) {
    out.push([...path]);
    path.pop();
    return v.usd;
  }
  settleMoney(v, path, out);
  path.pop();
  return v;
}

/** The operation whose answer's `data` the documents of a kind are (a list's: one of its rows). */
const OPERATION: Record<DocumentKind, { id: string; row: boolean }> = {
  transaction: { id: 'getTransaction', row: false },
  company: { id: 'getCompany', row: false },
  investor: { id: 'getInvestor', row: false },
  gov_ngo: { id: 'getGovNgo', row: false },
  university: { id: 'getUniversity', row: false },
  company_row: { id: 'listCompanies', row: true },
  // the full view of `listFounders` and `listPeople` rows is the same `FounderFull`, with the same lock sites
  person: { id: 'getPerson', row: false },
  // a `listFunds` row is the same `Fund`
  fund: { id: 'getFund', row: false },
};

/** Every kind, in the order they are built and compared. */
export const DOCUMENT_KINDS: readonly DocumentKind[] = ['transaction', ...ORGANIZATION_KINDS, 'company_row', 'person', 'fund'];

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

/** The rows of records of a kind: money settled, lock sites found, version downgrades precomputed. */
async function toRows(db: Knex, kind: DocumentKind, ids: readonly number[], records: readonly unknown[]): Promise<DocumentRow[]> {
  const money = records.map((data) => {
    const paths: Path[] = [];
    settleMoney(data, [], paths);
    return paths;
  });
  const op = OPERATION[kind];
  const plan = operationLockPlan(op.id);
  const downgrades = await precomputeDowngrades(op.id, records as Record<string, unknown>[], storedFields(db));
  // the plan is of the whole answer `{data}` (a list's `data` an array of rows): the sites inside the record are the document's
  const depth = op.row ? 2 : 1;
  return records.map((data, i) => {
    const sites: LockSite[] = plan ? lockSites(plan, { data: op.row ? [data] : data }).map((s) => ({ ...s, at: s.at.slice(depth), record: s.record.slice(depth) })) : [];
    return { record_id: ids[i]!, body: JSON.stringify(data), money_paths: JSON.stringify(money[i]), lock_paths: JSON.stringify(sites), downgrades: JSON.stringify(downgrades[i]) };
  });
}

/** The documents of these rounds (those that exist). */
export async function buildTransactionDocuments(db: Knex, ids: readonly number[]): Promise<DocumentRow[]> {
  const rows = await transactionsByIds(db, ids);
  const data = await transactionRecords(builderScope(db), rows);
  return toRows(db, 'transaction', rows.map((r) => r.id), data);
}

/** Of these ids, the entities the kind is kept for (an organization subtype, or persons), in id order. */
async function entitiesOfKind(db: Knex, kind: DocumentKind, ids: readonly number[]): Promise<EntityWithBlocks[]> {
  const entities = await loadEntities(db, [...ids]);
  return [...ids].sort((a, b) => a - b).flatMap((id) => {
    const e = entities.get(id);
    return e && entityKindOf(e) === subtypeOf(kind) ? [e] : [];
  });
}

/** The full documents of these organizations of the kind's subtype (those that exist), a batch's glances at once. */
async function buildOrganizationDocuments(db: Knex, kind: DocumentKind, ids: readonly number[]): Promise<DocumentRow[]> {
  const organizations = await entitiesOfKind(db, kind, ids);
  const records = await organizationRecords(builderScope(db), organizations);
  return toRows(db, kind, organizations.map((e) => e.id), records);
}

/** The list rows of these companies: the summaries `listCompanies` pages hold. */
async function buildCompanyRows(db: Knex, ids: readonly number[]): Promise<DocumentRow[]> {
  const { deps, money } = builderScope(db);
  const companies = await entitiesOfKind(db, 'company_row', ids);
  return toRows(db, 'company_row', companies.map((e) => e.id), companies.map((e) => organizationSummary(deps.cfg.appUrl, e, money)));
}

/** The full records of these people: `FounderFull` with their career, education and portfolio glances, a batch at once. */
async function buildPersonDocuments(db: Knex, ids: readonly number[]): Promise<DocumentRow[]> {
  const people = await entitiesOfKind(db, 'person', ids);
  return toRows(db, 'person', people.map((e) => e.id), await personRecords(builderScope(db), people, 'full'));
}

/** The documents of these funds (those that exist), each with its investor's ref. */
async function buildFundDocuments(db: Knex, ids: readonly number[]): Promise<DocumentRow[]> {
  const { deps, money } = builderScope(db);
  const rows = await fundsByIds(db, ids);
  return toRows(db, 'fund', rows.map((r) => Number(r.id)), rows.map((r) => fund(deps.cfg.appUrl, r, money)));
}

const BUILD: Record<DocumentKind, (db: Knex, ids: readonly number[]) => Promise<DocumentRow[]>> = {
  transaction: buildTransactionDocuments,
  ...(Object.fromEntries(ORGANIZATION_KINDS.map((k) => [k, (db: Knex, ids: readonly number[]) => buildOrganizationDocuments(db, k, ids)])) as Record<(typeof ORGANIZATION_KINDS)[number], (db: Knex, ids: readonly number[]) => Promise<DocumentRow[]>>),
  company_row: buildCompanyRows,
  person: buildPersonDocuments,
  fund: buildFundDocuments,
};

/** Records per build batch. */
const BATCH = 400;

async function rebuild(db: Knex, kind: DocumentKind, ids: readonly number[]): Promise<number> {
  let n = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const part = ids.slice(i, i + BATCH);
    const docs = await BUILD[kind](db, part);
    await writeDocuments(db, kind, docs);
    const built = new Set(docs.map((d) => d.record_id));
    await deleteDocuments(db, kind, part.filter((id) => !built.has(id)));
    n += docs.length;
  }
  return n;
}

export interface DocumentsRefreshed {
  transactions: number;
  /** Full records of organizations of every subtype and companies' list rows. */
  organizations: number;
  people: number;
  funds: number;
}

/**
 * Rebuilds every document that shows a changed round or entity: the rounds themselves and the
 * rounds of the entities (a renamed company or investor is in every round that shows it), the
 * organizations among the entities and those whose figures, portfolio or founders they are, and the
 * people among them and whose career, education or portfolio shows them; the funds themselves and
 * the funds of the entities (an investor renamed is in its funds' refs).
 */
export async function refreshDocuments(db: Knex, rounds: readonly number[], entities: readonly number[], funds: readonly number[] = []): Promise<DocumentsRefreshed> {
  const roundIds = [...new Set([...rounds, ...(await roundsShowing(db, entities))])].sort((a, b) => a - b);
  const byKind = await entitiesAmong(db, await entitiesShowing(db, roundIds, entities));
  const fundIds = [...new Set([...funds, ...(await fundsShowing(db, entities))])].sort((a, b) => a - b);
  const out: DocumentsRefreshed = { transactions: await rebuild(db, 'transaction', roundIds), organizations: 0, people: 0, funds: await rebuild(db, 'fund', fundIds) };
  for (const kind of ENTITY_DOCUMENT_KINDS) {
    const ids = [...byKind.get(subtypeOf(kind)!)!].sort((a, b) => a - b);
    // a deleted entity's document goes too, and one whose subtype changed leaves its old kind
    const kept = new Set(ids);
    await deleteDocuments(db, kind, entities.filter((id) => !kept.has(id)));
    out[kind === 'person' ? 'people' : 'organizations'] += await rebuild(db, kind, ids);
  }
  return out;
}

async function everyId(db: Knex, kind: DocumentKind): Promise<number[]> {
  const ids: number[] = [];
  for (let batch = await recordIdBatch(db, kind, 0, 5000); batch.length; batch = await recordIdBatch(db, kind, batch[batch.length - 1]!, 5000)) ids.push(...batch);
  return ids;
}

/** Every document rebuilt from the base rows (the seed's last step, and a database migrated to documents). */
export async function rebuildDocuments(db: Knex): Promise<DocumentsRefreshed> {
  await db('record_documents').del();
  const out: DocumentsRefreshed = { transactions: await rebuild(db, 'transaction', await everyId(db, 'transaction')), organizations: 0, people: 0, funds: await rebuild(db, 'fund', await everyId(db, 'fund')) };
  for (const kind of ENTITY_DOCUMENT_KINDS) out[kind === 'person' ? 'people' : 'organizations'] += await rebuild(db, kind, await everyId(db, kind));
  return out;
}

export interface DocumentDifference {
  kind: DocumentKind;
  record_id: number;
  /** `missing`: no stored document; `extra`: a stored document of no record; otherwise the part that differs. */
  problem: 'missing' | 'extra' | 'body' | 'money_paths' | 'lock_paths' | 'downgrades';
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
        const problem = !have ? 'missing' : (['body', 'money_paths', 'lock_paths', 'downgrades'] as const).find((k) => have[k] !== want[k]);
        if (problem) out.push({ kind, record_id: want.record_id, problem });
      }
    }
    for (const id of stored.keys()) out.push({ kind, record_id: id, problem: 'extra' });
  }
  return out;
}
