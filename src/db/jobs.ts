/** Job openings: SQL only. Salary, currency, department and contract type are never selected. */
import type { Knex } from 'knex';
import type { RefRow } from './entities.js';

export interface JobRow {
  id: number;
  entity_id: number;
  title: string;
  url: string | null;
  source: string | null;
  job_type: string | null;
  formatted_location: string | null;
  post_language: string | null;
  latitude: number | null;
  longitude: number | null;
  posted_at: string;
  city_id: number | null;
  state_id: number | null;
  country_id: number | null;
  continent_id: number | null;
  city_region_ids: string;
  updated_at: string;
  entity: RefRow;
}

export const JOB_COLUMNS = [
  'j.id', 'j.entity_id', 'j.title', 'j.url', 'j.source', 'j.job_type', 'j.formatted_location', 'j.post_language',
  'j.latitude', 'j.longitude', 'j.posted_at', 'j.city_id', 'j.state_id', 'j.country_id', 'j.continent_id', 'j.city_region_ids', 'j.updated_at',
];

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
