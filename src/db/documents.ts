/**
 * Record documents (migration 027, src/documents/build.ts), SQL only: written and deleted per
 * record, read by id, and the records whose document shows a changed entity or round.
 */
import type { Knex } from 'knex';
import { dialectOf } from './dialect.js';
import { readRows } from './budget.js';
import { insertRows, normalizeRawResult, prepared, replaceRows, whereIdIn } from './knex.js';
import { lookupRow } from './lookup.js';
import type { PageJoin } from './paging.js';
import { sqliteTransactionConnection, type SqliteConnection } from './wideRows.js';

/** The organization subtypes whose full record (getCompany, getInvestor, getGovNgo, getUniversity) is kept as a document. */
const ORGANIZATION_KINDS = ['company', 'investor', 'gov_ngo', 'university'] as const;
export type OrganizationKind = (typeof ORGANIZATION_KINDS)[number];

/** The entities a kind of document is kept for: an organization subtype or every person (`person`). */
export type EntityKind = OrganizationKind | 'person';

/**
 * The summary row of an entity of a kind in its directory's pages: an organization's summary
 * (`company_row` of `listCompanies`, `investor_row` of `listInvestors`, `gov_ngo_row` of
 * `listGovNgos`, `university_row` of `listUniversities`) and a person's (`person_row`, the
 * `FounderSummary` of the summary view of `listFounders` and `listPeople`); `listEntities` pages
 * show the same rows.
 */
export type RowKind = `${EntityKind}_row`;

/** The summary row's kind of an entity of a kind. */
export const rowKindOf = (kind: EntityKind): RowKind => `${kind}_row`;

/**
 * The kinds kept for records of a table of their own (not entities), by their table: a round's
 * record; a fund (the `Fund` of `getFund` and of `listFunds` rows); a valuation (`getValuation`, the
 * rows of `listValuations` and `listCompanyValuations`); an active job opening (`getJob`, `listJobs`
 * rows: an inactive one has none, as it is served nowhere); a news article (`getNews`, `listNews` rows).
 */
export const RECORD_TABLES = { transaction: 'transactions', fund: 'funds', valuation: 'valuations', job: 'jobs', news: 'news' } as const;
export type RecordKind = keyof typeof RECORD_TABLES;

/**
 * A record's (`RecordKind`); an organization's full record, by its subtype; an entity's summary row
 * (`RowKind`); a person's full record (`person`, the `FounderFull` of `getPerson` and of the full
 * view of `listFounders` and `listPeople`).
 */
export type DocumentKind = RecordKind | OrganizationKind | RowKind | 'person';

/** Every kind, in the order they are built and compared. */
export const DOCUMENT_KINDS: readonly DocumentKind[] = ['transaction', ...ORGANIZATION_KINDS, 'company_row', 'investor_row', 'gov_ngo_row', 'university_row', 'person', 'person_row', 'fund', 'valuation', 'job', 'news'];

const isRecordKind = (kind: DocumentKind): kind is RecordKind => Object.hasOwn(RECORD_TABLES, kind);

/** The entities a kind of document is kept for (null: records of a table of their own, not entities). */
export const subtypeOf = (kind: DocumentKind): EntityKind | null => (isRecordKind(kind) ? null : kind.endsWith('_row') ? (kind.slice(0, -4) as EntityKind) : (kind as EntityKind));

/** The record a kind of document shows, as an import of an export names it: `entity` for entities' kinds, else the kind. */
export const recordOf = (kind: DocumentKind): string => (subtypeOf(kind) === null ? kind : 'entity');

/** The records some document shows (an import writing none of them has no document to rebuild). */
export const DOCUMENTED_RECORDS: ReadonlySet<string> = new Set(DOCUMENT_KINDS.map(recordOf));

