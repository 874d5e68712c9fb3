/** Users of the browser-app sign-in: SQL only. */
import type { Knex } from 'knex';
import type { RowOf } from './schema.js';

export type UserRow = Omit<RowOf<'users'>, 'plan'> & { plan: 'free' | 'premium' };

export async function findUserByEmail(db: Knex, email: string): Promise<UserRow | null> {
  return ((await db('users').where('email', email).first()) as UserRow | undefined) ?? null;
}

export class EmailTakenError extends Error {}

export async function insertUser(db: Knex, u: Omit<UserRow, 'id'>): Promise<UserRow> {
  try {
    const [row] = (await db('users').insert(u).returning('*')) as UserRow[];
    return row!;
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE') throw new EmailTakenError(u.email);
    throw err;
  }
}

/** Rows deleted (0 when there was no such user). */
export async function deleteUserByEmail(db: Knex, email: string): Promise<number> {
  return db('users').where({ email }).delete();
}
