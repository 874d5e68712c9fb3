/** Users of the browser-app sign-in: SQL only. */
import type { Knex } from 'knex';

export interface UserRow {
  id: number;
  email: string;
  password_hash: string;
  plan: 'free' | 'premium';
  ecosystem: string | null;
}

export async function findUserByEmail(db: Knex, email: string): Promise<UserRow | null> {
  return ((await db('users').where('email', email).first()) as UserRow | undefined) ?? null;
}
