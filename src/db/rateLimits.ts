/**
 * The shared token-bucket store (RATE_LIMIT_STORE=postgres): one atomic upsert per request refills
 * the bucket by elapsed time, takes a token when one is there and says whether it did, so several
 * API processes share one limit per client without a lock round trip.
 */
import type { Knex } from 'knex';
import { normalizeRaw } from './entities.js';

export interface BucketState {
  allowed: boolean;
  tokens: number;
}

export async function takeToken(db: Knex, clientId: string, capacity: number, perSecond: number, nowMs: number): Promise<BucketState> {
  const refill = `least(?, b.tokens + (? - b.updated_ms) * ? / 1000.0)`;
  const { rows } = normalizeRaw(
    await db.raw(
      `insert into rate_limit_buckets as b (client_id, tokens, updated_ms, last_allowed) values (?, ?, ?, true)
       on conflict (client_id) do update set
         tokens = ${refill} - case when ${refill} >= 1 then 1 else 0 end,
         last_allowed = ${refill} >= 1,
         updated_ms = ?
       returning tokens, last_allowed`,
      [
        clientId, capacity - 1, nowMs,
        capacity, nowMs, perSecond, capacity, nowMs, perSecond,
        capacity, nowMs, perSecond,
        nowMs,
      ],
    ),
  );
  const r = rows[0]!;
  return { allowed: r.last_allowed === true || r.last_allowed === 1, tokens: Number(r.tokens) };
}
