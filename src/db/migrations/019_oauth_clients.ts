/**
 * OAuth clients registered at the identity provider's registration endpoint (RFC 7591): public
 * clients (no secret, PKCE), each with the redirect URIs that codes may be sent to.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('oauth_clients', (t) => {
    t.string('client_id', 64).primary();
    t.text('redirect_uris').notNullable();
    t.string('client_name', 200).nullable();
    t.bigInteger('created_ms').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('oauth_clients');
}
