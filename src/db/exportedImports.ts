/**
 * The writes of an import of our own export (`--type`, src/import/exported.ts; docs/import.md), SQL
 * only: a record is a row of one table (its columns) and the rows of its child tables (locations,
 * flags, taxonomy, investors, career …, replaced as a whole), found by its source key in
 * `import_keys` (entities also by their uuid, which they keep) and written only where it differs
 * from what is stored. A new record keeps its exported integer id when that id is free here.
 */
import type { Knex } from 'knex';
import { ImportStore, same, type Outcome } from './imports.js';
import { dialectOf } from './dialect.js';
import { insertRows } from './knex.js';
import { RowError } from '../import/errors.js';

/** The rows of a child table that belong to one record (`fk` names the record's id). */
export interface ChildRows {
  table: string;
  fk: string;
  /** Without `fk`; compared as a set. */
  rows: Record<string, unknown>[];
  /** Columns of the table that are not compared (its own serial id). */
  ignore?: string[];
  /** The rows are the first of more (a glance): they are written for a new record, never replace stored ones. */
  partial?: boolean;
  /** Rows of the table outside this set: `value` among `values` (an entity's derived classification flags). */
  except?: { column: string; values: readonly string[] };
}

export interface PlannedRecord {
  /** The `import_keys` type. */
  keyType: string;
  key: string;
  table: 'entities' | 'transactions' | 'jobs' | 'funds' | 'valuations' | 'news';
  /** The exported id, kept when free. */
  id: number | null;
  /** An entity's uuid: an entity with it is this record. */
  uuid?: string;
  cols: Record<string, unknown>;
  children: ChildRows[];
  /** Defaults of a new record's columns the row does not carry (never compared). */
  insertOnly?: Record<string, unknown>;
  /** What the row says of the places and taxonomy terms it names (createReferences). */
  references?: { places?: readonly ExportedPlace[]; taxonomy?: readonly ExportedTerm[] };
}

interface Named {
  id: number;
  name: string;
}

/** An exported location: its city with the state, country and continent it lies in, and its coordinates. */
export interface ExportedPlace {
  city?: Named | null;
  state?: Named | null;
  country?: Named | null;
  continent?: Named | null;
  lat?: number | null;
  lon?: number | null;
}

export interface ExportedTerm extends Named {
  type: string;
}

const CHUNK = 500;
const LOG_TYPE: Record<PlannedRecord['table'], string> = { entities: 'entity', transactions: 'transaction', jobs: 'job', funds: 'fund', valuations: 'valuation', news: 'news' };


const childKey = (row: Record<string, unknown>, ignore: readonly string[], fk: string) =>
  JSON.stringify(
    Object.keys(row)
      .filter((k) => k !== fk && !ignore.includes(k))
      .sort()
      .map((k) => {
        const v = row[k];
        return v === null || v === undefined ? null : typeof v === 'boolean' ? Number(v) : typeof v === 'number' ? v : /^-?\d+(\.\d+)?$/.test(String(v)) ? Number(v) : String(v);
      }),
  );

/** A row held until the file ends (a person's career naming an entity not written yet), with its record's outcome. */
export interface HeldRow {
  line: number;
  key: string;
  row: Record<string, unknown>;
  outcome: Outcome;
}

/** The scratch table rows are held in: the database's, not the process's memory, whatever the file's size. */
const HELD = 'import_held_rows';

export class ExportStore extends ImportStore {
  /** Tables new records were given their exported ids in (PostgreSQL sequences follow them). */
  private readonly keptIds = new Set<string>();
  /** Rows held so far (their order), and the keys among them: a later row of a held key is held too, so rows of one key are written in file order. */
  private heldCount = 0;
  private heldRead = 0;
  readonly heldKeys = new Set<string>();

  /** Entity ids by uuid. */
  async entityIds(uuids: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    const uniq = [...new Set(uuids)];
    for (let i = 0; i < uniq.length; i += CHUNK) {
      for (const r of (await this.db('entities').whereIn('uuid', uniq.slice(i, i + CHUNK)).select('id', 'uuid')) as { id: number; uuid: string }[]) out.set(r.uuid, Number(r.id));
    }
    return out;
  }

