/**
 * Idempotency keys of POST requests, per team (or per user without a team), in the database so a
 * retry reaching another worker finds the first attempt. The client's key is kept only as its
 * SHA-256 and the stored answer is encrypted with a key derived from the client's key, so a read of
 * the table yields neither the keys nor the answers (a new API key's secret among them).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('idempotency_keys', (t) => {
    t.string('scope', 220).notNullable();
    t.string('key_hash', 64).notNullable();
    t.string('fingerprint', 64).notNullable();
    /** null while the first request runs */
    t.integer('status').nullable();
    t.text('response').nullable();
    t.bigInteger('created_ms').notNullable();
    t.primary(['scope', 'key_hash']);
    t.index(['created_ms']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('idempotency_keys');
}
