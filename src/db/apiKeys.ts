/** API keys (M2M clients): SQL only. */
import type { Knex } from 'knex';
import type { RowOf } from './schema.js';

export type ApiKeyRow = Omit<RowOf<'api_keys'>, 'scopes' | 'status'> & { scopes: string[]; status: 'active' | 'revoked' | 'deactivated' };

type RawKey = Omit<ApiKeyRow, 'scopes'> & { scopes: string };

const toKey = (r: RawKey): ApiKeyRow => ({ ...r, scopes: JSON.parse(r.scopes) as string[] });

export async function findKeyByClientId(db: Knex, clientId: string): Promise<ApiKeyRow | null> {
  const row = (await db('api_keys').where({ client_id: clientId }).first()) as RawKey | undefined;
  return row ? toKey(row) : null;
}

export async function insertKey(
  db: Knex,
  k: { clientId: string; secretHash: string; label: string; scopes: string[]; teamId: number; createdBy: string; at: string },
): Promise<ApiKeyRow> {
  const [row] = (await db('api_keys')
    .insert({
      client_id: k.clientId,
      secret_hash: k.secretHash,
      label: k.label,
      scopes: JSON.stringify(k.scopes),
      team_id: k.teamId,
      created_by: k.createdBy,
      status: 'active',
      created_at: k.at,
    })
    .returning('*')) as RawKey[];
  return toKey(row!);
}

export async function listTeamKeys(db: Knex, teamId: number, limit: number, offset: number): Promise<{ rows: ApiKeyRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db('api_keys').where('team_id', teamId).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit).offset(offset) as Promise<RawKey[]>,
    db('api_keys').where('team_id', teamId).count<{ n: number }[]>({ n: '*' }).first(),
  ]);
  return { rows: rows.map(toKey), total: Number(count?.n ?? 0) };
}

export async function findTeamKey(db: Knex, teamId: number, id: number): Promise<ApiKeyRow | null> {
  const row = (await db('api_keys').where({ team_id: teamId, id }).first()) as RawKey | undefined;
  return row ? toKey(row) : null;
}

/** Marks a key revoked (idempotent); returns the key or null when it is not the team's. */
export async function revokeTeamKey(db: Knex, teamId: number, id: number, at: string): Promise<ApiKeyRow | null> {
  await db('api_keys').where({ team_id: teamId, id, status: 'active' }).update({ status: 'revoked', revoked_at: at });
  return findTeamKey(db, teamId, id);
}

/** Marks a key revoked by its client id (idempotent); the key as it is now, or null when there is none. */
export async function revokeKeyByClientId(db: Knex, clientId: string, at: string): Promise<ApiKeyRow | null> {
  await db('api_keys').where({ client_id: clientId, status: 'active' }).update({ status: 'revoked', revoked_at: at });
  return findKeyByClientId(db, clientId);
}

/** Deletes a key row (the development key, which must not outlive a production bootstrap); rows deleted. */
export async function deleteKeyByClientId(db: Knex, clientId: string): Promise<number> {
  return db('api_keys').where({ client_id: clientId }).delete();
}
