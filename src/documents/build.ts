/**
 * Record documents (docs/scaling.md, "Record documents"): the one builder of the stored JSON of a
 * round (the `Transaction` of `getTransaction`) and of a company (the record of `getCompany`), used by
 * the seed, by the import engine in the transaction of its change (src/import/derived.ts) and by
 * `verify`. A document is built by the response serialisers themselves, at the latest version, in
 * USD, for a caller who sees every field, with `service_url`s relative to the web app; next to it
 * the paths where the request's policies act: money (converted to the request currency) and
 * lockable fields (src/access/locked.ts `lockSites`), so a response changes only those.
 */
import type { Knex } from 'knex';
import { lockSites, type LockSite } from '../access/locked.js';
import {
  companiesAmong,
  deleteDocuments,
  documentBatch,
  entitiesShowing,
  recordIdBatch,
  roundsShowing,
  writeDocuments,
  type DocumentKind,
  type DocumentRow,
} from '../db/documents.js';
import { loadEntities } from '../db/entities.js';
import { transactionsByIds } from '../db/transactions.js';
import type { Deps, RequestScope } from '../http/context.js';
import { Money } from '../money/fx.js';
import { organizationRecords } from '../services/organizations.js';
import { transactionRecords } from '../services/transactions.js';
import { resolveVersion } from '../versions/resolve.js';
import { operationLockPlan } from './plans.js';

export type Path = (string | number)[];

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

/** What the documents of a kind are built with: the operation whose `data` they are. */
const OPERATION: Record<DocumentKind, string> = { transaction: 'getTransaction', company: 'getCompany' };

/** A scope of a caller who sees every field, with relative `service_url`s (the reader prefixes the web app). */
function builderScope(db: Knex): Pick<RequestScope, 'deps' | 'money' | 'version'> {
  return { deps: { db, cfg: { appUrl: '' } } as unknown as Deps, money: new MarkingMoney(), version: resolveVersion(undefined, new Date()) };
}

async function toRow(kind: DocumentKind, id: number, data: unknown): Promise<DocumentRow> {
  const money: Path[] = [];
  settleMoney(data, [], money);
  const plan = operationLockPlan(OPERATION[kind]);
  // the plan is of the whole answer `{data}`: the sites inside `data` are the document's
  const sites: LockSite[] = plan ? lockSites(plan, { data }).map((s) => ({ ...s, at: s.at.slice(1), record: s.record.slice(1) })) : [];
  return { record_id: id, body: JSON.stringify(data), money_paths: JSON.stringify(money), lock_paths: JSON.stringify(sites) };
}

/** The documents of these rounds (those that exist). */
export async function buildTransactionDocuments(db: Knex, ids: readonly number[]): Promise<DocumentRow[]> {
  const rows = await transactionsByIds(db, ids);
  const data = await transactionRecords(builderScope(db), rows);
  return Promise.all(rows.map((r, i) => toRow('transaction', r.id, data[i])));
}

/** The documents of these companies (those that exist). */
export async function buildCompanyDocuments(db: Knex, ids: readonly number[]): Promise<DocumentRow[]> {
  const entities = await loadEntities(db, [...ids]);
  const companies = [...ids].sort((a, b) => a - b).flatMap((id) => {
    const e = entities.get(id);
    return e && e.subtype === 'company' ? [e] : [];
  });
  const records = await organizationRecords(builderScope(db), companies);
  return Promise.all(companies.map((e, i) => toRow('company', e.id, records[i])));
}

const BUILD: Record<DocumentKind, (db: Knex, ids: readonly number[]) => Promise<DocumentRow[]>> = { transaction: buildTransactionDocuments, company: buildCompanyDocuments };

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
  companies: number;
}

/**
 * Rebuilds every document that shows a changed round or entity: the rounds themselves and the
 * rounds of the entities (a renamed company or investor is in every round that shows it), the
 * companies among the entities and those whose figures, portfolio or founders they are.
 */
export async function refreshDocuments(db: Knex, rounds: readonly number[], entities: readonly number[]): Promise<DocumentsRefreshed> {
  const roundIds = [...new Set([...rounds, ...(await roundsShowing(db, entities))])].sort((a, b) => a - b);
  const companyIds = (await companiesAmong(db, await entitiesShowing(db, roundIds, entities))).sort((a, b) => a - b);
  // a deleted entity's document goes too
  const kept = new Set(companyIds);
  const gone = entities.filter((id) => !kept.has(id));
  await deleteDocuments(db, 'company', gone);
  return { transactions: await rebuild(db, 'transaction', roundIds), companies: await rebuild(db, 'company', companyIds) };
}

async function everyId(db: Knex, kind: DocumentKind): Promise<number[]> {
  const ids: number[] = [];
  for (let batch = await recordIdBatch(db, kind, 0, 5000); batch.length; batch = await recordIdBatch(db, kind, batch[batch.length - 1]!, 5000)) ids.push(...batch);
  return ids;
}

/** Every document rebuilt from the base rows (the seed's last step, and a database migrated to documents). */
export async function rebuildDocuments(db: Knex): Promise<DocumentsRefreshed> {
  await db('record_documents').del();
  return { transactions: await rebuild(db, 'transaction', await everyId(db, 'transaction')), companies: await rebuild(db, 'company', await everyId(db, 'company')) };
}

export interface DocumentDifference {
  kind: DocumentKind;
  record_id: number;
  /** `missing`: no stored document; `extra`: a stored document of no record; otherwise the part that differs. */
  problem: 'missing' | 'extra' | 'body' | 'money_paths' | 'lock_paths';
}

/** Every document rebuilt in memory and compared with the stored one. */
export async function documentDifferences(db: Knex): Promise<DocumentDifference[]> {
  const out: DocumentDifference[] = [];
  for (const kind of ['transaction', 'company'] as const) {
    const ids = await everyId(db, kind);
    const stored = new Map<number, DocumentRow>();
    for (let b = await documentBatch(db, kind, 0, 2000); b.length; b = await documentBatch(db, kind, b[b.length - 1]!.record_id, 2000)) for (const d of b) stored.set(d.record_id, d);
    for (let i = 0; i < ids.length; i += BATCH) {
      for (const want of await BUILD[kind](db, ids.slice(i, i + BATCH))) {
        const have = stored.get(want.record_id);
        stored.delete(want.record_id);
        const problem = !have ? 'missing' : (['body', 'money_paths', 'lock_paths'] as const).find((k) => have[k] !== want[k]);
        if (problem) out.push({ kind, record_id: want.record_id, problem });
      }
    }
    for (const id of stored.keys()) out.push({ kind, record_id: id, problem: 'extra' });
  }
  return out;
}