  /** Record ids of another key type of this source (a valuation's round). */
  async keyedIds(keyType: string, keys: readonly string[]): Promise<Map<string, number>> {
    return this.idsOf(keyType, keys);
  }

  /** Which of `ids` exist in `table`. */
  async existing(table: string, ids: readonly number[]): Promise<Set<number>> {
    const out = new Set<number>();
    for (let i = 0; i < ids.length; i += CHUNK) {
      for (const r of (await this.db(table).whereIn('id', ids.slice(i, i + CHUNK)).select('id')) as { id: number }[]) out.add(Number(r.id));
    }
    return out;
  }

  /** Creates or updates the records (one table, distinct keys). */
  async upsert(recs: readonly PlannedRecord[]): Promise<Outcome[]> {
    if (recs.length === 0) return [];
    const { table, keyType } = recs[0]!;
    const ids = await this.idsOf(keyType, recs.map((r) => r.key));
    const keyed = new Set(ids.keys());
    if (table === 'entities') {
      const byUuid = await this.entityIds(recs.filter((r) => !ids.has(r.key)).map((r) => r.uuid!));
      for (const r of recs) if (!ids.has(r.key) && byUuid.has(r.uuid!)) ids.set(r.key, byUuid.get(r.uuid!)!);
    }
    const known = recs.map((r) => ids.get(r.key)).filter((id): id is number => id !== undefined);
    const stored = new Map<number, Record<string, unknown>>();
    for (let i = 0; i < known.length; i += CHUNK) {
      for (const r of (await this.db(table).whereIn('id', known.slice(i, i + CHUNK)).select('*')) as Record<string, unknown>[]) stored.set(Number(r.id), r);
    }
    const storedChildren = await this.childrenOf(recs[0]!.children, known);
    const out: Outcome[] = [];
    const inserts: PlannedRecord[] = [];
    const keyRows: { source: string; type: string; key: string; record_id: number }[] = [];
    for (const rec of recs) {
      const id = ids.get(rec.key);
      const row = id === undefined ? undefined : stored.get(id);
      if (id === undefined || row === undefined) {
        inserts.push(rec);
        out.push('inserted');
        continue;
      }
      // an entity found by its uuid alone is this source's record from now on
      if (!keyed.has(rec.key)) keyRows.push({ source: this.source, type: keyType, key: rec.key, record_id: id });
      const fields = Object.keys(rec.cols).filter((k) => !same(row[k], rec.cols[k]));
      const changedChildren = rec.children.filter((c) => !c.partial && !sameSet(storedChildren.get(c.table)?.get(id) ?? [], c));
      if (fields.length === 0 && changedChildren.length === 0) {
        out.push('unchanged');
        continue;
      }
      if (fields.length) await this.db(table).where('id', id).update({ ...Object.fromEntries(fields.map((k) => [k, rec.cols[k]])), updated_at: this.at });
      else await this.db(table).where('id', id).update({ updated_at: this.at });
      for (const c of changedChildren) await this.replaceChildren(c, id);
      this.written(id, rec, 'update', [...fields, ...changedChildren.map((c) => c.table)], Number(row.company_id));
      out.push('updated');
    }
    await this.insertRecords(inserts, keyRows);
    await insertRows(this.db, 'import_keys', keyRows);
    return out;
  }

  private get db(): Knex {
    return this.trx;
  }

