/** Job rows -> the `JobOpening` shape of openapi.yaml. */
import type { components } from '../../generated/api.js';
import type { JobRow } from '../db/jobs.js';
import { entityRef } from './entities.js';

export function jobOpening(appUrl: string, j: JobRow): components['schemas']['JobOpening'] {
  return {
    id: j.id,
    entity: entityRef(appUrl, j.entity),
    title: j.title,
    url: j.url,
    source: j.source,
    job_type: j.job_type as components['schemas']['JobOpening']['job_type'],
    formatted_location: j.formatted_location,
    post_language: j.post_language,
    latitude: j.latitude,
    longitude: j.longitude,
    posted_at: j.posted_at,
    city_unique_id: j.city_id,
    state_unique_id: j.state_id,
    country_unique_id: j.country_id,
    continent_unique_id: j.continent_id,
    city_region_unique_ids: JSON.parse(j.city_region_ids) as number[],
    updated_at: j.updated_at,
  };
}
