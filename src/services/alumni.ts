/** A university's alumni: rows of the education table in the alumnus shape, and the glance of its full record. */
import type { components } from '../../generated/api.js';
import type { EntityRow } from '../db/entities.js';
import { majorNames } from '../db/people.js';
import { listRecords, type RecordSpec } from '../db/records.js';
import type { RequestScope } from '../http/context.js';
import { resolveSort, type SortRegistry } from '../query/sort.js';
import { alumnus } from '../serialize/nested.js';
import type { RecordRow } from './records.js';

/** Career and education rows of an organization (team and alumni lists), newest start first. */
// prettier-ignore
export const TEAM_SORTS: SortRegistry = { keys: [{ key: 'start_date', sql: "coalesce({b}.start_sort, '')" }, { key: 'id', sql: '{b}.id' }], default: '-start_date', id: '{b}.id' };

export const ALUMNI_SPEC: RecordSpec = { table: 'education', alias: 'ed', fk: 'person_id' };
export const alumniOf = (university: EntityRow) => ({ university_id: university.id });
export const ALUMNI_GLANCE = 5;

export async function alumniRecords(r: Pick<RequestScope, 'deps'>, rows: readonly RecordRow[]): Promise<components['schemas']['AlumnusItem'][]> {
  const { db, cfg } = r.deps;
  const [majors, degrees] = await Promise.all([majorNames(db, [...rows]), db('degrees').select('id', 'name') as Promise<{ id: number; name: string }[]>]);
  const degreeNames = new Map(degrees.map((d) => [d.id, d.name]));
  return rows.map((row) => alumnus(cfg.appUrl, row, degreeNames, majors));
}

/** The alumni glance of a university's full record: the first page of its alumni list, with the total. */
export async function alumniGlance(r: Pick<RequestScope, 'deps' | 'version'>, university: EntityRow) {
  const { cfg, db } = r.deps;
  const sort = resolveSort(undefined, TEAM_SORTS, ALUMNI_SPEC.alias);
  const page = { sort, limit: ALUMNI_GLANCE, cursor: null, includeTotal: true, filter: '', parent: university.uuid, version: r.version.date, secret: cfg.cursorSecret, budgetMs: cfg.queryBudgetMs };
  const { rows, page: info } = await listRecords(db, ALUMNI_SPEC, null, page, alumniOf(university));
  return { total: info.total ?? 0, sort: TEAM_SORTS.default, items: await alumniRecords(r, rows) };
}
