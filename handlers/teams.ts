/** Platform teams. */
import { findVisibleTeam, insertTeam, listVisibleTeams, SlugTakenError, type TeamRow } from '../src/db/teams.js';
import { now } from '../src/config.js';
import { ApiError, notFound } from '../src/errors.js';
import { created, numericId, ok, type HandlerMap } from '../src/http/context.js';
import type { components } from '../generated/api.js';

export function team(row: TeamRow): components['schemas']['Team'] {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    created_by: row.created_by,
    is_active: row.is_active === true || row.is_active === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
    member_count: row.member_count,
  };
}

export const teamHandlers: HandlerMap = {
  listTeams: async (ctx) => {
    const limit = ctx.query.limit ?? 25;
    const offset = ctx.query.offset ?? 0;
    const p = ctx.principal!;
    const { rows, total } = await listVisibleTeams(ctx.deps.db, p.teamId, p.sub, limit, offset);
    return ok('listTeams', { data: rows.map(team), page: { limit, offset, total } });
  },

  getTeam: async (ctx) => {
    const p = ctx.principal!;
    const row = await findVisibleTeam(ctx.deps.db, numericId(ctx.params.id) ?? 0, p.teamId, p.sub);
    if (!row) throw notFound(`Team ${ctx.params.id} not found`);
    return ok('getTeam', { data: team(row) });
  },

  createTeam: async (ctx) => {
    const at = now(ctx.deps.cfg).toISOString();
    try {
      const row = await insertTeam(ctx.deps.db, { name: ctx.body.name, slug: ctx.body.slug, createdBy: ctx.principal!.sub, at });
      return created('createTeam', { data: team(row) });
    } catch (err) {
      if (err instanceof SlugTakenError) {
        throw new ApiError('CONFLICT', `The slug "${ctx.body.slug}" is already taken`, { slug: ctx.body.slug });
      }
      throw err;
    }
  },
};
