/** Persons: founders list, career and education glances, founded companies. SQL only. */
import type { Knex } from 'knex';
import { readRows } from './budget.js';
import { idList, prepared } from './knex.js';
import { keysetPage, type PageJoin, type PageRequest } from './paging.js';
import { refTables } from './refCache.js';
import { CAREER_COLUMNS, type CareerRow, type EntityRow, type RefRow } from './entities.js';
import { sortRegistry, type CompiledFilter } from './listing.js';
import { V2026_10_07, V2026_10_09 } from '../versions/table.js';

export interface Glance<T> {
  total: number;
  rows: T[];
}

export type CareerWithOrg = CareerRow & { org: RefRow };

export interface EducationRow {
  id: number;
  person_id: number;
  degree_id: number | null;
  degree_name: string | null;
  majors: { id: number; name: string }[];
  start_date: string | null;
  end_date: string | null;
  university: RefRow;
}

function splitRef(r: Record<string, unknown>, prefix: string): RefRow {
  return {
    id: r[`${prefix}id`] as number,
    uuid: r[`${prefix}uuid`] as string,
    type: r[`${prefix}type`] as RefRow['type'],
    subtype: r[`${prefix}subtype`] as RefRow['subtype'],
    name: r[`${prefix}name`] as string,
    image: r[`${prefix}image`] as string | null,
  };
}

const REF_SELECT = (alias: string, prefix: string) =>
  ['id', 'uuid', 'type', 'subtype', 'name', 'image'].map((c) => `${alias}.${c} as ${prefix}${c}`).join(', ');

function collect<T extends { person_id: number }>(ids: number[], rows: (T & { total: number })[]): Map<number, Glance<T>> {
  const out = new Map<number, Glance<T>>(ids.map((id) => [id, { total: 0, rows: [] }]));
  for (const r of rows) {
    const g = out.get(r.person_id)!;
    g.total = Number(r.total);
    g.rows.push(r);
  }
  return out;
}

/** The first `limit` career rows of many persons (newest tenure first) and their totals. */
export async function careerGlances(db: Knex, personIds: number[], limit: number): Promise<Map<number, Glance<CareerWithOrg>>> {
  const ids = [...new Set(personIds)];
  if (ids.length === 0) return new Map();
  const list = idList(db, ids);
  const rows = await readRows(
    db,
    prepared(db.raw(
      `select x.*, ${REF_SELECT('o', 'o_')} from (
         select ${CAREER_COLUMNS.join(', ')},
                row_number() over (partition by c.person_id order by coalesce(c.start_sort, '') desc, c.id) as rn,
                count(*) over (partition by c.person_id) as total
         from career c where c.person_id ${list.sql}
       ) x join entities o on o.id = x.org_id
       where x.rn <= ? order by x.person_id, x.rn`,
      [...list.bindings, limit],
    )),
  );
  return collect(
    ids,
    rows.map((r) => ({ ...(r as unknown as CareerRow & { total: number }), org: splitRef(r, 'o_') })),
  );
}

/** The first `limit` education rows of many persons (newest first) and their totals. */
export async function educationGlances(db: Knex, personIds: number[], limit: number): Promise<Map<number, Glance<EducationRow>>> {
  const ids = [...new Set(personIds)];
  if (ids.length === 0) return new Map();
  const list = idList(db, ids);
  const rows = await readRows(
    db,
    prepared(
      db.raw(
        `select x.*, d.name as degree_name, ${REF_SELECT('u', 'u_')} from (
           select ed.id, ed.person_id, ed.university_id, ed.degree_id, ed.major_ids, ed.start_date, ed.end_date,
                  row_number() over (partition by ed.person_id order by coalesce(ed.start_sort, '') desc, ed.id) as rn,
                  count(*) over (partition by ed.person_id) as total
           from education ed where ed.person_id ${list.sql}
         ) x join entities u on u.id = x.university_id left join degrees d on d.id = x.degree_id
         where x.rn <= ? order by x.person_id, x.rn`,
        [...list.bindings, limit],
      ),
    ),
  );
  const majors = await majorNames(db, rows);
  return collect(
    ids,
    rows.map((r) => ({ ...toEducation(r, majors), total: r.total as number })),
  );
}

function toEducation(r: Record<string, unknown>, majorName: Map<number, string>): EducationRow {
  return {
    id: r.id as number,
    person_id: r.person_id as number,
    degree_id: r.degree_id as number | null,
    degree_name: r.degree_name as string | null,
    majors: (JSON.parse(r.major_ids as string) as number[]).map((id) => ({ id, name: majorName.get(id) ?? String(id) })),
    start_date: r.start_date as string | null,
    end_date: r.end_date as string | null,
    university: splitRef(r, 'u_'),
  };
}