  private async insertRecords(recs: PlannedRecord[], keyRows: { source: string; type: string; key: string; record_id: number }[]): Promise<void> {
    if (recs.length === 0) return;
    const table = recs[0]!.table;
    const wanted = recs.map((r) => r.id).filter((id): id is number => id !== null);
    const taken = await this.existing(table, wanted);
    const seen = new Set<number>();
    // rows that keep their id and rows given one, in two statements (a multi-row insert takes the same columns)
    const keep = recs.filter((r) => r.id !== null && !taken.has(r.id) && !seen.has(r.id) && seen.add(r.id));
    const kept = new Set(keep);
    const fresh = recs.filter((r) => !kept.has(r));
    const stamp = (r: PlannedRecord) => ({ ...r.insertOnly, ...r.cols, updated_at: this.at });
    if (keep.length) {
      await insertRows(this.db, table, keep.map((r) => ({ id: r.id, ...stamp(r) })));
      this.keptIds.add(table);
    }
    const freshIds = (await insertRows(this.db, table, fresh.map(stamp), { returning: 'id' })).map((r) => Number(r.id));
    const written: [PlannedRecord, number][] = [...keep.map((r) => [r, r.id!] as [PlannedRecord, number]), ...fresh.map((r, k) => [r, freshIds[k]!] as [PlannedRecord, number])];
    // the new records' child rows, one multi-row insert per table (not one per record)
    const children = new Map<string, Record<string, unknown>[]>();
    for (const [rec, id] of written) {
      keyRows.push({ source: this.source, type: rec.keyType, key: rec.key, record_id: id });
      for (const c of rec.children) {
        const rows = children.get(c.table) ?? children.set(c.table, []).get(c.table)!;
        for (const r of c.rows) rows.push({ ...r, [c.fk]: id });
      }
      this.written(id, rec, 'insert', null, null);
    }
    for (const [table, rows] of children) await insertRows(this.db, table, rows);
  }

  /** What a written record changes downstream: the change log and the derived structures to refresh. */
  private written(id: number, rec: PlannedRecord, kind: 'insert' | 'update', fields: string[] | null, wasCompany: number | null): void {
    this.log(LOG_TYPE[rec.table], id, kind, fields);
    if (rec.table === 'entities') {
      this.changedEntities.add(id);
      this.touchedCompanies.add(id);
      this.touchedProfiles.add(id);
      if (fields === null || fields.some((f) => f.startsWith('hq_') || f === 'entity_locations' || f === 'entity_taxonomy')) this.movedCompanies.add(id);
    } else if (rec.table === 'transactions') {
      this.touchedRounds.add(id);
      this.touchedCompanies.add(Number(rec.cols.company_id));
      if (wasCompany !== null && Number.isFinite(wasCompany)) this.touchedCompanies.add(wasCompany);
    } else {
      this.touchedRecords[rec.table].add(id);
    }
  }

  /**
   * The rows' references to reference tables (cities, taxonomy) this instance does not hold: such a
   * record is rejected (the reference tables are the same on every instance of one version).
   */
  async checkReferences(recs: readonly PlannedRecord[]): Promise<Map<PlannedRecord, RowError>> {
    await this.createReferences(recs);
    const out = new Map<PlannedRecord, RowError>();
    const wanted: [table: string, child: string, column: string][] = [['places', 'entity_locations', 'city_id'], ['taxonomy', 'entity_taxonomy', 'taxonomy_id'], ['taxonomy', 'news_taxonomy', 'taxonomy_id']];
    for (const [table, child, column] of wanted) {
      const ids = [...new Set(recs.flatMap((r) => r.children.filter((c) => c.table === child).flatMap((c) => c.rows.map((x) => Number(x[column])))))];
      if (ids.length === 0) continue;
      const held = await this.existing(table, ids);
      for (const r of recs) {
        const missing = r.children.filter((c) => c.table === child).flatMap((c) => c.rows.map((x) => Number(x[column]))).find((id) => !held.has(id));
        if (missing !== undefined && !out.has(r)) out.set(r, new RowError(column === 'city_id' ? 'locations' : 'taxonomy', String(missing), `${table} ${missing} is not in this instance's reference data`));
      }
    }
    return out;
  }