/** The kind of entity a row is, as `subtypeOf` names them (null: an organization without documents). */
export const entityKindOf = (e: { type: string; subtype: string | null }): EntityKind | null =>
  e.type === 'person' ? 'person' : (ORGANIZATION_KINDS as readonly (string | null)[]).includes(e.subtype) ? (e.subtype as OrganizationKind) : null;

/** The entities of a kind: a person is any entity of type `person`, an organization one of its subtype. */
const ofKind = (q: Knex.QueryBuilder, kind: EntityKind, alias = ''): Knex.QueryBuilder => (kind === 'person' ? q.where(`${alias}type`, 'person') : q.where(`${alias}subtype`, kind));

/** A place in a document's body: the keys and indexes from its root (`money_paths` is a JSON list of them). */
export type DocumentPath = (string | number)[];

export interface DocumentRow {
  record_id: number;
  body: string;
  money_paths: string;
  lock_paths: string;
  /** The record's version downgrades as text edits (src/documents/downgrades.ts), newest change first. */
  downgrades: string;
  /**
   * The record's CSV record in a list's export, as the JSON list of its parts between which the web
   * app's base goes (src/http/csv.ts `csvParts`); null for a kind no CSV list shows. Read by exports
   * in CSV only (`loadDocuments` with `csv`).
   */
  csv: string | null;
}

/** A document's columns besides its key: what an upsert rewrites (every column a DocumentRow carries). */
const DOCUMENT_COLUMNS = ['body', 'money_paths', 'lock_paths', 'downgrades', 'csv'] satisfies (keyof DocumentRow)[];

/** The columns a JSON answer reads (`csv` left out: it is as long as the body again). */
const READ_COLUMNS = ['record_id', 'body', 'money_paths', 'lock_paths', 'downgrades'];

/** Ids per statement: within both engines' bind limits. */
const CHUNK = 400;

const chunks = <T>(xs: readonly T[], n = CHUNK): T[][] => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

/**
 * Replaces the documents of these records (every column of a DocumentRow given): `replaceRows` on
 * the key; in a SQLite transaction, one prepared upsert run per document on the transaction's
 * connection. knex compiled a batch of 400 documents into one statement of 2,800 binds, prepared
 * again each time: 16 µs of CPU a document against 7.5 (bench/results/import-2026-11-27-ndjson39.md).
 * The transaction holds the write lock already (its rows were written first), so the statement
 * needs none of the waits the pool's writers go through (src/patches/knex.ts).
 */
export async function writeDocuments(db: Knex, kind: DocumentKind, docs: readonly DocumentRow[]): Promise<void> {
  if (docs.length === 0) return;
  const conn = await sqliteTransactionConnection(db);
  if (conn) {
    const upsert = documentUpsert(conn);
    for (const d of docs) upsert.run(kind, d.record_id, d.body, d.money_paths, d.lock_paths, d.downgrades, d.csv);
    return;
  }
  await replaceRows(db, 'record_documents', docs.map((d) => ({ kind, ...d })), ['kind', 'record_id']);
}

const UPSERTS = new WeakMap<SqliteConnection, ReturnType<SqliteConnection['prepare']>>();

/** The documents' upsert, prepared once per connection. */
function documentUpsert(conn: SqliteConnection): ReturnType<SqliteConnection['prepare']> {
  let st = UPSERTS.get(conn);
  if (!st) {
    const cols = ['kind', 'record_id', ...DOCUMENT_COLUMNS];
    st = conn.prepare(
      `insert into record_documents (${cols.join(', ')}) values (${cols.map(() => '?').join(', ')}) on conflict (kind, record_id) do update set ${DOCUMENT_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}`,
    );
    UPSERTS.set(conn, st);
  }
  return st;
}

export async function deleteDocuments(db: Knex, kind: DocumentKind, ids: readonly number[]): Promise<void> {
  for (const part of chunks(ids)) await db('record_documents').where('kind', kind).whereIn('record_id', part).del();
}

