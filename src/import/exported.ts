/**
 * The `ndjson` format with `--type LIST`: exactly what our own NDJSON export of that list (`GET /data/exports/LIST`)
 * writes (docs/import.md), one row a line and the `{"_export": …}` trailer, imported so that an
 * export of one instance imported into an empty one reads the same there (apart from `updated_at`).
 * A row becomes the base rows it was served from (src/serialize/); everything derived from them
 * (the figures of src/db/figures.ts: funding, investments, exits, match, founded companies;
 * portfolios, founders glances, search terms, analytics) is refreshed from those, not taken from the row. Entities keep their uuid and are keyed by it; the other
 * records keep their integer id where it is free here and are keyed by it in the import's source.
 */
import { CLASSIFICATIONS } from '../db/classifications.js';
import type { ChildRows, ExportedPlace, ExportedTerm, ExportStore, HeldRow, PlannedRecord } from '../db/exportedImports.js';
import { ROUND_TYPES } from '../db/filterKeys.js';
import { zeroFounderFigures, zeroInvestorCounters } from '../db/figures.js';
import type { Outcome } from '../db/imports.js';
import { RowError } from './errors.js';

/** Classification flags the import derives rather than reads (the export shows them). */
const DERIVED_FLAGS: readonly string[] = CLASSIFICATIONS.map(([value]) => value);

/** The exportable lists (openapi.yaml `x-export-of`) and the record each row is. */
export const EXPORTED_TYPES = {
  transactions: 'transaction',
  companies: 'entity',
  investors: 'entity',
  universities: 'entity',
  'gov-ngo': 'entity',
  people: 'entity',
  founders: 'entity',
  entities: 'entity',
  jobs: 'job',
  funds: 'fund',
  valuations: 'valuation',
  news: 'news',
} as const;
export type ExportedType = keyof typeof EXPORTED_TYPES;
type Kind = (typeof EXPORTED_TYPES)[ExportedType];

const TABLE: Record<Kind, PlannedRecord['table']> = { transaction: 'transactions', entity: 'entities', job: 'jobs', fund: 'funds', valuation: 'valuations', news: 'news' };
const ROUND_CODE = new Map(ROUND_TYPES.map((t) => [t.name, t.code]));

/** Fields a row of each record cannot do without (the columns they fill are NOT NULL). */
const REQUIRED: Record<Kind, [string, 'string' | 'number' | 'object'][]> = {
  transaction: [['company', 'object']],
  entity: [['name', 'string'], ['added_at', 'string']],
  job: [['entity', 'object'], ['title', 'string'], ['posted_at', 'string']],
  fund: [['investor', 'object'], ['name', 'string']],
  valuation: [['company', 'object'], ['value', 'number'], ['valued_date', 'string']],
  news: [['title', 'string'], ['url', 'string'], ['published_at', 'string']],
};

export interface ExportedRow {
  line: number;
  kind: Kind;
  key: string;
  row: Row;
}

type Row = Record<string, any>;

/** A line of an export of `type` -> its row; null for the trailer of a complete export. */
export function parseExportedLine(type: ExportedType, text: string, line: number): ExportedRow | null {
  let row: unknown;
  try {
    row = JSON.parse(text);
  } catch (err) {
    throw new RowError(null, text.slice(0, 200), `not JSON: ${(err as Error).message}`);
  }
  if (typeof row !== 'object' || row === null || Array.isArray(row)) throw new RowError(null, text.slice(0, 200), 'a row must be a JSON object');
  const r = row as Row;
  if ('_export' in r) {
    if (r._export?.complete === true) return null;
    throw new RowError('_export', JSON.stringify(r._export).slice(0, 200), 'the export ended incomplete (its trailer says complete: false): export the list again');
  }
  if (Array.isArray(r.locked) && r.locked.length > 0) {
    throw new RowError('locked', JSON.stringify(r.locked).slice(0, 200), 'the row was exported with fields withheld by the caller\'s plan: export with an API key that reads every field');
  }
  const kind = EXPORTED_TYPES[type];
  const key = kind === 'entity' ? r.uuid : r.id;
  if (kind === 'entity' ? typeof key !== 'string' || !/^[0-9a-f-]{36}$/i.test(key) : !Number.isSafeInteger(key) || key < 1) {
    throw new RowError(kind === 'entity' ? 'uuid' : 'id', JSON.stringify(key ?? null), `a ${type} row has its ${kind === 'entity' ? 'uuid' : 'integer id'}: is this an export of ${type}?`);
  }
  for (const [field, want] of REQUIRED[kind]) {
    if (typeof r[field] !== want) throw new RowError(field, JSON.stringify(r[field] ?? null).slice(0, 200), `a ${type} row has ${field} (a ${want}): is this an export of ${type}?`);
  }
  if (kind === 'entity' && r.type !== 'organization' && r.type !== 'person') throw new RowError('type', JSON.stringify(r.type ?? null), 'an entity row is an organization or a person');
  return { line, kind, key: String(key), row: r };
}

