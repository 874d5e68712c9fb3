/** Job openings: SQL only, with the filter scope `job` and the sort keys. Salary, currency, department and contract type are never selected. */
import type { Knex } from 'knex';
import type { RefRow } from './entities.js';
import { whereIdIn } from './knex.js';
import { CMP, EQ_SET, JOB_TYPES, loc, renamed, UPDATED_AT } from './filterKeys.js';
import { sortRegistry, type FilterKey, type FilterScope } from './listing.js';
import { selectList, type RowOf } from './schema.js';
import { V2026_10_09 } from '../versions/table.js';

/** Never selected: the salary, its currency, the department and the contract type; `is_active` is a condition. */
const JOB_UNSELECTED = ['salary_min', 'salary_max', 'salary_currency', 'department', 'contract_type', 'is_active'] as const;

/** `updated_at`: nullable in the table (migration 016), filled there and stamped by every write path (src/db/changes.ts). */
export type JobRow = Omit<RowOf<'jobs'>, (typeof JOB_UNSELECTED)[number]> & { updated_at: string; entity: RefRow };

export const JOB_COLUMNS = selectList('jobs', 'j', JOB_UNSELECTED);

/** The hiring organization's ref columns, prefixed `e_`. */
export const JOB_ENTITY_COLUMNS = ['e.uuid as e_uuid', 'e.type as e_type', 'e.subtype as e_subtype', 'e.name as e_name', 'e.image as e_image'];

/** A selected row (JOB_COLUMNS + JOB_ENTITY_COLUMNS) -> JobRow. */
export function jobFromRow(row: Record<string, unknown>): JobRow {
  const { e_uuid, e_type, e_subtype, e_name, e_image, ...job } = row as unknown as Omit<JobRow, 'entity'> & {
    e_uuid: string;
    e_type: RefRow['type'];
    e_subtype: RefRow['subtype'];
    e_name: string;
    e_image: string | null;
  };
  return { ...job, entity: { id: job.entity_id, uuid: e_uuid, type: e_type, subtype: e_subtype, name: e_name, image: e_image } };
}

/** An active job opening by id, with its entity. */
export async function findActiveJob(db: Knex, id: number): Promise<JobRow | null> {
  const row = (await db('jobs as j')
    .join('entities as e', 'e.id', 'j.entity_id')
    .where('j.id', id)
    .andWhere('j.is_active', true)
    .first(...JOB_COLUMNS, ...JOB_ENTITY_COLUMNS)) as Record<string, unknown> | undefined;
  return row ? jobFromRow(row) : null;
}

/** Active job openings by id (those that are), in id order, with their entities. */
export async function activeJobsByIds(db: Knex, ids: readonly number[]): Promise<JobRow[]> {
  const rows = (await whereIdIn(db, db('jobs as j').join('entities as e', 'e.id', 'j.entity_id').where('j.is_active', true), 'j.id', [...ids])
    .orderBy('j.id')
    .select(...JOB_COLUMNS, ...JOB_ENTITY_COLUMNS)) as Record<string, unknown>[];
  return rows.map(jobFromRow);
}

/** Keys on an active job opening aliased `{b}` (scope `job`). */
function jobKeys(): FilterKey[] {
  return [
    { key: 'posted_at', kind: 'column', type: 'partial_date', sqls: ['{b}.posted_at'], ops: CMP, description: 'When the opening was posted (YYYY, YYYY-MM or YYYY-MM-DD; compared at the given precision)' },
    loc('country', '{b}.country_id', 'country', 'Country of the opening'),
    loc('city', '{b}.city_id', 'city', 'City of the opening'),
    loc('continent', '{b}.continent_id', 'continent', 'Continent of the opening'),
    { key: 'job_type', kind: 'column', type: 'enum', sqls: ['{b}.job_type'], ops: EQ_SET, values: JOB_TYPES, description: 'Job type (e.g. full_time, part_time, internship)' },
    { key: 'source', kind: 'column', type: 'string', sqls: ['{b}.source'], ops: EQ_SET, description: 'Where the opening was found' },
    { key: 'post_language', kind: 'column', type: 'string', sqls: ['{b}.post_language'], ops: EQ_SET, description: 'Language of the posting (ISO 639-1)' },
    { key: 'entity.uuid', kind: 'related', type: 'uuid', from: 'entities r', link: 'r.id = {b}.entity_id', sqls: ['r.uuid'], ops: EQ_SET, description: 'UUID of the hiring organization' },
    UPDATED_AT,
  ];
}

export const JOB_SCOPE: FilterScope = {
  name: 'job',
  description: 'Active job openings: /data/jobs',
  keys: jobKeys(),
  retired: { date_posted: renamed(jobKeys(), 'posted_at', V2026_10_09) },
};

export const JOB_SORTS = sortRegistry({ posted_at: '{b}.posted_at', updated_at: '{b}.updated_at', id: '{b}.id' }, '-posted_at', '{b}.id', {
  date_posted: { replacement: 'posted_at', since: V2026_10_09, sql: '{b}.posted_at' },
});