function applyWhere(q: Knex.QueryBuilder, where: CompiledFilter | null): Knex.QueryBuilder {
  return where ? q.whereRaw(where.sql, where.bindings) : q;
}

/**
 * A page of persons (alias `e`), or of founders only (persons with the founder flag), as whole rows:
 * the page goes on to their blocks and glances without reading the rows again.
 */
export async function listPersons(db: Knex, who: 'persons' | 'founders', where: CompiledFilter | null, page: PageRequest, join?: PageJoin) {
  const base = db('entities as e').where('e.type', 'person');
  if (who === 'founders') base.andWhere('e.is_founder', true);
  return keysetPage<EntityRow & Record<string, unknown>>(db, applyWhere(base, where), (q) => q.select('e.*'), page, join);
}

/** A page of the organizations a person founded (career rows with the founder role). */
export async function listFoundedCompanies(db: Knex, personId: number, where: CompiledFilter | null, page: PageRequest) {
  const base = applyWhere(
    db('career as c').join('entities as e', 'e.id', 'c.org_id').where('c.person_id', personId).andWhere('c.is_founder', true),
    where,
  );
  return keysetPage<CareerRow & Record<string, unknown>>(db, base, (q) => q.select(...CAREER_COLUMNS), page);
}

/** Names of the majors that education rows list (`major_ids`), from the reference cache (refCache.ts),
 * which is reloaded once when a row lists a major it does not hold. */
export async function majorNames(db: Knex, rows: readonly Record<string, unknown>[]): Promise<Map<number, string>> {
  let ref = await refTables(db);
  const known = (r: Record<string, unknown>) => (JSON.parse(r.major_ids as string) as number[]).every((id) => ref.majors.has(id));
  if (!rows.every(known)) ref = await refTables(db, true);
  return ref.majors;
}

/** A page of a person's career (all roles), the organization of each row as a ref. */
export async function listCareer(db: Knex, personId: number, where: CompiledFilter | null, page: PageRequest) {
  const base = applyWhere(db('career as c').join('entities as e', 'e.id', 'c.org_id').where('c.person_id', personId), where);
  const res = await keysetPage<Record<string, unknown>>(db, base, (q) => q.select(...CAREER_COLUMNS, db.raw(REF_SELECT('e', 'o_'))), page);
  return { page: res.page, rows: res.rows.map((r) => ({ ...(r as unknown as CareerRow), org: splitRef(r, 'o_') })) };
}

/** A page of a person's education, the university of each row as a ref. */
export async function listEducation(db: Knex, personId: number, where: CompiledFilter | null, page: PageRequest) {
  const base = applyWhere(
    db('education as ed').join('entities as e', 'e.id', 'ed.university_id').leftJoin('degrees as d', 'd.id', 'ed.degree_id').where('ed.person_id', personId),
    where,
  );
  const res = await keysetPage<Record<string, unknown>>(
    db,
    base,
    (q) => q.select('ed.id', 'ed.person_id', 'ed.degree_id', 'ed.major_ids', 'ed.start_date', 'ed.end_date', 'd.name as degree_name', db.raw(REF_SELECT('e', 'u_'))),
    page,
  );
  const majors = await majorNames(db, res.rows);
  return { page: res.page, rows: res.rows.map((r) => toEducation(r, majors)) };
}

export const FOUNDER_SORTS = sortRegistry({ signal_rating: 'coalesce({b}.signal_rating, -1)', name: '{b}.name_lower', added_at: '{b}.added_at', updated_at: '{b}.updated_at', id: '{b}.id' }, '-signal_rating', '{b}.id', {
  launch_date: { replacement: 'signal_rating', since: V2026_10_07, sql: "coalesce({b}.launch_date_sort, '')" },
  created_at: { replacement: 'added_at', since: V2026_10_09, sql: '{b}.added_at' },
});

/** Career rows (also the founded-companies list, which reads the same rows). */
export const CAREER_SORTS = sortRegistry({ start_date: "coalesce(c.start_sort, '')", name: '{b}.name_lower', id: 'c.id' }, '-start_date', 'c.id');

export const EDUCATION_SORTS = sortRegistry({ start_date: "coalesce(ed.start_sort, '')", id: 'ed.id' }, '-start_date', 'ed.id');
