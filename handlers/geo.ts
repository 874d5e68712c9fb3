/**
 * Map views (`/data/{companies,investors,universities,gov-ngo}/geo`): the entities of a directory
 * whose headquarters lie in a bounding box, with the directory's filters, as points or clusters.
 * Not page-capped per plan (SPEC.md part 8); at most `limit` (<= 5000) items, `truncated` when more.
 */
import type { operations } from '../generated/api.js';
import { geoClusters, geoPoints, type BBox } from '../src/db/geo.js';
import { ApiError } from '../src/errors.js';
import type { Ctx, Handler, HandlerMap } from '../src/http/context.js';
import { fieldTier } from '../src/access/tiers.js';
import { compileFilter } from '../src/query/compile.js';
import { parseFilter } from '../src/query/filter.js';
import { SCOPES } from '../src/query/registry.js';
import { upgradeFilter } from '../src/versions/filters.js';
import { entityRef } from '../src/serialize/entities.js';

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

function geo<Op extends keyof operations>(subtype: 'company' | 'investor' | 'university' | 'gov_ngo'): Handler<Op> {
  return async (typed) => {
    const ctx = typed as unknown as Ctx<never>;
    const q = ctx.query as unknown as GeoQuery;
    const b = box(q);
    const ast = q.filter ? upgradeFilter(parseFilter(q.filter), ctx.version) : null;
    const where = compileFilter(ast, SCOPES.entity!, { alias: 'e', money: ctx.money, enums: ctx.enums, tier: fieldTier(ctx.principal) });
    const limit = q.limit ?? 1000;
    const mode = q.mode ?? 'points';
    const { db, cfg } = ctx.deps;
    const rows =
      mode === 'clusters'
        ? await geoClusters(db, subtype, b, where, q.cell ?? 1, limit)
        : (await geoPoints(db, subtype, b, where, limit)).map((r) => ({
            entity: entityRef(cfg.appUrl, { ...r, type: 'organization', subtype: r.subtype as never }),
            signal_rating: r.signal_rating,
            lat: Number(r.lat),
            lon: Number(r.lon),
          }));
    return { status: 200, body: { mode, data: rows.slice(0, limit), truncated: rows.length > limit, currency: ctx.money.currency } };
  };
}

export const geoHandlers: HandlerMap = {
  geoCompanies: geo('company'),
  geoInvestors: geo('investor'),
  geoUniversities: geo('university'),
  geoGovNgos: geo('gov_ngo'),
};
