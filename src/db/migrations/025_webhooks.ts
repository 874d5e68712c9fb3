/**
 * Webhooks and their outbox: `webhooks` (a team's target, events, saved search, signing secrets and
 * how far into `change_log` its events were fanned out), `webhook_deliveries` (one row per event and
 * webhook: its payload, state and next attempt; its id is the `webhook-id` every attempt carries)
 * and `webhook_attempts` (the delivery log). Self-contained: no runtime module of src/ is imported.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhooks', (t) => {
    t.string('id', 40).primary();
    t.integer('team_id').notNullable();
    t.string('url', 2048).notNullable();
    t.text('events').notNullable();
    t.text('filter').nullable();
    t.string('description', 200).nullable();
    t.string('secret', 100).notNullable();
    t.string('previous_secret', 100).nullable();
    t.bigInteger('previous_expires_ms').nullable();
    t.string('status', 16).notNullable();
    t.text('disabled_reason').nullable();
    t.bigInteger('failing_since_ms').nullable();
    t.bigInteger('cursor_seq').notNullable();
    t.string('created_at', 24).notNullable();
    t.index(['team_id']);
  });
  await knex.schema.createTable('webhook_deliveries', (t) => {
    t.string('id', 60).primary();
    t.string('webhook_id', 40).notNullable();
    t.string('event_type', 40).notNullable();
    t.text('payload').notNullable();
    t.string('status', 16).notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.bigInteger('created_ms').notNullable();
    t.bigInteger('next_attempt_ms').notNullable();
    t.bigInteger('claimed_until_ms').nullable();
    t.bigInteger('delivered_ms').nullable();
    t.index(['status', 'next_attempt_ms']);
    t.index(['webhook_id', 'created_ms']);
  });
  await knex.schema.createTable('webhook_attempts', (t) => {
    t.bigIncrements('id').primary();
    t.string('delivery_id', 60).notNullable();
    t.string('webhook_id', 40).notNullable();
    t.bigInteger('at_ms').notNullable();
    t.integer('status_code').nullable();
    t.integer('latency_ms').notNullable();
    t.boolean('success').notNullable();
    t.text('error').nullable();
    t.index(['webhook_id', 'at_ms']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('webhook_attempts');
  await knex.schema.dropTable('webhook_deliveries');
  await knex.schema.dropTable('webhooks');
}
