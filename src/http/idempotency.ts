/**
 * Safe retries of POST requests (the `Idempotency-Key` header): one pipeline stage around the
 * handler of every POST operation, so no handler knows about it. The first attempt with a key claims
 * it in the database (so every worker sees it) and stores its answer, in the same transaction as the
 * handler's writes; a retry with the same key and the same request gets that answer without the
 * work being done again. Keys are scoped per team
 * (per user for callers without a team); the request's fingerprint covers the operation, the caller
 * and the body, so the same key sent by another caller of the team, to another operation or with
 * another body is refused, and a stored answer (a new API key's secret) reaches only its caller.
 * The key format is checked by the contract's request validation (openapi.yaml `IdempotencyKey`).
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Principal } from '../auth/verify.js';
import { claimIdempotencyKey, completeIdempotencyKey } from '../db/idempotency.js';
import { ApiError } from '../errors.js';
import type { Result } from './context.js';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A first attempt still pending after this long is taken for dead (its worker stopped). */
const ABANDONED_MS = 5 * 60 * 1000;

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest();

/** JSON with object keys sorted, so a body sent with its keys in another order is the same body. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const obj = value as Record<string, unknown>;
  return `{${Object.keys(obj)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(obj[k])}`)
    .join(',')}}`;
}

/** The stored answer is encrypted with a key derived from the client's key, which is not stored. */
function cipherKey(key: string, scope: string): Buffer {
  return sha256(`idempotency-response\0${scope}\0${key}`);
}

function seal(result: Result, key: string, scope: string): string {
  const iv = crypto.randomBytes(12);
  const c = crypto.createCipheriv('aes-256-gcm', cipherKey(key, scope), iv);
  const data = Buffer.concat([c.update(JSON.stringify({ body: result.body ?? null, headers: result.headers ?? null }), 'utf8'), c.final()]);
  return Buffer.concat([iv, c.getAuthTag(), data]).toString('base64');
}

function open(sealed: string, status: number, key: string, scope: string): Result {
  const raw = Buffer.from(sealed, 'base64');
  const d = crypto.createDecipheriv('aes-256-gcm', cipherKey(key, scope), raw.subarray(0, 12));
  d.setAuthTag(raw.subarray(12, 28));
  const { body, headers } = JSON.parse(Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8')) as {
    body: unknown;
    headers: Record<string, string> | null;
  };
  return { status, body: body ?? undefined, ...(headers ? { headers } : {}) };
}

/** A failed attempt's answer, carried out of its transaction so that the transaction rolls back. */
class Failed extends Error {
  constructor(readonly result: Result) {
    super('idempotent attempt failed');
  }
}

/**
 * Runs `run` once per (scope, key): a retry of a completed attempt gets the stored answer, another
 * request under the same key 422 `IDEMPOTENCY_KEY_REUSED`. The claim, the handler's writes (`run`
 * gets the transaction as its database) and the stored answer commit together in one transaction:
 * if any part fails (the database went read-only, the process was killed) none of it is kept, so
 * the key is free for a retry at once and a retry can never write a second row. A concurrent retry
 * waits for the first attempt's commit and gets its answer (PostgreSQL blocks its claim on the
 * uncommitted key; SQLite serialises the writers). Only successful answers are stored: an answer
 * of 400 or more rolls back, so the client can retry after fixing the cause. A claim still pending
 * (written by an older version that claimed outside the transaction) answers 409 `CONFLICT`.
 */
export async function idempotent(
  db: Knex,
  key: string | undefined,
  principal: Principal | null,
  operationId: string,
  body: unknown,
  nowMs: number,
  run: (db: Knex) => Promise<Result>,
): Promise<Result> {
  if (key === undefined || principal === null) return run(db);
  const scope = principal.teamId !== null ? `team:${principal.teamId}` : `user:${principal.sub}`;
  const keyHash = sha256(`${scope}\0${key}`).toString('hex');
  const fingerprint = sha256(canonical([operationId, principal.sub, body ?? null])).toString('hex');
  try {
    return await db.transaction(async (trx) => {
      const claim = await claimIdempotencyKey(trx, scope, keyHash, fingerprint, nowMs, nowMs - IDEMPOTENCY_TTL_MS, nowMs - ABANDONED_MS);
      if (claim !== true) {
        if (claim.fingerprint !== fingerprint) {
          throw new ApiError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for a different request; use a new key for a new request');
        }
        if (claim.status === null || claim.response === null) {
          throw new ApiError('CONFLICT', 'A request with this Idempotency-Key is still being processed; retry later', null, { headers: { 'Retry-After': '1' } });
        }
        return open(claim.response, claim.status, key, scope);
      }
      const result = await run(trx);
      if (result.status >= 400) throw new Failed(result);
      await completeIdempotencyKey(trx, scope, keyHash, result.status, seal(result, key, scope));
      return result;
    });
  } catch (err) {
    if (err instanceof Failed) return err.result;
    throw err;
  }
}