/**
 * How documents are read: their CSV record too when `csv`; off the main thread when `offMain` (an
 * export's batches: on SQLite a batch's documents are ~6 KB rows over overflow pages, ~30 µs a row
 * that the query worker reads instead of the thread that writes the rows; `readRows`).
 */
export interface DocumentRead {
  csv?: boolean;
  offMain?: boolean;
}

/** Documents by record id, their CSV record too when `csv` (else null); one query (a lookup planned once per connection). */
export async function loadDocuments(db: Knex, kind: DocumentKind, ids: readonly number[], opts: DocumentRead = {}): Promise<Map<number, DocumentRow>> {
  const out = new Map<number, DocumentRow>();
  if (ids.length === 0) return out;
  const columns = opts.csv ? [...READ_COLUMNS, 'csv'] : READ_COLUMNS;
  const q = prepared(whereIdIn(db, db('record_documents').where('kind', kind), 'record_id', [...new Set(ids)]).select(columns));
  const rows = (opts.offMain ? await readRows<DocumentRow>(db, q) : await q) as DocumentRow[];
  for (const r of rows) out.set(Number(r.record_id), { ...r, csv: r.csv ?? null, record_id: Number(r.record_id) });
  return out;
}

/**
 * One record's document (a detail): one statement on the primary key, its SQL text written once
 * rather than compiled by the query builder per request.
 */
export async function documentById(db: Knex, kind: DocumentKind, id: number): Promise<DocumentRow | null> {
  return documentOfValues(await lookupRow(db, BY_ID, [kind, id]));
}

const BY_ID = `select ${READ_COLUMNS.join(', ')} from record_documents where kind = ? and record_id = ?`;

/** A document from a lookup's values, in `READ_COLUMNS` order. */
const documentOfValues = (v: unknown[] | undefined): DocumentRow | null =>
  v ? { record_id: Number(v[0]), body: v[1] as string, money_paths: v[2] as string, lock_paths: v[3] as string, downgrades: v[4] as string, csv: null } : null;
/** The prefix of a document's columns on a page's rows (`withDocuments`): no column of a record's own starts with it. */
const JOINED = '__d_';

/**
 * A page's join of each row's document of this kind by the row's `id` (paging.ts `PageJoin`): the
 * columns a JSON answer reads, the CSV record too when `csv`; null columns for a row without one.
 * Each lookup is one probe of the documents' key (kind, record_id).
 */
export function withDocuments(db: Knex, kind: DocumentKind, opts: { csv?: boolean } = {}): PageJoin {
  const columns = opts.csv ? [...READ_COLUMNS, 'csv'] : READ_COLUMNS;
  return (page) => joinDocument(db, kind, page).select('p.*', ...columns.map((c) => `d.${c} as ${JOINED}${c}`));
}

/** A page's rows (aliased `p`) with each one's document of this kind (`d`), by one probe of the documents' key. */
const joinDocument = (db: Knex, kind: DocumentKind, page: Knex.QueryBuilder): Knex.QueryBuilder =>
  db.from(page).leftJoin('record_documents as d', (j) => j.on('d.record_id', 'p.id').andOnVal('d.kind', kind));

/**
 * A page's join of each row's document body of this kind (as `withDocuments`), read as its text with
 * the web app's base written in (budget.ts `DocumentTexts`): on SQLite as bytes, which the query
 * worker hands over as views of one buffer. For a page whose documents go out as they are stored.
 */
export function withDocumentTexts(db: Knex, kind: DocumentKind, appUrl: string): PageJoin {
  const body = dialectOf(db).inProcess ? db.raw(`cast(d.body as blob) as ${JOINED}text`) : `d.body as ${JOINED}text`;
  const join: PageJoin = (page) => joinDocument(db, kind, page).select('p.*', body);
  join.texts = { column: `${JOINED}text`, appUrl };
  return join;
}

