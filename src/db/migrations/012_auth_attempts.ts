/**
 * Counted sign-in and token-endpoint attempts (failures per client id, account and address; guest
 * sign-ins per address) in fixed windows, in the database so that every server process (WORKERS)
 * counts against one limit. Self-contained: plain SQL valid on SQLite and PostgreSQL.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create table auth_attempts (
    bucket varchar(200) not null primary key,
    hits integer not null,
    window_end_ms bigint not null
  )`);
  await knex.raw('create index auth_attempts_window_end on auth_attempts (window_end_ms)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists auth_attempts');
}
