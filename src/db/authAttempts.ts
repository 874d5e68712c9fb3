/**
 * Counted authentication attempts (src/auth/attempts.ts): one row per bucket with its hits in a
 * fixed window. A hit is one upsert that starts a new window when the old one ended, so processes
 * sharing the database count together without a lock round trip. SQL only.
 */
import type { Knex } from 'knex';
import { normalizeRawResult } from './knex.js';

export interface BucketCount {
  bucket: string;
  hits: number;
  windowEndMs: number;
}

/** The buckets among `buckets` whose window is still open at `nowMs`. */
export async function openBuckets(db: Knex, buckets: string[], nowMs: number): Promise<BucketCount[]> {
  const rows = (await db('auth_attempts').whereIn('bucket', buckets).andWhere('window_end_ms', '>', nowMs).select('bucket', 'hits', 'window_end_ms')) as {
    bucket: string;
    hits: number | string;
    window_end_ms: number | string;
  }[];
  return rows.map((r) => ({ bucket: r.bucket, hits: Number(r.hits), windowEndMs: Number(r.window_end_ms) }));
}

/** Adds one hit to every bucket (a new window of `windowMs` where the last one ended); their counts after it. */
export async function addHits(db: Knex, buckets: string[], nowMs: number, windowMs: number): Promise<BucketCount[]> {
  const sorted = [...new Set(buckets)].sort();
  const rows = normalizeRawResult(
    await db.raw(
      `insert into auth_attempts as a (bucket, hits, window_end_ms) values ${sorted.map(() => '(?, 1, ?)').join(', ')}
       on conflict (bucket) do update set
         hits = case when a.window_end_ms <= ? then 1 else a.hits + 1 end,
         window_end_ms = case when a.window_end_ms <= ? then ? else a.window_end_ms end
       returning bucket, hits, window_end_ms`,
      [...sorted.flatMap((b) => [b, nowMs + windowMs]), nowMs, nowMs, nowMs + windowMs],
    ),
  );
  return rows.map((r) => ({ bucket: String(r.bucket), hits: Number(r.hits), windowEndMs: Number(r.window_end_ms) }));
}

/** Drops buckets whose window ended before `beforeMs`. */
export async function dropEndedBuckets(db: Knex, beforeMs: number): Promise<void> {
  await db('auth_attempts').where('window_end_ms', '<', beforeMs).delete();
}
