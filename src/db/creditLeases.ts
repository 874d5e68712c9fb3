/**
 * Credit leases (migration 018): SQL only; the policy is src/access/leases.ts. A lease is taken and
 * returned together with its balance change, so the credits are always either in the balance or in
 * exactly one lease row (or spent). On PostgreSQL each change is one statement (data-modifying CTEs), so
 * the team's balance row and usage rows stay locked for that statement alone, never across a turn of a
 * busy process's event loop while other processes' calls of the team wait for them (src/db/credits.ts
 * `takeCredits`); on SQLite, one writer whatever the statements, a transaction.
 */
import type { Knex } from 'knex';
import { addUsage, usageFitsOneStatement, usageFrom, type UsageCount } from './credits.js';
import { isSqlite, normalizeRawResult, prepared } from './knex.js';

export interface NewLease {
  id: string;
  teamId: number;
  holder: string;
  block: number;
  /** The block is leased only while it is at most 1/`share` of the balance. */
  share: number;
  expiresMs: number;
  at: string;
}

/** Takes `block` credits as a lease when the balance is at least `block × share`; true when taken. */
export async function leaseCredits(db: Knex, l: NewLease): Promise<boolean> {
  if (!isSqlite(db)) {
    const rows = normalizeRawResult(
      await prepared(
        db.raw(
          `with taken as (
             update credit_balances set balance = balance - ?, updated_at = ? where team_id = ? and balance >= ? returning team_id
           )
           insert into credit_leases (id, team_id, holder, granted, used, expires_ms, reclaim)
           select ?, team_id, ?, ?, 0, ?, 0 from taken
           returning 1 as leased`,
          [l.block, l.at, l.teamId, l.block * l.share, l.id, l.holder, l.block, l.expiresMs],
        ),
      ),
    );
    return rows.length > 0;
  }
  return db.transaction(async (trx) => {
    const n = await trx('credit_balances')
      .where('team_id', l.teamId)
      .andWhere('balance', '>=', l.block * l.share)
      .update({ balance: trx.raw('balance - ?', [l.block]), updated_at: l.at });
    if (n !== 1) return false;
    await trx('credit_leases').insert({ id: l.id, team_id: l.teamId, holder: l.holder, granted: l.block, used: 0, expires_ms: l.expiresMs, reclaim: 0 });
    return true;
  });
}

/**
 * Ends a lease, giving `unused` back to the balance and counting the usage of its use not yet
 * recorded, when its row is still there (nobody expired it): false when it was gone (nothing written).
 */
export async function endLease(db: Knex, id: string, teamId: number, unused: number, at: string, usage: UsageCount[] = []): Promise<boolean> {
  if (usageFitsOneStatement(db, usage)) {
    const counted = usage.length > 0 ? usageFrom('ended', usage) : null;
    const given = unused > 0 ? 'update credit_balances set balance = balance + ?, updated_at = ? where team_id = ? and exists (select 1 from ended)' : null;
    const rows = normalizeRawResult(
      await prepared(
        db.raw(
          `with ended as (delete from credit_leases where id = ? returning team_id)${given ? `,\n           given as (${given})` : ''}${counted ? `,\n           counted as (${counted.sql})` : ''}
           select 1 as ended from ended`,
          [id, ...(given ? [unused, at, teamId] : []), ...(counted?.bindings ?? [])],
        ),
      ),
    );
    return rows.length > 0;
  }
  return db.transaction(async (trx) => {
    const n = await trx('credit_leases').where('id', id).delete();
    if (n !== 1) return false;
    if (unused > 0) await trx('credit_balances').where('team_id', teamId).update({ balance: trx.raw('balance + ?', [unused]), updated_at: at });
    if (usage.length > 0) await addUsage(trx, usage);
    return true;
  });
}

/**
 * Records a lease's used count with the usage of the calls since its last record, in one
 * transaction (an expired row is returned by its recorded use, so that use and its usage come
 * together or not at all); whether its return was asked for, or null when the row is gone.
 */
export async function recordLeaseUse(db: Knex, id: string, used: number, usage: UsageCount[]): Promise<{ reclaim: boolean } | null> {
  if (usage.length > 0 && usageFitsOneStatement(db, usage)) {
    const counted = usageFrom('recorded', usage);
    const rows = normalizeRawResult(
      await prepared(
        db.raw(
          `with recorded as (update credit_leases set used = ? where id = ? returning reclaim),
           counted as (${counted.sql})
           select reclaim from recorded`,
          [used, id, ...counted.bindings],
        ),
      ),
    ) as { reclaim: number }[];
    return rows.length === 1 ? { reclaim: Number(rows[0]!.reclaim) === 1 } : null;
  }
  return db.transaction(async (trx) => {
    const rows = (await prepared(trx('credit_leases').where('id', id).update({ used }).returning(['reclaim']))) as { reclaim: number }[];
    if (rows.length !== 1) return null;
    if (usage.length > 0) await addUsage(trx, usage);
    return { reclaim: Number(rows[0]!.reclaim) === 1 };
  });
}

/** Whether a lease's return was asked for, or null when its row is gone (a read: nothing to record). */
export async function leaseAskedBack(db: Knex, id: string): Promise<{ reclaim: boolean } | null> {
  const row = (await prepared(db('credit_leases').where('id', id).first('reclaim'))) as { reclaim: number } | undefined;
  return row ? { reclaim: Number(row.reclaim) === 1 } : null;
}

/** Asks the holders of a team's leases (other than `holder`) to return them; how many are out. */
export async function askLeasesBack(db: Knex, teamId: number, holder: string): Promise<number> {
  return db('credit_leases').where('team_id', teamId).andWhereNot('holder', holder).update({ reclaim: 1 });
}

/**
 * Gives back the unused part of leases expired before `nowMs` (their holder died or lost the
 * database): `granted - used` as last recorded. One transaction per lease, each deleting its row
 * first, so a lease is returned once whoever gets there. `teamId` null: every team.
 */
export async function returnExpiredLeases(db: Knex, teamId: number | null, nowMs: number, at: string): Promise<number> {
  const q = db('credit_leases').where('expires_ms', '<', nowMs);
  const expired = (await (teamId === null ? q : q.andWhere('team_id', teamId)).select('id', 'team_id', 'granted', 'used')) as { id: string; team_id: number; granted: number; used: number }[];
  let returned = 0;
  for (const e of expired) {
    const unused = Math.max(0, Number(e.granted) - Number(e.used));
    if (await endLease(db, e.id, Number(e.team_id), unused, at)) returned += unused;
  }
  return returned;
}