/** YYYY, YYYY-MM or YYYY-MM-DD -> its sortable day (the first of the period). */
function sortOf(column: string, v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const m = typeof v === 'string' ? /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(v) : null;
  if (!m) throw new RowError(column, JSON.stringify(v), 'a date must be YYYY-MM-DD, YYYY-MM or YYYY');
  return `${m[1]}-${m[2] ?? '01'}-${m[3] ?? '01'}`;
}

/** The entity ids of the uuids a row names; a uuid in no record is a rejection. */
type Refs = Map<string, number>;
const refOf = (refs: Refs, column: string, e: Row | null | undefined): number => {
  const id = e && typeof e.uuid === 'string' ? refs.get(e.uuid) : undefined;
  if (id === undefined) throw new RowError(column, JSON.stringify(e?.uuid ?? null), 'names an entity that is in no import of this source and not in the database: import the entity lists first');
  return id;
};

/** The uuids a row names (other entities). */
function namedUuids(r: ExportedRow): string[] {
  const row = r.row;
  const pick = (xs: unknown): string[] => (Array.isArray(xs) ? xs.map((x) => x?.uuid ?? x?.investor?.uuid ?? x?.company?.uuid ?? x?.university?.uuid).filter((u): u is string => typeof u === 'string') : []);
  switch (r.kind) {
    case 'transaction':
      return [row.company?.uuid, ...pick(row.investors)].filter((u): u is string => typeof u === 'string');
    case 'entity':
      return [...pick(row.career?.items), ...pick(row.education?.items)];
    case 'job':
      return [row.entity?.uuid].filter(Boolean);
    case 'fund':
      return [row.investor?.uuid].filter(Boolean);
    case 'valuation':
      return [row.company?.uuid].filter(Boolean);
    case 'news':
      return pick(row.entities);
  }
}

const has = (row: Row, k: string) => Object.prototype.hasOwnProperty.call(row, k);

/**
 * A new entity's figures (src/db/figures.ts), where the seed starts them (zero for an investor's
 * counters and a founder's), else as the row shows them: the import's refresh then recomputes every
 * one its base rows define. Never compared: a figure is derived, not imported.
 */
function figuresOf(e: Row): Record<string, unknown> {
  const inv = e.investor as Row | null | undefined;
  const pick = (o: Row | null | undefined, map: Record<string, string>) => Object.fromEntries(Object.entries(map).flatMap(([col, f]) => (o && o[f] !== undefined ? [[col, o[f]]] : [])));
  return {
    jobs_open_count: 0, patents_count: 0,
    funding_total_usd: e.funding?.total ?? null, funding_total_vc_usd: e.funding?.total_vc ?? null, funding_rounds_count: e.funding?.rounds_count ?? 0,
    ...(inv ? zeroInvestorCounters() : {}),
    ...(inv ? pick(inv.investments, { investor_investments_count: 'count', investor_total_invested_usd: 'total_invested', investor_preferred_round: 'preferred_round', investor_last_round_date: 'last_round_date' }) : {}),
    ...(inv ? pick(inv.exits, { investor_exits_count: 'count', investor_exits_total_value_usd: 'total_value', investor_exits_pct: 'pct' }) : {}),
    ...(inv ? pick(inv.match, { investor_match_companies_count: 'companies_count', investor_match_invested_usd: 'invested' }) : {}),
    ...(e.type === 'person' && Array.isArray(e.roles) && e.roles.includes('founder') ? zeroFounderFigures() : {}),
  };
}