/** The texts `withDocumentTexts` joined to a page's rows, in their order; null when a row has none. */
export function joinedTexts(rows: readonly Record<string, unknown>[]): (string | Uint8Array)[] | null {
  const texts = rows.map((r) => r[`${JOINED}text`] as string | Uint8Array | null | undefined);
  return texts.every((t) => t !== null && t !== undefined) ? (texts as (string | Uint8Array)[]) : null;
}

/** The documents `withDocuments` joined to a page's rows, by record id (a row without one has none). */
export function joinedDocuments(rows: readonly Record<string, unknown>[]): Map<number, DocumentRow> {
  const out = new Map<number, DocumentRow>();
  for (const r of rows) {
    const body = r[`${JOINED}body`] as string | null;
    if (body !== null && body !== undefined) {
      const id = Number(r[`${JOINED}record_id`]);
      out.set(id, { record_id: id, body, money_paths: r[`${JOINED}money_paths`] as string, lock_paths: r[`${JOINED}lock_paths`] as string, downgrades: r[`${JOINED}downgrades`] as string, csv: (r[`${JOINED}csv`] as string | undefined) ?? null });
    }
  }
  return out;
}

/** Every stored document of a kind (every column), in record order, a batch after `after`. */
export async function documentBatch(db: Knex, kind: DocumentKind, after: number, limit: number): Promise<DocumentRow[]> {
  const rows = (await db('record_documents').where('kind', kind).andWhere('record_id', '>', after).orderBy('record_id').limit(limit).select('record_id', ...DOCUMENT_COLUMNS)) as DocumentRow[];
  return rows.map((r) => ({ ...r, record_id: Number(r.record_id) }));
}

/** The record ids of the stored documents of a kind, in order, a batch after `after`. */
export async function documentIdBatch(db: Knex, kind: DocumentKind, after: number, limit: number): Promise<number[]> {
  const rows = (await db('record_documents').where('kind', kind).andWhere('record_id', '>', after).orderBy('record_id').limit(limit).select('record_id')) as { record_id: number }[];
  return rows.map((r) => Number(r.record_id));
}

/**
 * The records a kind has documents for (every round, soft-deleted ones too: lists may include them;
 * every entity of the kind; every fund, valuation and news article; every active job opening), a
 * batch after `after`.
 */
export async function recordIdBatch(db: Knex, kind: DocumentKind, after: number, limit: number): Promise<number[]> {
  const subtype = subtypeOf(kind);
  const q = subtype !== null ? ofKind(db('entities'), subtype) : db(RECORD_TABLES[kind as RecordKind]).modify((b) => (kind === 'job' ? b.where('is_active', true) : b));
  const rows = (await q.andWhere('id', '>', after).orderBy('id').limit(limit).select('id')) as { id: number }[];
  return rows.map((r) => Number(r.id));
}

/** Of these ids, the entities with documents (organizations by subtype, and persons). */
export async function entitiesAmong(db: Knex, ids: readonly number[]): Promise<Map<EntityKind, number[]>> {
  const out = new Map<EntityKind, number[]>([...ORGANIZATION_KINDS, 'person' as const].map((k) => [k, []]));
  for (const part of chunks(ids)) {
    for (const r of (await db('entities').whereIn('id', part).select('id', 'type', 'subtype')) as { id: number; type: string; subtype: string | null }[]) {
      const kind = entityKindOf(r);
      if (kind) out.get(kind)!.push(Number(r.id));
    }
  }
  return out;
}

/** These rounds (those that exist) with their company, ordered by it, then id: a batch of them names few companies. */
export async function roundsByCompany(db: Knex, ids: readonly number[]): Promise<{ id: number; company_id: number }[]> {
  const rows: { id: number; company_id: number }[] = [];
  for (const part of chunks(ids)) for (const r of (await db('transactions').whereIn('id', part).select('id', 'company_id')) as { id: number; company_id: number }[]) rows.push({ id: Number(r.id), company_id: Number(r.company_id) });
  return rows.sort((a, b) => a.company_id - b.company_id || a.id - b.id);
}