  /**
   * The places (city, state, country) and taxonomy terms the rows name by an id this instance does
   * not hold, created with that id and the names, parents and coordinates the export gives: an import
   * of the source created them (a city or a category no reference table held, docs/import.md), so they
   * exist on no other instance. A continent is never created (a row naming an unknown one is rejected).
   */
  private async createReferences(recs: readonly PlannedRecord[]): Promise<void> {
    const valid = (n: Named | null | undefined): n is Named => !!n && Number.isInteger(n.id) && typeof n.name === 'string' && n.name.length > 0;
    const terms = new Map<number, ExportedTerm>();
    for (const r of recs) for (const t of r.references?.taxonomy ?? []) if (valid(t) && typeof t.type === 'string') terms.set(t.id, t);
    const places = new Map<number, Record<string, unknown>>();
    for (const r of recs) {
      for (const l of r.references?.places ?? []) {
        const { city, state, country, continent } = l;
        if (!valid(city) || !valid(country) || !valid(continent)) continue;
        const within = { country_id: country.id, continent_id: continent.id };
        places.set(country.id, { id: country.id, kind: 'country', name: country.name, code: null, parent_id: continent.id, continent_id: continent.id });
        if (valid(state)) places.set(state.id, { id: state.id, kind: 'state', name: state.name, parent_id: country.id, ...within });
        const coords = typeof l.lat === 'number' && typeof l.lon === 'number' ? { lat: l.lat, lon: l.lon } : { lat: null, lon: null };
        places.set(city.id, { id: city.id, kind: 'city', name: city.name, parent_id: valid(state) ? state.id : country.id, ...within, state_id: valid(state) ? state.id : null, ...coords });
      }
    }
    if (terms.size > 0) {
      const held = await this.existing('taxonomy', [...terms.keys()]);
      const rows = [...terms.values()].filter((t) => !held.has(t.id)).map((t) => ({ id: t.id, name: t.name.slice(0, 200), type: t.type.slice(0, 32) }));
      if (rows.length > 0) await insertRows(this.db, 'taxonomy', rows);
    }
    if (places.size === 0) return;
    const continents = await this.existing('places', [...new Set([...places.values()].map((p) => Number(p.continent_id)))]);
    const held = await this.existing('places', [...places.keys()]);
    const fresh = [...places.values()].filter((p) => !held.has(Number(p.id)) && continents.has(Number(p.continent_id)));
    if (fresh.length === 0) return;
    // a created city or state takes its country's region, as the places of the reference data do
    const regions = new Map<number, number | null>();
    for (const c of (await this.db('places').whereIn('id', [...new Set(fresh.map((p) => Number(p.country_id)))]).select('id', 'region_id')) as { id: number; region_id: number | null }[]) regions.set(Number(c.id), c.region_id === null ? null : Number(c.region_id));
    const row = (p: Record<string, unknown>) => ({
      id: p.id, kind: p.kind, name: String(p.name).slice(0, 200), code: null, parent_id: p.parent_id, country_id: p.kind === 'country' ? null : p.country_id,
      continent_id: p.continent_id, state_id: p.state_id ?? null, region_id: p.kind === 'country' ? null : (regions.get(Number(p.country_id)) ?? null), lat: p.lat ?? null, lon: p.lon ?? null,
    });
    await insertRows(this.db, 'places', fresh.map(row));
  }

  /** Persons' career or education rows (deferred until every entity of the file is written), compared and replaced together. */
  async replaceChildrenOf(items: readonly { id: number; children: readonly ChildRows[] }[]): Promise<void> {
    if (items.length === 0) return;
    const stored = await this.childrenOf(items[0]!.children, items.map((i) => i.id));
    const inserts = new Map<string, Record<string, unknown>[]>();
    // the stored rows replaced, per table (one shape of ChildRows per table)
    const replaced = new Map<string, { shape: ChildRows; ids: number[] }>();
    const updated: number[] = [];
    for (const { id, children } of items) {
      const changed = children.filter((c) => {
        const have = stored.get(c.table)?.get(id) ?? [];
        return (!c.partial || have.length === 0) && !sameSet(have, c);
      });
      if (changed.length === 0) continue;
      for (const c of changed) {
        if (stored.get(c.table)?.has(id)) (replaced.get(c.table) ?? replaced.set(c.table, { shape: c, ids: [] }).get(c.table)!).ids.push(id);
        const rows = inserts.get(c.table) ?? inserts.set(c.table, []).get(c.table)!;
        for (const r of c.rows) rows.push({ ...r, [c.fk]: id });
      }
      updated.push(id);
      this.log('entity', id, 'update', changed.map((c) => c.table));
      this.changedEntities.add(id);
      this.touchedProfiles.add(id);
      for (const c of changed) for (const r of c.rows) if (c.table === 'career') this.touchedCompanies.add(Number(r.org_id));
    }
    for (const { shape, ids } of replaced.values()) await this.deleteChildren(shape, ids);
    for (let i = 0; i < updated.length; i += CHUNK) await this.db('entities').whereIn('id', updated.slice(i, i + CHUNK)).update({ updated_at: this.at });
    for (const [table, rows] of inserts) await insertRows(this.db, table, rows);
  }