function entityPlan(r: ExportedRow, refs: Refs | null): { plan: PlannedRecord; deferred: ChildRows[] } {
  const e = r.row;
  const org = e.type === 'organization';
  const links = e.links ?? {};
  const cols: Record<string, unknown> = {
    uuid: e.uuid, type: e.type, subtype: e.subtype ?? null, name: String(e.name), name_lower: String(e.name).toLowerCase(), domain: e.domain ?? null,
    tagline: e.tagline ?? null, about: e.about ?? null, image: e.image ?? null,
    link_website: links.website ?? null, link_linkedin: links.linkedin ?? null, link_twitter: links.twitter ?? null,
    link_instagram: links.instagram ?? null, link_angellist: links.angellist ?? null, link_crunchbase: links.crunchbase ?? null,
    added_at: e.added_at, signal_rating: e.signal_rating ?? null, is_founder: Array.isArray(e.roles) && e.roles.includes('founder'),
    hq_city_id: e.locations?.[0]?.city?.id ?? null, hq_country_id: e.locations?.[0]?.country?.id ?? null, hq_continent_id: e.locations?.[0]?.continent?.id ?? null,
    is_investor: e.investor !== null && e.investor !== undefined,
  };
  if (org) {
    for (const d of ['launch_date', 'closing_date', 'became_unicorn_date', 'became_thoroughbred_date', 'exit_date']) {
      cols[d] = e[d] ?? null;
      cols[`${d}_sort`] = sortOf(d, e[d]);
    }
    Object.assign(cols, {
      employees_count: e.employees_count ?? null, employee_count_1y_growth: e.employee_count_1y_growth ?? null, status: e.status ?? null, unicorn_type: e.unicorn_type ?? null,
      valuation_usd: e.valuation?.value ?? null, valuation_year: e.valuation?.year ?? null, valuation_month: e.valuation?.month ?? null, jobs_open_count: e.jobs?.open_count ?? 0,
    });
    if (has(e, 'revenue')) Object.assign(cols, { revenue_usd: e.revenue?.value ?? null, revenue_year: e.revenue?.year ?? null });
    if (has(e, 'traffic')) Object.assign(cols, { traffic_monthly_visits: e.traffic?.monthly_visits ?? null, traffic_growth_3m: e.traffic?.growth_3m ?? null });
    if (has(e, 'patents')) cols.patents_count = e.patents?.count ?? 0;
  } else {
    cols.gender = e.gender ?? null;
  }
  const inv = e.investor as Row | null | undefined;
  if (inv) {
    Object.assign(cols, { investor_deal_min_usd: inv.deal_size?.min ?? null, investor_deal_max_usd: inv.deal_size?.max ?? null });
    // the rank is derived across every investor (INVESTOR_RANK, src/db/figures.ts), refreshed after the import
  }
  const list = (v: unknown): Row[] => (Array.isArray(v) ? v : []);
  const children: ChildRows[] = [
    { table: 'entity_locations', fk: 'entity_id', rows: list(e.locations).map((l, position) => ({ role: l.role, city_id: l.city?.id, position })) },
    // the derived classification flags (src/db/classifications.ts) are refreshed after the import, like the figures
    {
      table: 'entity_flags', fk: 'entity_id', except: { column: 'value', values: DERIVED_FLAGS },
      rows: [...list(e.roles).map((value) => ({ kind: 'role', value })), ...(list(e.classifications) as unknown as string[]).filter((value) => !DERIVED_FLAGS.includes(value)).map((value) => ({ kind: 'classification', value }))],
    },
    { table: 'entity_taxonomy', fk: 'entity_id', rows: list(e.taxonomy).map((t) => ({ taxonomy_id: t.id })) },
    { table: 'entity_investor_types', fk: 'entity_id', rows: list(inv?.types).map((t) => ({ investor_type_id: t.id })) },
    { table: 'entity_investor_stages', fk: 'entity_id', rows: list(inv?.stages).map((t) => ({ stage_id: t.id })) },
  ];
  // career and education name other entities, maybe later in the file: written once the file is read
  const deferred: ChildRows[] = [];
  const glance = (g: Row | undefined) => refs !== null && g !== undefined && g !== null && Array.isArray(g.items);
  if (glance(e.career)) {
    deferred.push({
      table: 'career', fk: 'person_id', ignore: ['id'], partial: e.career.total > e.career.items.length,
      rows: e.career.items.map((c: Row) => ({
        org_id: refOf(refs!, 'career.company', c.company), raw_title: c.raw_title ?? null, titles: JSON.stringify(c.titles ?? []), is_founder: Boolean(c.is_founder),
        is_executive: Boolean(c.is_executive), is_partner: Boolean(c.is_partner), is_past: Boolean(c.is_past), start_date: c.start_date ?? null,
        start_sort: sortOf('career.start_date', c.start_date), end_date: c.end_date ?? null,
      })),
    } as ChildRows);
  }
  if (glance(e.education)) {
    deferred.push({
      table: 'education', fk: 'person_id', ignore: ['id'], partial: e.education.total > e.education.items.length,
      rows: e.education.items.map((d: Row) => ({
        university_id: refOf(refs!, 'education.university', d.university), degree_id: d.degree?.id ?? null, major_ids: JSON.stringify(list(d.majors).map((m) => m.id)),
        start_date: d.start_date ?? null, start_sort: sortOf('education.start_date', d.start_date), end_date: d.end_date ?? null,
      })),
    } as ChildRows);
  }
  // places and sectors an import of the source created are created here too (ExportedImports.checkReferences)
  const references = { places: list(e.locations) as ExportedPlace[], taxonomy: list(e.taxonomy) as unknown as ExportedTerm[] };
  const plan: PlannedRecord = { keyType: 'entity', key: r.key, table: 'entities', id: null, uuid: e.uuid, cols, children, insertOnly: figuresOf(e), references };
  return { plan, deferred };
}

