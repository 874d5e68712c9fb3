/**
 * Browser sign-in state in the database, so that every process of a deployment is one identity
 * provider: an authorization code issued by one worker is exchanged on another. The code itself is
 * not stored, only its SHA-256 (a read of the table yields no usable code).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('auth_codes', (t) => {
    t.string('code_hash', 64).primary();
    t.string('client_id', 64).notNullable();
    t.string('redirect_uri', 2000).notNullable();
    t.string('challenge', 64).notNullable();
    t.string('sub', 200).notNullable();
    t.string('tier', 16).notNullable();
    t.string('ecosystem', 64).nullable();
    t.bigInteger('expires_ms').notNullable();
    t.index(['expires_ms']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('auth_codes');
}
