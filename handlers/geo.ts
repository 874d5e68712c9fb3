/**
 * Map views (`/data/{companies,investors,universities,gov-ngo}/geo`): the entities of a directory
 * whose headquarters lie in a bounding box, with the directory's filters, as points or clusters.
 * Not page-capped per plan (openapi.yaml, the geo operations); at most `limit` (<= 5000) items, `truncated` when more.
 */
import type { components } from '../generated/api.js';
import { geoClusters, geoPoints, type BBox } from '../src/db/geo.js';
import { ApiError } from '../src/errors.js';
import { ok, type HandlerMap, type RequestScope } from '../src/http/context.js';
import { compileListFilter } from '../src/query/list.js';
import { SCOPES } from '../src/query/registry.js';
import { entityRef } from '../src/serialize/entities.js';
import { currencyOf } from '../src/services/page.js';

type S = components['schemas'];

interface GeoQuery {
  min_lat: number;
  max_lat: number;
  min_lon: number;
  max_lon: number;
  mode?: 'points' | 'clusters';
  cell?: number;
  limit?: number;
  filter?: string;
}

function box(q: GeoQuery): BBox {
  const bad = q.min_lat > q.max_lat ? 'min_lat' : q.min_lon > q.max_lon ? 'min_lon' : null;
  if (bad) {
    const message = `${bad} must not exceed ${bad.replace('min', 'max')} (boxes across the antimeridian are two requests)`;
    throw new ApiError('VALIDATION_ERROR', message, [{ path: `query.${bad}`, message }]);
  }
  return { minLat: q.min_lat, maxLat: q.max_lat, minLon: q.min_lon, maxLon: q.max_lon };
}

/** The directory's entities in the box, in the list input's filter, as points or clusters. */
async function geo(r: Pick<RequestScope, 'deps' | 'list' | 'money'>, q: GeoQuery, subtype: 'company' | 'investor' | 'university' | 'gov_ngo') {
  const b = box(q);
  const where = compileListFilter(r.list, SCOPES.entity!, 'e');
  const limit = q.limit ?? 1000;
  const mode = q.mode ?? 'points';
  const { db, cfg } = r.deps;
  const rows: S['GeoResponse']['data'] =
    mode === 'clusters'
      ? await geoClusters(db, subtype, b, where, q.cell ?? 1, limit)
      : (await geoPoints(db, subtype, b, where, limit)).map((p) => ({
          entity: entityRef(cfg.appUrl, { ...p, type: 'organization', subtype: p.subtype as S['EntityRef']['subtype'] }),
          signal_rating: p.signal_rating,
          lat: Number(p.lat),
          lon: Number(p.lon),
        }));
  return { mode, data: rows.slice(0, limit), truncated: rows.length > limit, currency: currencyOf(r.money) };
}

export const geoHandlers: HandlerMap = {
  geoCompanies: async (ctx) => ok('geoCompanies', await geo(ctx, ctx.query, 'company')),
  geoInvestors: async (ctx) => ok('geoInvestors', await geo(ctx, ctx.query, 'investor')),
  geoUniversities: async (ctx) => ok('geoUniversities', await geo(ctx, ctx.query, 'university')),
  geoGovNgos: async (ctx) => ok('geoGovNgos', await geo(ctx, ctx.query, 'gov_ngo')),
};