  /** The stored rows of these records in a child table (those outside `except`). */
  private async deleteChildren(c: ChildRows, ids: readonly number[]): Promise<void> {
    for (let i = 0; i < ids.length; i += CHUNK) await this.db(c.table).whereIn(c.fk, ids.slice(i, i + CHUNK)).modify((q) => (c.except ? q.whereNotIn(c.except.column, [...c.except.values]) : q)).delete();
  }

  private async childrenOf(shapes: readonly ChildRows[], ids: readonly number[]): Promise<Map<string, Map<number, Record<string, unknown>[]>>> {
    const out = new Map<string, Map<number, Record<string, unknown>[]>>();
    for (const c of shapes) {
      const byId = new Map<number, Record<string, unknown>[]>();
      for (let i = 0; i < ids.length; i += CHUNK) {
        for (const r of (await this.db(c.table).whereIn(c.fk, ids.slice(i, i + CHUNK)).modify((q) => (c.except ? q.whereNotIn(c.except.column, [...c.except.values]) : q)).select('*')) as Record<string, unknown>[]) {
          const id = Number(r[c.fk]);
          (byId.get(id) ?? byId.set(id, []).get(id)!).push(r);
        }
      }
      out.set(c.table, byId);
    }
    return out;
  }

  private async replaceChildren(c: ChildRows, id: number): Promise<void> {
    await this.deleteChildren(c, [id]);
    await this.insertChildren(c, id);
  }

  private async insertChildren(c: ChildRows, id: number): Promise<void> {
    await insertRows(this.db, c.table, c.rows.map((r) => ({ ...r, [c.fk]: id })));
  }

  /** Holds rows in the database until the file ends (`takeHeld`). */
  async hold(rows: readonly HeldRow[]): Promise<void> {
    if (rows.length === 0) return;
    if (this.heldCount === 0) await dialectOf(this.db).scratchTable(this.db, HELD, 'seq integer primary key, line integer not null, key text not null, outcome text not null, row text not null');
    const records = rows.map((r) => {
      this.heldKeys.add(r.key);
      return { seq: ++this.heldCount, line: r.line, key: r.key, outcome: r.outcome, row: JSON.stringify(r.row) };
    });
    // plain inserts (not insertRows' prepared statement: the table is not the same one from one import to the next)
    for (let i = 0; i < records.length; i += 200) await this.db(HELD).insert(records.slice(i, i + 200));
  }

  /** The held rows in the order they were held, `size` at a time, each part removed once read. */
  async *takeHeld(size: number): AsyncGenerator<HeldRow[]> {
    while (this.heldRead < this.heldCount) {
      const rows = (await this.db(HELD).where('seq', '>', this.heldRead).orderBy('seq').limit(size).select('seq', 'line', 'key', 'outcome', 'row')) as { seq: number; line: number; key: string; outcome: Outcome; row: string }[];
      if (rows.length === 0) break;
      this.heldRead = Number(rows[rows.length - 1]!.seq);
      await this.db(HELD).where('seq', '<=', this.heldRead).delete();
      yield rows.map((r) => ({ line: Number(r.line), key: r.key, outcome: r.outcome, row: JSON.parse(r.row) as Record<string, unknown> }));
    }
    this.heldKeys.clear();
  }

  /** The sequences of the tables given ids go on after the largest id. */
  async advanceSequences(): Promise<void> {
    await dialectOf(this.db).restartIdsAfterMax(this.db, [...this.keptIds]);
  }
}

function sameSet(stored: Record<string, unknown>[], wanted: ChildRows): boolean {
  if (stored.length !== wanted.rows.length) return false;
  const ignore = wanted.ignore ?? [];
  const a = stored.map((r) => childKey(r, ignore, wanted.fk)).sort();
  const b = wanted.rows.map((r) => childKey(r, ignore, wanted.fk)).sort();
  return a.every((k, i) => k === b[i]);
}
