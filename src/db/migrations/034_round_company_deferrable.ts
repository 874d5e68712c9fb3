/**
 * A round's company may be checked at commit rather than at each statement (PostgreSQL: the
 * foreign key of `transactions.company_id` becomes DEFERRABLE, still INITIALLY IMMEDIATE, so every
 * other writer is checked as before). An import holds back the companies it creates until their
 * rounds are in and writes each once with its figures (src/db/imports.ts `writePending`); their
 * rounds go in before them, inside the same transaction. Metadata only: no row is read or rewritten.
 * SQLite defers its foreign keys per transaction (`pragma defer_foreign_keys`) and needs nothing.
 * Self-contained: no runtime module of src/ is imported.
 */
import type { Knex } from 'knex';

/** The name the import defers the constraint by. */
const NAME = 'transactions_company_id_foreign';

async function constraintName(knex: Knex): Promise<string | null> {
  const res = await knex.raw(
    `select c.conname from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     where c.conrelid = 'transactions'::regclass and c.contype = 'f' and c.confrelid = 'entities'::regclass and a.attname = 'company_id'`,
  );
  return res.rows[0]?.conname ?? null;
}

export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'better-sqlite3') return;
  const name = await constraintName(knex);
  if (name === null) throw new Error('transactions.company_id has no foreign key to entities');
  if (name !== NAME) await knex.raw(`alter table transactions rename constraint "${name}" to ${NAME}`);
  await knex.raw(`alter table transactions alter constraint ${NAME} deferrable initially immediate`);
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'better-sqlite3') return;
  await knex.raw(`alter table transactions alter constraint ${NAME} not deferrable`);
}
