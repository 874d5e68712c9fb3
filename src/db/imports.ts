/**
 * The import engine's writes (src/import/engine.ts; docs/import.md), SQL only: records found by
 * their source key (`import_keys`), compared with the stored row and written only where they differ,
 * a change-log row per changed record, and the reference rows a record names created on first use
 * (sectors, states, cities). Everything runs on the caller's transaction.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { ROUND_TYPES } from './filterKeys.js';
import { softDeleteTransactions, type RecordTable } from './changes.js';
import { RECORD_TABLES, recordsShowing } from './documents.js';
import { dialectOf } from './dialect.js';
import { COMPANY_FIGURES, figuresOf } from './figures.js';
import { insertRows, normalizeRawResult } from './knex.js';
import type { CompanyIn, PlaceIn, RoundIn, RoundKeyType } from '../import/records.js';
import { RowError } from '../import/errors.js';
import { OTHER_BY_ALPHA2 } from '../import/mapping.js';
import { patchRows } from './patchRows.js';
import { rollupBuilt, rollupShare, type Share } from './rollupDelta.js';

export type Outcome = 'inserted' | 'updated' | 'unchanged' | 'deleted';

interface ChangeRow {
  type: string;
  record_id: number;
  kind: 'insert' | 'update' | 'delete';
  fields: string | null;
  at: string;
}

const ROUND_CODE = new Map(ROUND_TYPES.map((t) => [t.name, t.code]));
/** Keys per lookup: one batch of the engine in one round trip (PostgreSQL's bind limit is 65,535, SQLite's 32,766). */
export const CHUNK = 1000;
/** Companies past which an import's rollup is rebuilt whole rather than changed by difference. */
const MAX_SHARED = 20_000;
/** New companies held back at most (memory stays bounded); past it they are written with the figures of the rounds read so far. */
const MAX_PENDING = 50_000;

interface NewCompany {
  id: number;
  rec: CompanyIn;
  row: Record<string, unknown>;
  sectors: number[];
}

