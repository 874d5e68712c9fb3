/**
 * Authentication attempts counted per 60 s window in the database (src/db/authAttempts.ts), so that
 * every server process (WORKERS) counts against one limit:
 * - failures per client id (token endpoint) or account (sign-in) *from one address*, and
 * - failures per address, over both endpoints.
 * Past a limit the endpoint answers 429 before any secret is hashed. A client id or account is never
 * locked for everyone: failures from one address do not refuse its owner at another (with
 * TRUST_PROXY, addresses behind the proxy are told apart). Guest sign-ins are counted per address too.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { addHits, dropEndedBuckets, openBuckets } from '../db/authAttempts.js';

const WINDOW_MS = 60_000;
/** One failure in this many also drops ended windows. */
const SWEEP_EVERY = 200;

export type Subject = 'client' | 'account';

/** Buckets name a digest of the client id or account: bounded length, nothing readable stored. */
const digest = (s: string) => crypto.createHash('sha256').update(s).digest('base64url').slice(0, 22);

export class AuthAttempts {
  private failures = 0;

  constructor(
    private readonly db: Knex,
    private readonly limits: { perClient: number; perAddress: number; guestsPerAddress: number },
  ) {}

  private buckets(subject: Subject, id: string, address: string): [string, number][] {
    return [
      [`${subject}:${digest(id)}@${address}`, this.limits.perClient],
      [`addr:${address}`, this.limits.perAddress],
    ];
  }

  /** Seconds until the caller may try again; 0 when it may try now. */
  async retryAfter(subject: Subject, id: string, address: string, nowMs = Date.now()): Promise<number> {
    const limits = new Map(this.buckets(subject, id, address));
    let wait = 0;
    for (const b of await openBuckets(this.db, [...limits.keys()], nowMs)) {
      if (b.hits >= limits.get(b.bucket)!) wait = Math.max(wait, Math.ceil((b.windowEndMs - nowMs) / 1000));
    }
    return wait;
  }

  async fail(subject: Subject, id: string, address: string, nowMs = Date.now()): Promise<void> {
    await addHits(this.db, this.buckets(subject, id, address).map(([b]) => b), nowMs, WINDOW_MS);
    if (++this.failures % SWEEP_EVERY === 0) await dropEndedBuckets(this.db, nowMs);
  }

  /** Counts a guest sign-in from `address`; the seconds to wait when it is over the limit, else 0. */
  guest(address: string, nowMs = Date.now()): Promise<number> {
    return this.perAddress('guest', address, nowMs);
  }

  /** Counts a client registration from `address`, against the same limit as guest sign-ins. */
  registration(address: string, nowMs = Date.now()): Promise<number> {
    return this.perAddress('register', address, nowMs);
  }

  private async perAddress(kind: string, address: string, nowMs: number): Promise<number> {
    const [b] = await addHits(this.db, [`${kind}:${address}`], nowMs, WINDOW_MS);
    return b && b.hits > this.limits.guestsPerAddress ? Math.max(1, Math.ceil((b.windowEndMs - nowMs) / 1000)) : 0;
  }
}
