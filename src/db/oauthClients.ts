/** OAuth clients registered by clients themselves (src/auth/register.ts): SQL only. */
import type { Knex } from 'knex';

export interface OAuthClient {
  clientId: string;
  redirectUris: string[];
  clientName: string | null;
}

export async function saveOAuthClient(db: Knex, c: OAuthClient, nowMs: number): Promise<void> {
  await db('oauth_clients').insert({ client_id: c.clientId, redirect_uris: JSON.stringify(c.redirectUris), client_name: c.clientName, created_ms: nowMs });
}

export async function findOAuthClient(db: Knex, clientId: string): Promise<OAuthClient | null> {
  const row = (await db('oauth_clients').where('client_id', clientId).first()) as { client_id: string; redirect_uris: string; client_name: string | null } | undefined;
  return row ? { clientId: row.client_id, redirectUris: JSON.parse(row.redirect_uris) as string[], clientName: row.client_name } : null;
}