/** A uuid (version 4 layout) fixed by the record's source and key: importing into an empty database again gives the same one. */
export function uuidOf(source: string, type: string, key: string): string {
  const h = crypto.createHash('sha256').update(`${source}\u0000${type}\u0000${key}`).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Stored and incoming values compare as the same value whatever the driver returned (numbers as strings, booleans as 0/1). */
export function same(stored: unknown, wanted: unknown): boolean {
  if (stored === null || stored === undefined || wanted === null || wanted === undefined) return (stored ?? null) === (wanted ?? null);
  if (typeof wanted === 'boolean') return Boolean(Number(stored)) === wanted || stored === wanted;
  if (typeof wanted === 'number') return Number(stored) === wanted;
  return String(stored) === String(wanted);
}

const marks = (n: number) => new Array(n).fill('?').join(', ');

interface PlaceIds {
  hq_city_id: number | null;
  hq_country_id: number | null;
  hq_continent_id: number | null;
}

export class ImportStore {
  /** Companies whose rounds changed (figures), rounds changed (facts), entities changed (search terms), companies whose place or sectors changed (their rounds' facts). */
  readonly touchedCompanies = new Set<number>();
  readonly touchedRounds = new Set<number>();
  readonly changedEntities = new Set<number>();
  readonly movedCompanies = new Set<number>();
  /** Investors and people whose own records (or participations) the import wrote: their profile figures are refreshed. */
  readonly touchedProfiles = new Set<number>();
  /** Funds, valuations, jobs and news the import wrote, by table: their record documents are rebuilt. */
  readonly touchedRecords: Record<RecordTable, Set<number>> = { funds: new Set(), valuations: new Set(), jobs: new Set(), news: new Set() };
  /** An entity became or stopped being an investor: every investor's rank is checked. */
  investorsChanged = false;
  /**
   * The analytics rollup's shares of the companies whose rounds the import changes, taken before it
   * changes them (src/db/rollupDelta.ts); `rollupWhole` once too many companies are touched for a
   * difference to pay (the rollup is then rebuilt).
   */
  readonly rollupBefore = new Map<string, Share>();
  readonly shared = new Set<number>();
  readonly created = new Set<number>();
  rollupWhole = false;
  /** Round ids each key type's records named in this import (withdrawal keeps them). */
  readonly seen: Record<RoundKeyType, Set<number>> = { round: new Set(), acquisition: new Set() };
  private changes: ChangeRow[] = [];
  /**
   * New companies not written yet: their rounds go in first (the foreign key of a round's company is
   * checked at commit), then each company once with its funding figures (`writePending`), where an
   * insert and then the figures' UPDATE wrote every index of `entities` twice. Whatever reads or
   * names entities in the import (people, investors, parts, a company's update or deletion, the
   * derived refresh) writes them first.
   */
  private pending: NewCompany[] = [];
  /** Cities created by `placeIds(…, later)`, not written yet. */
  private newCities: Record<string, unknown>[] = [];
  /** SQLite: the next entity id to give (the import holds the write lock); null to read it again. */
  private nextEntity: number | null = null;
  private sectors = new Map<string, number>();
  private countries = new Map<string, { id: number; continent_id: number; region_id: number | null }>();
  private continents = new Map<string, number>();
  private states = new Map<string, number>();
  private cities = new Map<string, { id: number; state_id: number | null }[]>();
  /** Sums of the known cities' coordinates per state, country and continent id: [lat, lon, n]. */
  private coords = new Map<number, [number, number, number]>();
  private fx = new Map<string, number>();
  private nextPlace = 1;
  private nextTaxonomy = 1;

  constructor(
    readonly trx: Knex,
    readonly source: string,
    readonly at: string,
  ) {}

  async init(): Promise<void> {
    const t = this.trx;
    // the write lock before the first read (a server's metering write may commit meanwhile)
    await dialectOf(t).writeFirst(t, 'import_keys');
    // a rollup not built yet is built whole after the rows: no shares to take
    this.rollupWhole = !(await rollupBuilt(t));
    for (const r of (await t('taxonomy').where('type', 'sector').select('id', 'name')) as { id: number; name: string }[]) this.sectors.set(r.name.toLowerCase(), Number(r.id));
    const places = (await t('places').whereIn('kind', ['continent', 'country', 'state', 'city']).select('id', 'kind', 'name', 'code', 'country_id', 'continent_id', 'region_id', 'state_id', 'lat', 'lon')) as Record<string, any>[];
    for (const p of places) {
      if (p.kind === 'continent') this.continents.set(String(p.code), Number(p.id));
      else if (p.kind === 'country') this.countries.set(String(p.code), { id: Number(p.id), continent_id: Number(p.continent_id), region_id: p.region_id === null ? null : Number(p.region_id) });
      else if (p.kind === 'state') this.states.set(`${p.country_id}|${String(p.name).toLowerCase()}`, Number(p.id));
      else {
        const k = `${p.country_id}|${String(p.name).toLowerCase()}`;
        this.cities.set(k, [...(this.cities.get(k) ?? []), { id: Number(p.id), state_id: p.state_id === null ? null : Number(p.state_id) }]);
        if (p.lat !== null && p.lon !== null) for (const at of [p.state_id, p.country_id, p.continent_id]) if (at !== null) this.addCoords(Number(at), Number(p.lat), Number(p.lon));
      }
    }
    for (const r of (await t('fx_rates').select('currency', 'per_usd')) as { currency: string; per_usd: number }[]) this.fx.set(r.currency, Number(r.per_usd));
    this.fx.set('USD', 1);
    const max = async (table: string) => Number(normalizeRawResult(await t.raw(`select coalesce(max(id), 0) as m from ${table}`))[0]!.m);
    this.nextPlace = (await max('places')) + 1;
    this.nextTaxonomy = (await max('taxonomy')) + 1;
  }

  /**
   * Takes the rollup shares of companies before their rounds (or their place, or their investors)
   * change; companies this import created had none.
   */
  async beforeChanging(companyIds: Iterable<number>): Promise<void> {
    if (this.rollupWhole) return;
    const fresh = [...new Set(companyIds)].filter((id) => !this.shared.has(id) && !this.created.has(id));
    if (fresh.length === 0) return;
    if (this.shared.size + fresh.length > MAX_SHARED) {
      this.rollupWhole = true;
      return;
    }
    for (const id of fresh) this.shared.add(id);
    await rollupShare(this.trx, fresh, this.rollupBefore);
  }

  /**
   * Before an investor's place or types change: the rounds it took part in read another label of
   * the investor dimensions; their facts are refreshed and their companies' rollup shares taken.
   */
  async beforeInvestorChanges(ids: readonly number[]): Promise<void> {
    for (let i = 0; i < ids.length; i += CHUNK) {
      const part = ids.slice(i, i + CHUNK);
      const rows = (await this.trx('transaction_investors as ti').join('transactions as t', 't.id', 'ti.transaction_id').whereIn('ti.investor_id', part)
        .select('t.id', 't.company_id')) as { id: number; company_id: number }[];
      for (const r of rows) this.touchedRounds.add(Number(r.id));
      await this.beforeChanging(rows.map((r) => Number(r.company_id)));
    }
  }

  /** Record ids by source key. */
  async idsOf(type: string, keys: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    const uniq = [...new Set(keys)];
    for (let i = 0; i < uniq.length; i += CHUNK) {
      const part = uniq.slice(i, i + CHUNK);
      const rows = (await this.trx('import_keys').where({ source: this.source, type }).whereIn('key', part).select('key', 'record_id')) as { key: string; record_id: number }[];
      for (const r of rows) out.set(r.key, Number(r.record_id));
    }
    return out;
  }

  log(type: string, record_id: number, kind: ChangeRow['kind'], fields: string[] | null): void {
    this.changes.push({ type, record_id, kind, fields: fields ? JSON.stringify(fields) : null, at: this.at });
  }

  /** Writes the change-log rows gathered so far. */
  async flushLog(): Promise<void> {
    const rows = this.changes;
    this.changes = [];
    await this.insertAll('change_log', rows);
  }

  async insertAll(table: string, rows: readonly object[]): Promise<void> {
    await insertRows(this.trx, table, rows);
  }

  private async sectorId(name: string): Promise<number> {
    const k = name.toLowerCase();
    const known = this.sectors.get(k);
    if (known !== undefined) return known;
    const id = this.nextTaxonomy++;
    await this.trx('taxonomy').insert({ id, name, type: 'sector' });
    this.sectors.set(k, id);
    return id;
  }

  /**
   * The places of a record, created when missing. `later`: a city created goes in with the others
   * of the batch (`writePlaces`, before anything names it) rather than by a statement of its own
   * (the 2013 snapshot creates 2,430 cities).
   */
  async placeIds(p: PlaceIn | null, later = false): Promise<PlaceIds> {
    if (!p) return { hq_city_id: null, hq_country_id: null, hq_continent_id: null };
    const country = this.countries.get(p.country) ?? (await this.createCountry(p.country));
    const base = { hq_country_id: country.id, hq_continent_id: country.continent_id };
    if (!p.city) return { hq_city_id: null, ...base };
    let stateId: number | null = null;
    if (p.state) {
      const sk = `${country.id}|${p.state.toLowerCase()}`;
      stateId = this.states.get(sk) ?? null;
      if (stateId === null) {
        stateId = this.nextPlace++;
        await this.trx('places').insert({ id: stateId, kind: 'state', name: p.state, parent_id: country.id, country_id: country.id, continent_id: country.continent_id, region_id: country.region_id });
        this.states.set(sk, stateId);
      }
    }
    const ck = `${country.id}|${p.city.toLowerCase()}`;
    const candidates = this.cities.get(ck) ?? [];
    const found = candidates.find((c) => c.state_id === stateId) ?? (stateId === null ? candidates[0] : undefined);
    if (found) return { hq_city_id: found.id, ...base };
    const id = this.nextPlace++;
    const { lat, lon } = this.approximate(stateId, country.id, country.continent_id);
    const city = {
      id, kind: 'city', name: p.city.slice(0, 200), parent_id: stateId ?? country.id, country_id: country.id, continent_id: country.continent_id,
      state_id: stateId, region_id: country.region_id, lat, lon,
    };
    if (later) this.newCities.push(city);
    else await this.trx('places').insert(city);
    for (const at of [stateId, country.id, country.continent_id]) if (at !== null) this.addCoords(at, lat, lon);
    this.cities.set(ck, [...candidates, { id, state_id: stateId }]);
    return { hq_city_id: id, ...base };
  }

  /** The cities `placeIds` created for later, written. */
  private async writePlaces(): Promise<void> {
    if (this.newCities.length === 0) return;
    const rows = this.newCities;
    this.newCities = [];
    await this.insertAll('places', rows);
  }

  private addCoords(place: number, lat: number, lon: number): void {
    const [a, b, n] = this.coords.get(place) ?? [0, 0, 0];
    this.coords.set(place, [a + lat, b + lon, n + 1]);
  }

  /**
   * Where a city the import creates is drawn until it is geocoded: the mean of the known cities of its
   * state, else of its country, else of its continent (docs/import.md).
   */
  private approximate(stateId: number | null, countryId: number, continentId: number): { lat: number; lon: number } {
    for (const at of [stateId, countryId, continentId]) {
      const c = at === null ? undefined : this.coords.get(at);
      if (c) return { lat: Math.round((c[0] / c[2]) * 1e4) / 1e4, lon: Math.round((c[1] / c[2]) * 1e4) / 1e4 };
    }
    return { lat: 0, lon: 0 };
  }

  /** A country of the mapping table (src/import/mapping.ts) our places did not hold yet. */
  private async createCountry(code: string): Promise<{ id: number; continent_id: number; region_id: number | null }> {
    const other = OTHER_BY_ALPHA2.get(code);
    const continent = other ? this.continents.get(other.continent) : undefined;
    if (!other || continent === undefined) throw new RowError('country_code', code, 'a country the mapping table does not place on a continent');
    const id = this.nextPlace++;
    await this.trx('places').insert({ id, kind: 'country', name: other.name, code, parent_id: continent, continent_id: continent });
    const c = { id, continent_id: continent, region_id: null };
    this.countries.set(code, c);
    return c;
  }

  private async companyColumns(c: CompanyIn): Promise<Record<string, unknown>> {
    return {
      name: c.name.slice(0, 300), name_lower: c.name.slice(0, 300).toLowerCase(), status: c.status, launch_date: c.launch?.text ?? null,
      launch_date_sort: c.launch?.sort ?? null, link_crunchbase: c.link_crunchbase, domain: c.domain, subtype: c.subtype ?? 'company',
      ...(await this.placeIds(c.place, true)),
    };
  }

  /** Gives an entity a role flag (`on`) or takes it away; whether that changed anything. */
  async setRole(id: number, value: string, on: boolean): Promise<boolean> {
    const has = (await this.trx('entity_flags').where({ entity_id: id, kind: 'role', value }).first('entity_id')) !== undefined;
    if (has === on) return false;
    if (on) await this.trx('entity_flags').insert({ entity_id: id, kind: 'role', value });
    else await this.trx('entity_flags').where({ entity_id: id, kind: 'role', value }).delete();
    return true;
  }

  /** Creates or updates companies (distinct keys); `ensureOnly`: create the missing ones, leave existing ones as they are (null). */
  async upsertCompanies(recs: readonly CompanyIn[], ensureOnly = false): Promise<(Outcome | null | RowError)[]> {
    const ids = await this.idsOf('company', recs.map((r) => r.key));
    const existing = recs.map((r) => ids.get(r.key)).filter((id): id is number => id !== undefined);
    const stored = new Map<number, Record<string, unknown>>();
    const sectorsOf = new Map<number, number[]>();
    if (!ensureOnly) {
      if (existing.length) await this.writePending();
      for (let i = 0; i < existing.length; i += CHUNK) {
        const part = existing.slice(i, i + CHUNK);
        for (const r of (await this.trx('entities').whereIn('id', part).select('*')) as Record<string, unknown>[]) stored.set(Number(r.id), r);
        const tax = (await this.trx('entity_taxonomy as et').join('taxonomy as t', 't.id', 'et.taxonomy_id').where('t.type', 'sector').whereIn('et.entity_id', part)
          .select('et.entity_id', 'et.taxonomy_id')) as { entity_id: number; taxonomy_id: number }[];
        for (const t of tax) sectorsOf.set(Number(t.entity_id), [...(sectorsOf.get(Number(t.entity_id)) ?? []), Number(t.taxonomy_id)]);
      }
    }
    const out: (Outcome | null | RowError)[] = [];
    const inserts: { rec: CompanyIn; row: Record<string, unknown>; sectors: number[] }[] = [];
    // the changed columns of the companies, written together after them (a moved company's share is taken first)
    const patches = new Map<number, Record<string, unknown>>();
    for (const rec of recs) {
      const id = ids.get(rec.key);
      if (id !== undefined && ensureOnly) {
        out.push(null);
        continue;
      }
      let cols: Record<string, unknown>;
      let sectors: number[];
      try {
        cols = await this.companyColumns(rec);
        sectors = [...new Set(await Promise.all(rec.sectors.map((s) => this.sectorId(s))))].sort((a, b) => a - b);
      } catch (err) {
        if (err instanceof RowError) {
          out.push(err);
          continue;
        }
        throw err;
      }
      if (id === undefined) {
        inserts.push({ rec, row: cols, sectors });
        out.push('inserted');
        continue;
      }
      const row = stored.get(id)!;
      const fields = Object.keys(cols).filter((k) => !same(row[k], cols[k]));
      const was = (sectorsOf.get(id) ?? []).sort((a, b) => a - b);
      const sectorsChanged = was.join(',') !== sectors.join(',');
      if (fields.length === 0 && !sectorsChanged) {
        out.push('unchanged');
        continue;
      }
      const patch = Object.fromEntries(fields.map((k) => [k, cols[k]]));
      const moved = sectorsChanged || fields.some((f) => f.startsWith('hq_'));
      if (moved) {
        // its rounds read another sector or place, and so do the rounds it invested in
        await this.beforeChanging([id]);
        await this.beforeInvestorChanges([id]);
      }
      patches.set(id, patch);
      if (sectorsChanged) {
        await this.trx('entity_taxonomy').where('entity_id', id).whereIn('taxonomy_id', this.trx('taxonomy').where('type', 'sector').select('id')).delete();
        if (sectors.length) await this.trx('entity_taxonomy').insert(sectors.map((t) => ({ entity_id: id, taxonomy_id: t })));
      }
      if (fields.includes('hq_city_id')) {
        await this.writePlaces();
        await this.trx('entity_locations').where({ entity_id: id, role: 'hq' }).delete();
        if (cols.hq_city_id !== null) await this.trx('entity_locations').insert({ entity_id: id, role: 'hq', city_id: cols.hq_city_id, position: 0 });
      }
      this.changedEntities.add(id);
      if (fields.includes('subtype')) {
        // the `company` role goes with the subtype; an investor's role with its investor status (src/db/importParts.ts)
        await this.setRole(id, 'company', cols.subtype === 'company');
        this.touchedCompanies.add(id);
      }
      if (moved) this.movedCompanies.add(id);
      this.log('entity', id, 'update', [...fields.filter((f) => f !== 'name_lower'), ...(sectorsChanged ? ['sectors'] : [])]);
      out.push('updated');
    }
    await this.writePlaces();
    await patchRows(this.trx, 'entities', patches, this.at);
    await this.holdCompanies(inserts);
    return out;
  }

  /** New companies get their ids and keys now (rounds name them); their rows wait for `writePending`. */
  private async holdCompanies(inserts: Omit<NewCompany, 'id'>[]): Promise<void> {
    if (inserts.length === 0) return;
    if (this.pending.length === 0) await this.deferRoundCompanies();
    const ids = await this.newEntityIds(inserts.length);
    await this.insertAll('import_keys', inserts.map(({ rec }, k) => ({ source: this.source, type: 'company', key: rec.key, record_id: ids[k]! })));
    inserts.forEach((c, k) => this.pending.push({ ...c, id: ids[k]! }));
    for (const id of ids) {
      this.created.add(id);
      this.changedEntities.add(id);
      this.touchedCompanies.add(id);
      this.log('entity', id, 'insert', null);
    }
    if (this.pending.length >= MAX_PENDING) await this.writePending();
  }

  /** Rounds may name a company not written yet: the check of their company waits for the commit. */
  private async deferRoundCompanies(): Promise<void> {
    await dialectOf(this.trx).deferForeignKey(this.trx, 'transactions_company_id_foreign');
  }

  /** PostgreSQL: `n` ids of a table drawn from its id sequence. */
  private async sequenceIds(table: 'entities' | 'transactions', n: number): Promise<number[]> {
    if (n === 0) return [];
    return normalizeRawResult(await this.trx.raw(`select nextval(pg_get_serial_sequence('${table}', 'id')) as id from generate_series(1, ?)`, [n])).map((r) => Number(r.id));
  }

  /** `n` entity ids no other row has or will get: PostgreSQL's sequence; SQLite after the largest given (its write lock is held). */
  private async newEntityIds(n: number): Promise<number[]> {
    if (dialectOf(this.trx).idSequences) return this.sequenceIds('entities', n);
    if (this.nextEntity === null) {
      const seq = normalizeRawResult(await this.trx.raw(`select name from sqlite_master where name = 'sqlite_sequence'`)).length
        ? `(select seq from sqlite_sequence where name = 'entities')` : '0';
      this.nextEntity = Number(normalizeRawResult(await this.trx.raw(`select max(coalesce(${seq}, 0), coalesce((select max(id) from entities), 0)) + 1 as id`))[0]!.id);
    }
    const first = this.nextEntity;
    this.nextEntity += n;
    return Array.from({ length: n }, (_v, i) => first + i);
  }

  /**
   * Writes the companies held back, each with its funding figures from their definition
   * (src/db/figures.ts) over the rounds written so far, so the refresh finds nothing to change in them.
   * Only the funding figures can have a row: no participation or career names a company not written.
   */
  async writePending(): Promise<void> {
    if (this.pending.length === 0) return;
    const held = this.pending;
    this.pending = [];
    this.nextEntity = null;
    const figures = await figuresOf(this.trx, COMPANY_FIGURES, held.map((c) => c.id));
    // what an entity the definition has no row for keeps: the funding figures of a company without rounds
    const none = { ...Object.fromEntries(COMPANY_FIGURES.columns.map(([c]) => [c, null])), funding_rounds_count: 0 };
    const rows = held.map(({ id, rec, row }) => ({
      id, ...row, uuid: uuidOf(this.source, 'company', rec.key), type: 'organization', added_at: this.at, updated_at: this.at,
      is_founder: false, is_investor: false, jobs_open_count: 0, patents_count: 0, ...none, ...figures.get(id),
    }));
    await insertRows(this.trx, 'entities', rows);
    await this.insertAll('entity_taxonomy', held.flatMap(({ id, sectors }) => sectors.map((t) => ({ entity_id: id, taxonomy_id: t }))));
    await this.insertAll('entity_locations', held.flatMap(({ id, row }) => (row.hq_city_id === null ? [] : [{ entity_id: id, role: 'hq', city_id: row.hq_city_id, position: 0 }])));
    await this.insertAll('entity_flags', held.flatMap(({ id, row }) => (row.subtype === 'company' ? [{ entity_id: id, kind: 'role', value: 'company' }] : [])));
  }

  /** Whole USD of an amount in a currency of the reference rates; an unknown currency rejects the row (in `column`). */
  private usd(amount: number | null | undefined, currency: string | undefined, column: string): number | null {
    if (amount === null || amount === undefined) return null;
    const rate = this.fx.get(currency ?? 'USD');
    if (rate === undefined) throw new RowError(column, currency ?? null, 'a currency the reference rates (fx_rates) do not hold');
    return Math.round(amount / rate);
  }

  private roundColumns(r: RoundIn, companyId: number): Record<string, unknown> {
    return {
      company_id: companyId, amount_usd: this.usd(r.amount, r.currency, r.currencyColumn ?? 'price_currency_code'),
      valuation_usd: this.usd(r.valuation, r.valuationCurrency, r.valuationColumn ?? 'price_currency_code'), announced_date: r.date?.text ?? null,
      date_sort: r.date?.sort ?? null, year: r.date?.year ?? null, month: r.date?.month ?? null, round_type: r.kind.round_type,
      round_type_code: ROUND_CODE.get(r.kind.round_type) ?? null, standardized_round: r.kind.standardized_round, is_vc_round: r.kind.is_vc_round,
      is_exit: r.kind.is_exit, deleted_at: null,
    };
  }

  /** Creates or updates rounds (distinct keys); a round whose company has no record is rejected. */
  async upsertRounds(recs: readonly RoundIn[], companyColumn: string): Promise<(Outcome | RowError)[]> {
    if (recs.length === 0) return [];
    const type = recs[0]!.type;
    const ids = await this.idsOf(type, recs.map((r) => r.key));
    const companies = await this.idsOf('company', recs.map((r) => r.company));
    const existing = recs.map((r) => ids.get(r.key)).filter((id): id is number => id !== undefined);
    const stored = new Map<number, Record<string, unknown>>();
    for (let i = 0; i < existing.length; i += CHUNK) {
      for (const r of (await this.trx('transactions').whereIn('id', existing.slice(i, i + CHUNK)).select('*')) as Record<string, unknown>[]) stored.set(Number(r.id), r);
    }
    const out: (Outcome | RowError)[] = [];
    const inserts: { rec: RoundIn; row: Record<string, unknown> }[] = [];
    const updates: { id: number; fields: string[]; cols: Record<string, unknown>; was: number }[] = [];
    for (const rec of recs) {
      const companyId = companies.get(rec.company);
      if (companyId === undefined) {
        out.push(new RowError(companyColumn, rec.company, 'a round of a company that is in no file of this import and not in the database'));
        continue;
      }
      let cols: Record<string, unknown>;
      try {
        cols = this.roundColumns(rec, companyId);
      } catch (err) {
        if (err instanceof RowError) {
          out.push(err);
          continue;
        }
        throw err;
      }
      const id = ids.get(rec.key);
      if (id !== undefined) this.seen[type].add(id);
      if (id === undefined) {
        inserts.push({ rec, row: cols });
        out.push('inserted');
        continue;
      }
      const row = stored.get(id)!;
      const fields = Object.keys(cols).filter((k) => !same(row[k], cols[k]));
      if (fields.length === 0) {
        out.push('unchanged');
        continue;
      }
      updates.push({ id, fields, cols, was: Number(row.company_id) });
      out.push('updated');
    }
    await this.beforeChanging([...updates.flatMap((u) => [u.was, Number(u.cols.company_id)]), ...inserts.map((i) => Number(i.row.company_id))]);
    await patchRows(this.trx, 'transactions', new Map(updates.map(({ id, fields, cols }) => [id, Object.fromEntries(fields.map((k) => [k, cols[k]]))])), this.at);
    for (const { id, fields, cols, was } of updates) {
      this.touchedRounds.add(id);
      this.touchedCompanies.add(was).add(Number(cols.company_id));
      this.log('transaction', id, 'update', fields);
    }
    const rows = inserts.map(({ row }) => ({ ...row, is_verified: null, source_url: null, created_at: this.at, updated_at: this.at }));
    // PostgreSQL: ids drawn from the sequence first, so the rows need no RETURNING and go in by COPY (insertRows)
    const drawn = dialectOf(this.trx).idSequences ? await this.sequenceIds('transactions', rows.length) : null;
    const newIds = drawn
      ? (await insertRows(this.trx, 'transactions', rows.map((r, k) => ({ id: drawn[k]!, ...r }))), drawn)
      : (await insertRows(this.trx, 'transactions', rows, { returning: 'id' })).map((r) => Number(r.id));
    await this.insertAll('import_keys', inserts.map(({ rec }, k) => ({ source: this.source, type, key: rec.key, record_id: newIds[k]! })));
    inserts.forEach(({ row }, k) => {
      this.seen[type].add(newIds[k]!);
      this.touchedRounds.add(newIds[k]!);
      this.touchedCompanies.add(Number(row.company_id));
      this.log('transaction', newIds[k]!, 'insert', null);
    });
    return out;
  }

  /** Soft-deletes the rounds `ids` not yet deleted; how many were. */
  async withdrawRounds(ids: readonly number[]): Promise<number> {
    return (await this.withdraw(ids)).size;
  }

  /** Soft-deletes the rounds `ids` not yet deleted, `CHUNK` per statement; those it deleted. */
  private async withdraw(ids: readonly number[]): Promise<Set<number>> {
    const done = new Set<number>();
    for (let i = 0; i < ids.length; i += CHUNK) {
      const part = ids.slice(i, i + CHUNK);
      const live = (await this.trx('transactions').whereIn('id', part).whereNull('deleted_at').select('id', 'company_id')) as { id: number; company_id: number }[];
      if (live.length === 0) continue;
      await this.beforeChanging(live.map((r) => Number(r.company_id)));
      await softDeleteTransactions(this.trx, live.map((r) => Number(r.id)), new Date(this.at));
      for (const r of live) {
        done.add(Number(r.id));
        this.touchedRounds.add(Number(r.id));
        this.touchedCompanies.add(Number(r.company_id));
        this.log('transaction', Number(r.id), 'delete', null);
      }
    }
    return done;
  }

  /** Every record id of a key type this source imported, in id order, `CHUNK` at a time. */
  async *recordIds(type: RoundKeyType): AsyncGenerator<number[]> {
    let after = -1;
    for (;;) {
      const rows = (await this.trx('import_keys').where({ source: this.source, type }).andWhere('record_id', '>', after).orderBy('record_id').limit(CHUNK * 5).select('record_id')) as { record_id: number }[];
      if (rows.length === 0) return;
      yield rows.map((r) => Number(r.record_id));
      after = Number(rows[rows.length - 1]!.record_id);
    }
  }

  /**
   * Withdraws a company: its row and what belongs only to it go, and the change log records the
   * deletion for a change feed. A company other records still name (its rounds, deleted ones
   * included, participations, careers, notes) is kept and the record rejected.
   */
  async deleteCompany(key: string, column: string): Promise<Outcome | RowError> {
    await this.writePending();
    const id = (await this.idsOf('company', [key])).get(key);
    if (id === undefined) return 'unchanged';
    const refs = normalizeRawResult(
      await this.trx.raw(
        `select (select count(*) from transactions where company_id = ?) + (select count(*) from transaction_investors where investor_id = ?)
              + (select count(*) from career where org_id = ? or person_id = ?) + (select count(*) from notes where entity_id = ?) as n`,
        [id, id, id, id, id],
      ),
    );
    const n = Number(refs[0]!.n);
    if (n > 0) return new RowError(column, key, `the company is still named by ${n} other records (its rounds, withdrawn ones included): it is kept`);
    // its valuations and jobs go with it, and the articles naming it name it no more: their documents are refreshed
    for (const kind of ['valuation', 'job', 'news'] as const) for (const r of await recordsShowing(this.trx, kind, [id])) this.touchedRecords[RECORD_TABLES[kind]].add(r);
    for (const table of ['entity_taxonomy', 'entity_locations', 'entity_flags', 'entity_investor_types', 'entity_investor_stages', 'search_terms', 'news_entities']) {
      await this.trx(table).where('entity_id', id).delete();
    }
    await this.trx('import_keys').where({ source: this.source, type: 'company', key }).delete();
    await this.trx('entities').where('id', id).delete();
    // its documents go in the derived refresh (an entity gone leaves its kinds)
    this.changedEntities.add(id);
    this.log('entity', id, 'delete', null);
    return 'deleted';
  }

  /**
   * Withdraws rounds by key (the delete records of a batch, distinct keys), a few statements for all
   * of them: each key's outcome, `unchanged` for a key with no round or one withdrawn before.
   */
  async deleteRounds(type: RoundKeyType, keys: readonly string[]): Promise<Outcome[]> {
    const ids = await this.idsOf(type, keys);
    const done = await this.withdraw([...new Set(ids.values())]);
    return keys.map((k) => (done.has(ids.get(k) ?? -1) ? 'deleted' : 'unchanged'));
  }

  /** Round ids of companies (for their facts when a company moved or changed sector). */
  async roundsOf(companyIds: readonly number[]): Promise<number[]> {
    const out: number[] = [];
    for (let i = 0; i < companyIds.length; i += CHUNK) {
      const part = companyIds.slice(i, i + CHUNK);
      out.push(...normalizeRawResult(await this.trx.raw(`select id from transactions where company_id in (${marks(part.length)})`, part)).map((r) => Number(r.id)));
    }
    return out;
  }

  /**
   * The companies whose rollup shares change, given the companies of the rounds written: those whose
   * shares were taken before, and those the import created; null when the rollup is to be rebuilt
   * (too many, or a company whose share was not taken).
   */
  rollupCompanies(ofRounds: readonly number[]): number[] | null {
    if (this.rollupWhole || ofRounds.some((c) => !this.shared.has(c) && !this.created.has(c))) return null;
    const fresh = ofRounds.filter((c) => this.created.has(c));
    return this.shared.size + fresh.length > MAX_SHARED ? null : [...this.shared, ...fresh];
  }

  /** The companies of rounds (distinct). */
  async companiesOf(roundIds: readonly number[]): Promise<number[]> {
    const out = new Set<number>();
    for (let i = 0; i < roundIds.length; i += CHUNK) {
      for (const r of (await this.trx('transactions').whereIn('id', roundIds.slice(i, i + CHUNK)).distinct('company_id')) as { company_id: number }[]) out.add(Number(r.company_id));
    }
    return [...out];
  }

  /** Logs the entities whose figures a refresh changed. */
  logFigures(changed: Map<number, Set<string>>): void {
    for (const [id, cols] of changed) this.log('entity', id, 'update', [...cols]);
  }
}

/** Tables an import writes to: their planner statistics are refreshed after a large one. */
const IMPORTED_TABLES = ['entities', 'transactions', 'import_keys', 'entity_taxonomy', 'entity_locations', 'search_terms', 'analytics_facts', 'change_log', 'places', 'taxonomy'];

/**
 * Planner statistics of the imported tables: a database filled by an import from empty had none, and
 * PostgreSQL then planned the figures' joins as nested loops over whole grouped subqueries.
 */
export async function analyzeImported(db: Knex): Promise<void> {
  for (const t of IMPORTED_TABLES) await db.raw(`analyze ${t}`);
}
