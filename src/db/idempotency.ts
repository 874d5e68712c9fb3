/** Idempotency keys of POST requests (src/http/idempotency.ts): SQL only. */
import type { Knex } from 'knex';

export interface StoredAttempt {
  fingerprint: string;
  /** null while the first request runs */
  status: number | null;
  response: string | null;
  createdMs: number;
}

/**
 * Claims a key for a first attempt: true when this call inserted it, else the attempt already stored.
 * Rows of the scope older than `expiredBeforeMs`, and this key's row when it is still pending since
 * before `abandonedBeforeMs` (its worker died), are removed first, so they count as absent.
 */
export async function claimIdempotencyKey(
  db: Knex,
  scope: string,
  keyHash: string,
  fingerprint: string,
  nowMs: number,
  expiredBeforeMs: number,
  abandonedBeforeMs: number,
): Promise<true | StoredAttempt> {
  // pruned per scope: the primary key's prefix, so a cheap delete on every claim
  await db('idempotency_keys').where('scope', scope).where('created_ms', '<', expiredBeforeMs).delete();
  await db('idempotency_keys').where({ scope, key_hash: keyHash }).whereNull('status').where('created_ms', '<', abandonedBeforeMs).delete();
  try {
    // in a savepoint: on PostgreSQL a failed statement would otherwise abort the caller's transaction
    await db.transaction((sp) => sp('idempotency_keys').insert({ scope, key_hash: keyHash, fingerprint, status: null, response: null, created_ms: nowMs }));
    return true;
  } catch (err) {
    // a concurrent or earlier attempt holds the key (unique violation); anything else is rethrown
    const row = (await db('idempotency_keys').where({ scope, key_hash: keyHash }).first()) as Record<string, unknown> | undefined;
    if (!row) throw err;
    return {
      fingerprint: String(row.fingerprint),
      status: row.status === null ? null : Number(row.status),
      response: row.response === null ? null : String(row.response),
      createdMs: Number(row.created_ms),
    };
  }
}

/** Stores the first attempt's answer. */
export async function completeIdempotencyKey(db: Knex, scope: string, keyHash: string, status: number, response: string): Promise<void> {
  await db('idempotency_keys').where({ scope, key_hash: keyHash }).update({ status, response });
}