/** The kinds of records that show entities as refs (a name and image), and where: the table, its entity column, its record column. */
export const SHOWING: Record<Exclude<RecordKind, 'transaction'>, [table: string, entity: string, record: string]> = {
  fund: ['funds', 'investor_id', 'id'],
  valuation: ['valuations', 'company_id', 'id'],
  job: ['jobs', 'entity_id', 'id'],
  news: ['news_entities', 'entity_id', 'news_id'],
};

/** Records of a kind showing any of these entities (a fund its investor, a valuation its company, a job its organization, an article those it names). */
export async function recordsShowing(db: Knex, kind: keyof typeof SHOWING, entityIds: readonly number[]): Promise<number[]> {
  const [table, entity, record] = SHOWING[kind];
  const out = new Set<number>();
  for (const part of chunks(entityIds)) for (const r of (await db(table).whereIn(entity, part).select(record)) as Record<string, number>[]) out.add(Number(r[record]));
  return [...out];
}

/** Rounds showing any of these entities: as their company or among their investors. */
export async function roundsShowing(db: Knex, entityIds: readonly number[]): Promise<number[]> {
  const out = new Set<number>();
  for (const part of chunks(entityIds)) {
    for (const r of (await db('transactions').whereIn('company_id', part).select('id')) as { id: number }[]) out.add(Number(r.id));
    for (const r of (await db('transaction_investors').whereIn('investor_id', part).select('transaction_id')) as { transaction_id: number }[]) out.add(Number(r.transaction_id));
  }
  return [...out];
}

/**
 * Entities whose full record shows these rounds or entities: the companies and investors of the
 * rounds (figures, portfolio glance), the organizations these people founded (founder glance), the
 * people who worked at or studied at these organizations (career and education glances) and the
 * universities these people studied at (alumni glance).
 */
export async function entitiesShowing(db: Knex, roundIds: readonly number[], entityIds: readonly number[]): Promise<number[]> {
  const out = new Set<number>(entityIds);
  for (const part of chunks(roundIds)) {
    for (const r of (await db('transactions').whereIn('id', part).select('company_id')) as { company_id: number }[]) out.add(Number(r.company_id));
    for (const r of (await db('transaction_investors').whereIn('transaction_id', part).select('investor_id')) as { investor_id: number }[]) out.add(Number(r.investor_id));
  }
  for (const part of chunks(entityIds)) {
    for (const r of (await db('career').whereIn('person_id', part).andWhere('is_founder', true).select('org_id')) as { org_id: number }[]) out.add(Number(r.org_id));
    for (const r of (await db('career').whereIn('org_id', part).select('person_id')) as { person_id: number }[]) out.add(Number(r.person_id));
    for (const r of (await db('education').whereIn('university_id', part).select('person_id')) as { person_id: number }[]) out.add(Number(r.person_id));
    for (const r of (await db('education').whereIn('person_id', part).select('university_id')) as { university_id: number }[]) out.add(Number(r.university_id));
  }
  return [...out];
}

/** The full document of the entity of this kind (an organization's subtype, or a person) with this uuid, or null; one query. */
export async function entityDocumentByUuid(db: Knex, kind: EntityKind, uuid: string): Promise<DocumentRow | null> {
  const sql = kind === 'person' ? PERSON_BY_UUID : ORGANIZATION_BY_UUID;
  return documentOfValues(await lookupRow(db, sql, kind === 'person' ? [kind, uuid] : [kind, uuid, kind]));
}

/**
 * An entity's document by its UUID (`ofKind`: a person by type, an organization by subtype); as
 * `documentById`, its SQL written once. The entity's id is a scalar subquery on the unique uuid and
 * the document one probe of its key by it: SQLite runs the same lookups written as a join about
 * four times as slowly (the document read in the join's inner loop), most of a company detail's
 * difference from a round's.
 */
