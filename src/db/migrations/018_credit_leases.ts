/**
 * Credit leases: a block of credits a process took from a team's balance in one write and serves
 * calls from without writing. The row is what makes the block come back when its holder cannot
 * return it: `used` is the holder's last recorded count, `expires_ms` the instant after which any
 * process may delete the row and give `granted - used` back to the balance. `reclaim` is set by a
 * process that found the balance short while the lease was out: its holder returns the lease at once.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('credit_leases', (t) => {
    t.string('id', 40).primary();
    t.integer('team_id').notNullable();
    t.string('holder', 80).notNullable();
    t.integer('granted').notNullable();
    t.integer('used').notNullable().defaultTo(0);
    t.bigInteger('expires_ms').notNullable();
    t.integer('reclaim').notNullable().defaultTo(0);
    t.index(['team_id']);
    t.index(['expires_ms']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('credit_leases');
}
