/** A university's alumni: rows of the education table in the alumnus shape, and the glance of its full record. */
import type { components } from '../../generated/api.js';
import type { EntityRow } from '../db/entities.js';
import { degreeNames, NESTED } from '../db/nested.js';
import { majorNames } from '../db/people.js';
import { listRecords } from '../db/records.js';
import type { RequestScope } from '../http/context.js';
import { pageRequest } from '../query/page.js';
import { resolveSort } from '../query/sort.js';
import { alumnus } from '../serialize/nested.js';
import type { RecordRow } from './records.js';
import { together } from '../db/together.js';

export const ALUMNI_GLANCE = 5;

export async function alumniRecords(r: Pick<RequestScope, 'deps'>, rows: readonly RecordRow[]): Promise<components['schemas']['AlumnusItem'][]> {
  const { db, cfg } = r.deps;
  const [majors, degrees] = await together(db, [() => majorNames(db, [...rows]), () => degreeNames(db)] as const);
  return rows.map((row) => alumnus(cfg.appUrl, row, degrees, majors));
}

/** The alumni glance of a university's full record: the first page of its alumni list, with the total. */
export async function alumniGlance(r: Pick<RequestScope, 'deps' | 'version'>, university: EntityRow) {
  const { cfg, db } = r.deps;
  const { spec, sorts, fixed } = NESTED.alumni;
  const sort = resolveSort(undefined, sorts, spec.alias);
  const page = pageRequest({ sort, limit: ALUMNI_GLANCE, cursor: null, includeTotal: true, filter: '', parent: university.uuid, version: r.version.date, secret: cfg.cursorSecret, budgetMs: cfg.queryBudgetMs });
  const { rows, page: info } = await listRecords(db, spec, null, page, fixed(university));
  return { total: info.total ?? 0, sort: sorts.default, items: await alumniRecords(r, rows) };
}