const byUuid = (ofKind: string) =>
  `select ${READ_COLUMNS.join(', ')} from record_documents where kind = ? and record_id = (select e.id from entities e where e.uuid = ? and ${ofKind})`;
const PERSON_BY_UUID = byUuid(`e.type = 'person'`);
const ORGANIZATION_BY_UUID = byUuid('e.subtype = ?');

/** Per kind of document: how many are stored and the characters of their columns (what a document costs on disk, before page overhead). */
export async function documentFootprint(db: Knex): Promise<{ kind: string; documents: number; body_chars: number; other_chars: number }[]> {
  const rows = (await db('record_documents')
    .groupBy('kind')
    .orderBy('kind')
    .select('kind', db.raw('count(*) as n'), db.raw(`sum(length(body)) as body`), db.raw(`sum(length(money_paths) + length(lock_paths) + length(downgrades) + coalesce(length(csv), 0)) as other`))) as { kind: string; n: number | string; body: number | string; other: number | string }[];
  return rows.map((r) => ({ kind: r.kind, documents: Number(r.n), body_chars: Number(r.body), other_chars: Number(r.other) }));
}

/** PostgreSQL: bytes of the documents table with its indexes and TOAST (null on SQLite, where the file size says it). */
export async function documentTableBytes(db: Knex): Promise<number | null> {
  const sql = dialectOf(db).tableBytesSql('record_documents');
  return sql === null ? null : Number(normalizeRawResult(await db.raw(sql))[0]!.n);
}

/** Per kind of document, how many are stored. */
export async function documentCounts(db: Knex): Promise<{ kind: string; documents: number }[]> {
  const rows = (await db('record_documents').groupBy('kind').orderBy('kind').select('kind', db.raw('count(*) as n'))) as { kind: string; n: number | string }[];
  return rows.map((r) => ({ kind: r.kind, documents: Number(r.n) }));
}

/**
 * The full document of the entity with this uuid, whatever its kind (`getEntity`), with the kind
 * of the entity; null when there is no such entity or it has none; one query.
 */
export async function anyEntityDocumentByUuid(db: Knex, uuid: string): Promise<{ kind: EntityKind; doc: DocumentRow } | null> {
  const rows = (await prepared(
    db('entities as e')
      .join('record_documents as d', 'd.record_id', 'e.id')
      .where('e.uuid', uuid)
      .whereIn('d.kind', [...ORGANIZATION_KINDS, 'person'])
      .select('e.type', 'e.subtype', 'd.kind', ...READ_COLUMNS.map((c) => `d.${c}`)),
  )) as (DocumentRow & { type: string; subtype: string | null; kind: string })[];
  // only the document of the entity's own kind: the full kinds are keyed by entity id, one of them per entity
  const row = rows.find((r) => entityKindOf(r) === r.kind);
  if (!row) return null;
  return { kind: row.kind as EntityKind, doc: { record_id: Number(row.record_id), body: row.body, money_paths: row.money_paths, lock_paths: row.lock_paths, downgrades: row.downgrades, csv: null } };
}

/** The summary rows of these entities, of whichever kind each is (`listEntities`), by record id, without their CSV records; one query per kind present. */
export async function loadRowDocuments(db: Knex, rows: readonly { id: number; kind: EntityKind }[], opts: Pick<DocumentRead, 'offMain'> = {}): Promise<Map<number, DocumentRow>> {
  const out = new Map<number, DocumentRow>();
  const byKind = new Map<EntityKind, number[]>();
  for (const r of rows) (byKind.get(r.kind) ?? byKind.set(r.kind, []).get(r.kind)!).push(r.id);
  for (const [kind, ids] of byKind) for (const [id, d] of await loadDocuments(db, rowKindOf(kind), ids, opts)) out.set(id, d);
  return out;
}
