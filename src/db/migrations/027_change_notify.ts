/**
 * PostgreSQL: commits that add changes or due webhook deliveries notify the listeners of
 * `fdapi_outbox` (src/db/notify.ts), so every server process on the database wakes its outbox and
 * its waiting change-feed readers at once rather than at its next poll. A notification is sent when
 * its transaction commits, once per payload per transaction; statement-level triggers send it once
 * per statement whatever the rows. A delivery becomes due again on a replay (pending, unclaimed
 * before and after, its attempts unchanged), not when it is claimed or an attempt is recorded. SQLite polls instead.
 * Self-contained: no runtime module of src/ is imported.
 */
import type { Knex } from 'knex';

const sqlite = (knex: Knex) => knex.client.config.client === 'better-sqlite3';

export async function up(knex: Knex): Promise<void> {
  if (sqlite(knex)) return;
  await knex.raw(`create function fdapi_outbox_notify() returns trigger language plpgsql as $$ begin
    perform pg_notify('fdapi_outbox', tg_argv[0]);
    return null;
  end $$`);
  await knex.raw(`create trigger change_log_notify after insert on change_log for each statement execute function fdapi_outbox_notify('change')`);
  await knex.raw(`create trigger webhook_deliveries_notify after insert on webhook_deliveries for each statement execute function fdapi_outbox_notify('delivery')`);
  await knex.raw(`create trigger webhook_deliveries_replay_notify after update on webhook_deliveries for each row
    when (new.status = 'pending' and new.attempts = old.attempts and new.claimed_until_ms is null and old.claimed_until_ms is null)
    execute function fdapi_outbox_notify('delivery')`);
}

export async function down(knex: Knex): Promise<void> {
  if (sqlite(knex)) return;
  await knex.raw('drop trigger if exists webhook_deliveries_replay_notify on webhook_deliveries');
  await knex.raw('drop trigger if exists webhook_deliveries_notify on webhook_deliveries');
  await knex.raw('drop trigger if exists change_log_notify on change_log');
  await knex.raw('drop function if exists fdapi_outbox_notify()');
}
