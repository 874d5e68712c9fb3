/** Teams: SQL only. */
import type { Knex } from 'knex';
import type { RowOf } from './schema.js';

export type TeamRow = RowOf<'teams'> & { member_count: number };

export class SlugTakenError extends Error {}

const isUniqueViolation = (err: unknown): boolean => {
  const code = (err as { code?: string }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};

/** Creates a team with its creator as first member and a zero credit balance, all or nothing. */
export async function insertTeam(db: Knex, t: { name: string; slug: string; createdBy: string; at: string }): Promise<TeamRow> {
  try {
    return await db.transaction(async (trx) => {
      const [row] = (await trx('teams')
        .insert({ name: t.name, slug: t.slug, created_by: t.createdBy, is_active: true, created_at: t.at, updated_at: t.at })
        .returning('id')) as { id: number }[];
      const id = row!.id;
      await trx('team_members').insert({ team_id: id, member: t.createdBy, role: 'owner' });
      await trx('credit_balances').insert({ team_id: id, balance: 0, granted: 0, updated_at: t.at });
      return (await findTeam(trx, id))!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new SlugTakenError(t.slug);
    throw err;
  }
}

export async function findTeam(db: Knex, id: number): Promise<TeamRow | null> {
  const row = (await db('teams as t')
    .where('t.id', id)
    .first('t.*', db('team_members as m').whereRaw('m.team_id = t.id').count('*').as('member_count'))) as TeamRow | undefined;
  return row ? { ...row, member_count: Number(row.member_count) } : null;
}

function visibleTeams(db: Knex, teamId: number | null, createdBy: string) {
  return db('teams as t').where((q) => {
    q.where('t.created_by', createdBy);
    if (teamId !== null) q.orWhere('t.id', teamId);
  });
}

/** Teams the caller may see: its own team and the teams it created (legacy offset page). */
export async function listVisibleTeams(
  db: Knex,
  teamId: number | null,
  createdBy: string,
  limit: number,
  offset: number,
): Promise<{ rows: TeamRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    visibleTeams(db, teamId, createdBy)
      .orderBy('t.id')
      .limit(limit)
      .offset(offset)
      .select('t.*', db('team_members as m').whereRaw('m.team_id = t.id').count('*').as('member_count')) as Promise<TeamRow[]>,
    visibleTeams(db, teamId, createdBy).count<{ n: number }[]>({ n: '*' }).first(),
  ]);
  return { rows: rows.map((r) => ({ ...r, member_count: Number(r.member_count) })), total: Number(count?.n ?? 0) };
}

export async function findVisibleTeam(db: Knex, id: number, teamId: number | null, createdBy: string): Promise<TeamRow | null> {
  const hit = await visibleTeams(db, teamId, createdBy).andWhere('t.id', id).first('t.id');
  return hit ? findTeam(db, id) : null;
}

export async function findTeamBySlug(db: Knex, slug: string): Promise<TeamRow | null> {
  const row = (await db('teams').where({ slug }).first('id')) as { id: number } | undefined;
  return row ? findTeam(db, row.id) : null;
}
