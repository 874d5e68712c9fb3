/** Credit balances and daily usage: SQL only. Decrements are one conditional UPDATE, so they are atomic
 * across requests and processes (no read-modify-write). Usage moves in the transaction of the credits
 * it accounts for, so no instant (a killed process) leaves credits gone without their usage. */
import type { Knex } from 'knex';
import { isSqlite, normalizeRawResult, prepared } from './knex.js';

/** Takes `cost` credits if the balance covers them, counting `usage` (of those credits) in the same transaction; true when taken. */
export async function takeCredits(db: Knex, teamId: number, cost: number, at: string, usage: UsageCount[] = []): Promise<boolean> {
  const take = (q: Knex | Knex.Transaction) =>
    prepared(
      q('credit_balances')
        .where('team_id', teamId)
        .andWhere('balance', '>=', cost)
        .update({ balance: q.raw('balance - ?', [cost]), updated_at: at }),
    );
  if (usage.length === 0) return (await take(db)) === 1;
  if (usageFitsOneStatement(db, usage)) return takeCreditsInOneStatement(db, teamId, cost, at, usage);
  return db.transaction(async (trx) => {
    if ((await take(trx)) !== 1) return false;
    await addUsage(trx, usage);
    return true;
  });
}

/**
 * takeCredits on PostgreSQL as one statement: the team's balance row (and its usage rows) stay locked
 * for the statement alone. As a transaction they stayed locked across its round trips, each waiting
 * for a turn of the holder's event loop: while one process was busy, every other process's calls of
 * the team queued behind the lock holding their metering connections, and their further calls timed
 * out waiting for one (503) although the database was well.
 */
async function takeCreditsInOneStatement(db: Knex, teamId: number, cost: number, at: string, usage: UsageCount[]): Promise<boolean> {
  const counted = usageFrom('taken', usage);
  const rows = normalizeRawResult(
    await prepared(
      db.raw(
        `with taken as (
           update credit_balances set balance = balance - ?, updated_at = ? where team_id = ? and balance >= ? returning team_id
         )
         ${counted.sql}
         returning 1 as counted`,
        [cost, at, teamId, cost, ...counted.bindings],
      ),
    ),
  );
  return rows.length > 0;
}

/**
 * Whether `usage` can be added inside one PostgreSQL statement (`usageFrom`): no refund (a row a refund
 * brings to nothing is deleted after it) and at most one upsert's rows.
 */
export function usageFitsOneStatement(db: Knex, usage: readonly UsageCount[]): boolean {
  return !isSqlite(db) && usage.length <= USAGE_ROWS_PER_STATEMENT && usage.every((u) => u.requests >= 0 && u.credits >= 0);
}

/**
 * The insert of `usage` into the daily rows, in key order, for each row of the statement's CTE `from`
 * (none when that CTE found nothing): the tail of one PostgreSQL statement whose head changes a balance or
 * a lease, so the rows it locks stay locked for that statement alone (`takeCreditsInOneStatement`).
 */
export function usageFrom(from: string, usage: readonly UsageCount[]): { sql: string; bindings: (string | number)[] } {
  const sorted = inKeyOrder(usage);
  return {
    sql: `insert into usage_daily (team_id, day, operation_id, requests, credits)
         select u.team_id, u.day, u.operation_id, u.requests, u.credits
         from ${from}, (values ${sorted.map(() => '(?::integer, ?::varchar, ?::varchar, ?::integer, ?::integer)').join(', ')}) as u (team_id, day, operation_id, requests, credits)
         ${ADD_TO_USAGE}`,
    bindings: sorted.flatMap((c) => [c.teamId, c.day, c.operationId, c.requests, c.credits]),
  };
}

/** Gives `cost` credits back, taking `usage` (negative counts) off in the same transaction. */
export async function returnCredits(db: Knex, teamId: number, cost: number, at: string, usage: UsageCount[] = []): Promise<void> {
  const give = (q: Knex | Knex.Transaction) => prepared(q('credit_balances').where('team_id', teamId).update({ balance: q.raw('balance + ?', [cost]), updated_at: at }));
  if (usage.length === 0) return void (await give(db));
  await db.transaction(async (trx) => {
    await give(trx);
    await addUsage(trx, usage);
  });
}

/**
 * Charges `cost` credits the process already let calls spend (src/access/leases.ts: taken while an
 * import held SQLite's writer), with their `usage`, in one transaction: unconditional, since the calls
 * were answered; a negative `cost` (calls given back since) returns credits.
 */