function recordPlan(r: ExportedRow, refs: Refs, rounds: Map<string, number>): PlannedRecord {
  const x = r.row;
  const base = { keyType: r.kind, key: r.key, table: TABLE[r.kind], id: Number(x.id) };
  switch (r.kind) {
    case 'transaction': {
      if (x.investors === null) throw new RowError('investors', 'null', 'the row was exported without its investors (plan): export with an API key that reads every field');
      const sort = sortOf('announced_date', x.announced_date);
      const code = x.round_type === null ? null : ROUND_CODE.get(x.round_type);
      if (code === undefined) throw new RowError('round_type', JSON.stringify(x.round_type), 'not a round type of this API');
      return {
        ...base,
        cols: {
          company_id: refOf(refs, 'company', x.company), amount_usd: x.amount ?? null, announced_date: x.announced_date ?? null, date_sort: sort,
          year: sort ? Number(sort.slice(0, 4)) : null, month: x.announced_date && x.announced_date.length >= 7 ? Number(x.announced_date.slice(5, 7)) : null,
          round_type: x.round_type, round_type_code: code, standardized_round: x.standardized_round ?? null, valuation_usd: x.valuation ?? null,
          is_verified: x.is_verified ?? null, is_vc_round: x.is_vc_round ?? null, is_exit: x.is_exit ?? null, source_url: x.source_url ?? null, deleted_at: x.deleted_at ?? null,
        },
        insertOnly: { created_at: x.updated_at },
        children: [{ table: 'transaction_investors', fk: 'transaction_id', rows: (x.investors as Row[]).map((i, position) => ({ investor_id: refOf(refs, 'investors', i.investor), is_lead: i.is_lead ?? null, position })) }],
      };
    }
    case 'job':
      return {
        ...base,
        cols: {
          entity_id: refOf(refs, 'entity', x.entity), title: x.title, url: x.url ?? null, source: x.source ?? null, job_type: x.job_type ?? null, formatted_location: x.formatted_location ?? null,
          post_language: x.post_language ?? null, latitude: x.latitude ?? null, longitude: x.longitude ?? null, posted_at: x.posted_at, city_id: x.city_unique_id ?? null,
          state_id: x.state_unique_id ?? null, country_id: x.country_unique_id ?? null, continent_id: x.continent_unique_id ?? null,
          city_region_ids: JSON.stringify(x.city_region_unique_ids ?? []), is_active: true,
        },
        children: [],
      };
    case 'fund':
      return {
        ...base,
        cols: {
          investor_id: refOf(refs, 'investor', x.investor), name: x.name, amount_usd: x.amount ?? null, amount_source: x.amount_source?.amount ?? null,
          currency_source: x.amount_source?.currency ?? null, announced_date: x.announced_date ?? null, announced_sort: sortOf('announced_date', x.announced_date),
          vintage_year: x.vintage_year ?? null, fund_type: x.fund_type ?? null, status: x.status ?? null,
        },
        children: [],
      };
    case 'valuation': {
      const round = x.transaction_id === null || x.transaction_id === undefined ? null : (rounds.get(String(x.transaction_id)) ?? null);
      if (x.transaction_id && round === null) throw new RowError('transaction_id', String(x.transaction_id), 'names a transaction in no import of this source: import transactions first');
      return {
        ...base,
        cols: { company_id: refOf(refs, 'company', x.company), value_usd: x.value, valued_date: x.valued_date, date_sort: sortOf('valued_date', x.valued_date), source: x.source ?? null, transaction_id: round },
        children: [],
      };
    }
    case 'news':
      return {
        ...base,
        cols: { title: x.title, url: x.url, source: x.source ?? null, article_type: x.article_type ?? null, summary: x.summary ?? null, published_at: x.published_at },
        children: [
          { table: 'news_entities', fk: 'news_id', rows: (x.entities ?? []).map((e: Row) => ({ entity_id: refOf(refs, 'entities', e) })) },
          { table: 'news_taxonomy', fk: 'news_id', rows: (x.taxonomy ?? []).map((t: Row) => ({ taxonomy_id: t.id })) },
        ],
        references: { taxonomy: x.taxonomy ?? [] },
      };
    case 'entity':
      throw new Error('entities are planned by entityPlan');
  }
}

