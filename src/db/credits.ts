/** Credit balances and daily usage: SQL only. Decrements are one conditional UPDATE, so they are atomic
 * across requests and processes (no read-modify-write). */
import type { Knex } from 'knex';

/** Takes `cost` credits if the balance covers them; true when taken. */
export async function takeCredits(db: Knex, teamId: number, cost: number, at: string): Promise<boolean> {
  const n = await db('credit_balances')
    .where('team_id', teamId)
    .andWhere('balance', '>=', cost)
    .update({ balance: db.raw('balance - ?', [cost]), updated_at: at });
  return n === 1;
}

export async function returnCredits(db: Knex, teamId: number, cost: number, at: string): Promise<void> {
  await db('credit_balances').where('team_id', teamId).update({ balance: db.raw('balance + ?', [cost]), updated_at: at });
}

export async function recordUsage(db: Knex, teamId: number, day: string, operationId: string, credits: number): Promise<void> {
  await db.raw(
    `insert into usage_daily (team_id, day, operation_id, requests, credits) values (?, ?, ?, 1, ?)
     on conflict (team_id, day, operation_id)
     do update set requests = usage_daily.requests + 1, credits = usage_daily.credits + excluded.credits`,
    [teamId, day, operationId, credits],
  );
}

export async function getBalance(db: Knex, teamId: number): Promise<number | null> {
  const row = (await db('credit_balances').where('team_id', teamId).first('balance')) as { balance: number } | undefined;
  return row ? Number(row.balance) : null;
}

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

export async function getBalanceRow(db: Knex, teamId: number): Promise<{ balance: number; granted: number } | null> {
  const row = (await db('credit_balances').where('team_id', teamId).first('balance', 'granted')) as { balance: number; granted: number } | undefined;
  return row ? { balance: Number(row.balance), granted: Number(row.granted) } : null;
}
