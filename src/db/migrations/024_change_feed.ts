/**
 * The change feed's own state beside `change_log`: `entity_tombstones` keeps the uuid and kind of
 * every entity row deleted (a trigger, so whichever writer deletes one, the feed can still name it),
 * and `change_feed_state` the last `change_log` position pruned (a position at or before it is older
 * than the feed's retention). On PostgreSQL every transaction that writes `change_log` first takes
 * one transaction-level advisory lock (a statement trigger), so `seq` order is commit order: a
 * reader that has seen a position has seen every change before it. SQLite has one writer.
 * Self-contained: no runtime module of src/ is imported.
 */
import type { Knex } from 'knex';

/** The advisory lock key that orders the writers of `change_log`. */
const ORDER_LOCK = 7_402_023_001;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('entity_tombstones', (t) => {
    t.bigInteger('id').notNullable();
    t.string('uuid', 36).notNullable();
    t.string('type', 16).notNullable();
    t.string('subtype', 16).nullable();
    t.string('deleted_at', 24).notNullable();
    t.index(['id']);
  });
  await knex.schema.createTable('change_feed_state', (t) => {
    t.integer('id').primary();
    t.bigInteger('pruned_through').notNullable();
  });
  await knex('change_feed_state').insert({ id: 1, pruned_through: 0 });
  if (knex.client.config.client === 'better-sqlite3') {
    await knex.raw(`create trigger entity_tombstone after delete on entities begin
      insert into entity_tombstones (id, uuid, type, subtype, deleted_at) values (old.id, old.uuid, old.type, old.subtype, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
    end`);
  } else {
    await knex.raw(`create function entity_tombstone() returns trigger language plpgsql as $$ begin
      insert into entity_tombstones (id, uuid, type, subtype, deleted_at) values (old.id, old.uuid, old.type, old.subtype, to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
      return old;
    end $$`);
    await knex.raw('create trigger entity_tombstone after delete on entities for each row execute function entity_tombstone()');
    await knex.raw(`create function change_log_order() returns trigger language plpgsql as $$ begin
      perform pg_advisory_xact_lock(${ORDER_LOCK});
      return null;
    end $$`);
    await knex.raw('create trigger change_log_order before insert on change_log for each statement execute function change_log_order()');
  }
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'better-sqlite3') await knex.raw('drop trigger if exists entity_tombstone');
  else {
    await knex.raw('drop trigger if exists change_log_order on change_log');
    await knex.raw('drop function if exists change_log_order()');
    await knex.raw('drop trigger if exists entity_tombstone on entities');
    await knex.raw('drop function if exists entity_tombstone()');
  }
  await knex.schema.dropTable('change_feed_state');
  await knex.schema.dropTable('entity_tombstones');
}