/**
 * Career and education of a person: written with its batch when every entity they name is written
 * (the common case: the organisations and universities were imported before), else held in the
 * database until the file ends (`applyHeld`), never in memory. The person's line is counted once
 * they are written (`outcome` of its own record, or the rejection of its career or education), so
 * it counts once.
 */
export type Deferred = HeldRow;

type Settle = (row: ExportedRow | Deferred, o: Outcome | RowError, type: string) => void;

/** Writes one batch of rows of one list (distinct keys), with the career and education of its persons when they can be. */
export async function applyExportedBatch(store: ExportStore, batch: readonly ExportedRow[], type: ExportedType, settle: Settle): Promise<void> {
  if (batch.length === 0) return;
  const refs = await store.entityIds(batch.flatMap((r) => (r.kind === 'entity' ? [] : namedUuids(r))));
  const rounds = batch[0]!.kind === 'valuation' ? await store.keyedIds('transaction', batch.map((r) => String(r.row.transaction_id ?? ''))) : new Map<string, number>();
  const plans: { r: ExportedRow; plan: PlannedRecord }[] = [];
  for (const r of batch) {
    try {
      plans.push({ r, plan: r.kind === 'entity' ? entityPlan(r, null).plan : recordPlan(r, refs, rounds) });
    } catch (err) {
      if (!(err instanceof RowError)) throw err;
      settle(r, err, type);
    }
  }
  await store.checkReferences(plans.map((p) => p.plan)).then((bad) => {
    for (let i = plans.length - 1; i >= 0; i--) {
      const why = bad.get(plans[i]!.plan);
      if (why) {
        settle(plans[i]!.r, why, type);
        plans.splice(i, 1);
      }
    }
  });
  const outcomes = await store.upsert(plans.map((p) => p.plan));
  const careers: Deferred[] = [];
  plans.forEach(({ r }, i) => {
    if (r.kind === 'entity' && (r.row.career || r.row.education)) careers.push({ line: r.line, key: r.key, row: r.row, outcome: outcomes[i]! });
    else settle(r, outcomes[i]!, type);
  });
  await applyCareers(store, careers, type, settle, false);
}

/** The career and education held until the file ended, now that every entity of the file is written. */
export async function applyHeld(store: ExportStore, type: ExportedType, settle: Settle): Promise<void> {
  for await (const part of store.takeHeld(500)) await applyCareers(store, part, type, settle, true);
}

/**
 * Writes persons' career and education. Not `last`: a person naming an entity not written yet (or
 * whose key has rows held already) is held for the file's end. `last`: an entity still unknown
 * rejects the person's line.
 */
async function applyCareers(store: ExportStore, rows: readonly Deferred[], type: ExportedType, settle: Settle, last: boolean): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const part = rows.slice(i, i + 500);
    const entity = (d: Deferred): ExportedRow => ({ line: d.line, kind: 'entity', key: d.key, row: d.row });
    const refs = await store.entityIds(part.flatMap((d) => namedUuids(entity(d))));
    const persons = await store.entityIds(part.map((d) => d.key));
    const planned: { id: number; children: ChildRows[] }[] = [];
    const held: Deferred[] = [];
    for (const d of part) {
      if (!last && (store.heldKeys.has(d.key) || namedUuids(entity(d)).some((u) => !refs.has(u)))) {
        held.push(d);
        continue;
      }
      try {
        planned.push({ id: persons.get(d.key)!, children: entityPlan(entity(d), refs).deferred });
        settle(d, d.outcome, type);
      } catch (err) {
        if (!(err instanceof RowError)) throw err;
        settle(d, err, type);
      }
    }
    await store.hold(held);
    // career and education apart: one comparison and one insert per table for the whole part
    for (const table of ['career', 'education']) {
      await store.replaceChildrenOf(planned.map((p) => ({ id: p.id, children: p.children.filter((c) => c.table === table) })).filter((p) => p.children.length > 0));
    }
  }
}