export async function chargeCredits(db: Knex, teamId: number, cost: number, at: string, usage: UsageCount[]): Promise<void> {
  await db.transaction(async (trx) => {
    if (cost !== 0) await trx('credit_balances').where('team_id', teamId).update({ balance: trx.raw('balance - ?', [cost]), updated_at: at });
    if (usage.length > 0) await addUsage(trx, usage);
  });
}

/** A team's balance as committed (a read: on SQLite, WAL serves it while another connection writes), or null without one. */
export async function readBalance(db: Knex, teamId: number): Promise<number | null> {
  const row = (await prepared(db('credit_balances').where('team_id', teamId).first('balance'))) as { balance: number | string } | undefined;
  return row ? Number(row.balance) : null;
}

export interface UsageCount {
  teamId: number;
  day: string;
  operationId: string;
  requests: number;
  credits: number;
}

const USAGE_ROWS_PER_STATEMENT = 500;

/** Adds counted calls to the daily usage rows: one upsert per 500 (team, day, operation) rows, in key
 * order so that concurrent writers from several processes lock rows in the same order. */
export async function addUsage(db: Knex | Knex.Transaction, counts: UsageCount[]): Promise<void> {
  const sorted = inKeyOrder(counts);
  for (let i = 0; i < sorted.length; i += USAGE_ROWS_PER_STATEMENT) {
    const chunk = sorted.slice(i, i + USAGE_ROWS_PER_STATEMENT);
    await db.raw(
      `insert into usage_daily (team_id, day, operation_id, requests, credits) values ${chunk.map(() => '(?, ?, ?, ?, ?)').join(', ')}
       ${ADD_TO_USAGE}`,
      chunk.flatMap((c) => [c.teamId, c.day, c.operationId, c.requests, c.credits]),
    );
  }
  // a refund takes back a call's usage: a row it brings to nothing goes, so a refused call leaves no trace
  for (const c of sorted) {
    if (c.requests >= 0 && c.credits >= 0) continue;
    await db('usage_daily')
      .where({ team_id: c.teamId, day: c.day, operation_id: c.operationId })
      .andWhere('requests', '<=', 0)
      .andWhere('credits', '<=', 0)
      .delete();
  }
}

/** An insert's rows of usage added to the day's counts already there. */
const ADD_TO_USAGE = `on conflict (team_id, day, operation_id)
       do update set requests = usage_daily.requests + excluded.requests, credits = usage_daily.credits + excluded.credits`;

const inKeyOrder = (counts: readonly UsageCount[]) => [...counts].sort((a, b) => a.teamId - b.teamId || cmp(a.day, b.day) || cmp(a.operationId, b.operationId));

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export async function usageBetween(
  db: Knex,
  teamId: number,
  from: string,
  to: string,
): Promise<{ day: string; operation_id: string; requests: number; credits: number }[]> {
  const rows = (await db('usage_daily')
    .where('team_id', teamId)
    .andWhere('day', '>=', from)
    .andWhere('day', '<=', to)
    .orderBy(['day', 'operation_id'])
    .select('day', 'operation_id', 'requests', 'credits')) as { day: string; operation_id: string; requests: number; credits: number }[];
  return rows.map((r) => ({ ...r, requests: Number(r.requests), credits: Number(r.credits) }));
}

/** The balance with the unused part of the team's credit leases (by their last recorded use), and what was granted. */
export async function getBalanceRow(db: Knex, teamId: number): Promise<{ balance: number; granted: number } | null> {
  const leased = db('credit_leases').where('team_id', teamId).select(db.raw('coalesce(sum(granted - used), 0)'));
  const row = (await db('credit_balances')
    .where('team_id', teamId)
    .first(db.raw('balance + (?) as balance', [leased]), 'granted')) as { balance: number; granted: number } | undefined;
  return row ? { balance: Number(row.balance), granted: Number(row.granted) } : null;
}

/** Adds `amount` credits to a team's balance and to what it was granted; the row after, or null without one. */
export async function grantCredits(db: Knex, teamId: number, amount: number, at: string): Promise<{ balance: number; granted: number } | null> {
  const n = await db('credit_balances')
    .where('team_id', teamId)
    .update({ balance: db.raw('balance + ?', [amount]), granted: db.raw('granted + ?', [amount]), updated_at: at });
  return n === 1 ? getBalanceRow(db, teamId) : null;
}
