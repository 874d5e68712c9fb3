/**
 * Credit leases: the home of metering's credit policy. A process serves a busy key's calls from a
 * block of credits it took from the team's balance in one write (a lease), and returns the unused
 * part when the key goes idle, when the lease's time is up, at shutdown, or when another process
 * finds the balance short and asks for it. A quiet key, a small balance and the last credits are
 * taken exactly, one conditional UPDATE per call, as without leases.
 *
 * "A balance of N admits exactly N calls" across processes: a call is refused (402) only when the
 * balance is short AND no other process holds a lease of the team. A process that finds the balance
 * short asks every other holder to return its lease (`reclaim`), returns expired leases itself, and
 * retries until the credits come back or no lease is out (at most the leases' expiry).
 *
 * Crash safety: the lease row records the holder's used count every CHECK_MS, with the usage of
 * those calls in the same transaction (usage.ts), and expires 2 × ttl after it was taken (the holder
 * stops using it after 1 × ttl, so clocks may differ by up to a ttl). Any process returns an expired
 * lease's `granted - used`; calls answered by a killed process in its last CHECK_MS go uncharged and
 * uncounted alike.
 *
 * While an import holds SQLite's one writer (src/db/knex.ts `importHoldsWriter`), no call waits for
 * its commit to take credits: a team's calls are served from a deferred account, a quarter (SHARE) of
 * the balance as committed (a read, which WAL serves meanwhile; the balance cannot change until the
 * import commits, since nobody else can write), its use and usage tallied in memory. Once the writer
 * is free its use is charged to the balance with its usage in one transaction, before any other
 * write of the team's credits, so a process never admits more than its balance; the last quarter
 * is taken exactly, waiting for the writer as before. A process killed meanwhile leaves the calls of
 * its deferred account uncharged and uncounted alike, as it does the calls since a lease's last record.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { UsageCount } from '../db/credits.js';
import { askLeasesBack, endLease, leaseAskedBack, leaseCredits, recordLeaseUse, returnExpiredLeases } from '../db/creditLeases.js';
import { chargeCredits, readBalance, returnCredits, takeCredits } from '../db/credits.js';
import { importHoldsWriter } from '../db/knex.js';
import { negated, usageOf, UsageTally, type CallUse } from './usage.js';

/** A busy key's block: about a second of this process's calls on it, within these bounds. */
const MIN_BLOCK = 16;
const MAX_BLOCK = 2000;
/** A block is at most this fraction (1/SHARE) of the balance, so a few processes never lease it all. */
const SHARE = 4;
/** How often a holder records its use and learns whether its lease is asked back. */
const CHECK_MS = 100;
/** A lease not used for this fraction of its ttl goes back. */
const IDLE_SHARE = 0.25;
/** How often a process short of credits looks again while other processes' leases are out. */
const RECLAIM_POLL_MS = 20;

export interface LeaseSettings {
  enabled: boolean;
  /** How long a holder serves from one lease; its row expires after twice that. */
  ttlMs: number;
}

/** Credits taken from the balance ahead of calls, and what the calls used of them. */
interface Account {
  granted: number;
  used: number;
  /** set when its return started: refunds of its calls then go to the balance */
  ended: boolean;
  /** usage of its calls since its last record, written with the next record or its end */
  tally: UsageTally;
}

/** A lease: a row of `credit_leases`, returned at its deadline or when idle. */
interface Lease extends Account {
  id: string;
  teamId: number;
  /** the used count the row holds */
  recorded: number;
  deadline: number;
  lastTake: number;
}

interface TeamState {
  teamId: number;
  lease: Lease | null;
  /** calls served while an import held SQLite's writer, not yet charged (no row: charged once the writer is free) */
  deferred: Account | null;
  /** the balance being read to open `deferred` */
  opening: Promise<void> | null;
  /** a lease being taken or returned: the team's other calls wait for it */
  busy: Promise<unknown> | null;
  windowStart: number;
  count: number;
  previous: number;
  /** halved each time the balance is too small for the block asked: leases shrink with the balance */
  blockCap: number;
  noLeaseUntil: number;
}

/** A call's credits: where they came from (a lease of this process or its deferred account, or the balance: null) and the usage they count. */
export interface Ticket {
  lease: Account | null;
  usage: UsageCount;
}

export class CreditLeases {
  readonly holder = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  private readonly teams = new Map<number, TeamState>();
  private readonly returning = new Set<Promise<void>>();
  private readonly checker: NodeJS.Timeout | null;
  private checking = false;
  private lastSweep = Date.now();

  constructor(
    private readonly db: Knex,
    private readonly log: Logger,
    private readonly settings: LeaseSettings,
  ) {
    this.checker = settings.enabled ? setInterval(() => void this.check(), CHECK_MS).unref() : null;
  }

  /** Takes `cost` credits for a call, counting its usage with them: the ticket, or undefined when the team has none left. Throws when the database cannot be reached. */
  async take(teamId: number, cost: number, at: Date, use: CallUse): Promise<Ticket | undefined> {
    const usage = usageOf(teamId, use, cost, at);
    const s = this.state(teamId);
    const now = Date.now();
    this.count(s, now);
    for (;;) {
      const local = this.takeLocal(s, usage) ?? (await this.takeDeferred(s, usage));
      if (local) return local;
      if (s.busy) {
        await s.busy.catch(() => undefined);
        continue;
      }
      const block = this.block(s, cost, Date.now());
      if (block === 0) break;
      const leased = await this.serialized(s, () => this.lease(s, block, at));
      if (!leased) break;
    }
    const spent = s.lease;
    if (spent) await this.serialized(s, () => this.end(spent, at));
    await this.chargeDeferred(s, at);
    if (await takeCredits(this.db, teamId, cost, at.toISOString(), [usage])) return { lease: null, usage };
    return this.settings.enabled ? this.short(s, usage, at) : undefined;
  }

  /** Gives a failed call's credits and usage back: to its lease while the lease is out, else to the balance. */
  async giveBack(ticket: Ticket, at: Date): Promise<void> {
    const l = ticket.lease;
    if (l && !l.ended) {
      l.used -= ticket.usage.credits;
      l.tally.add(negated(ticket.usage));
      return;
    }
    await this.refund(ticket.usage, at);
  }

  /** Gives credits back to the balance, with their usage (`usage`: the positive counts taken). */
  async refund(usage: UsageCount, at: Date): Promise<void> {
    await returnCredits(this.db, usage.teamId, usage.credits, at.toISOString(), [negated(usage)]);
  }

  /** Returns this process's lease of a team now (a read of the balance then sees its unused part). */
  async release(teamId: number): Promise<void> {
    const s = this.teams.get(teamId);
    if (s) await this.chargeDeferred(s, new Date());
    const l = s?.lease;
    if (s && l) await this.serialized(s, () => this.end(l, new Date()));
  }

  /** Returns every lease (shutdown). */
  async close(): Promise<void> {
    if (this.checker) clearInterval(this.checker);
    const at = new Date();
    await Promise.all([...this.teams.values()].map((s) => this.chargeDeferred(s, at)));
    await Promise.all([...this.teams.values()].map((s) => this.serialized(s, async () => (s.lease ? this.end(s.lease, at) : undefined))));
    await Promise.all(this.returning);
  }

  private state(teamId: number): TeamState {
    let s = this.teams.get(teamId);
    if (!s) {
      s = { teamId, lease: null, deferred: null, opening: null, busy: null, windowStart: Date.now(), count: 0, previous: 0, blockCap: MAX_BLOCK, noLeaseUntil: 0 };
      this.teams.set(teamId, s);
    }
    return s;
  }

  /** Calls per second on this process: the current second's count and the one before. */
  private count(s: TeamState, now: number): void {
    if (now - s.windowStart >= 1000) {
      s.previous = now - s.windowStart < 2000 ? s.count : 0;
      s.count = 0;
      s.windowStart = now;
    }
    s.count++;
  }

  /** The block to lease now, or 0 to take exactly. */
  private block(s: TeamState, cost: number, now: number): number {
    if (!this.settings.enabled || now < s.noLeaseUntil) return 0;
    const rate = Math.max(s.count, s.previous);
    const block = Math.min(s.blockCap, rate * cost);
    return block >= MIN_BLOCK && block >= 2 * cost ? block : 0;
  }

  private takeLocal(s: TeamState, usage: UsageCount): Ticket | null {
    const l = s.lease;
    if (!l || l.ended || l.granted - l.used < usage.credits || Date.now() >= l.deadline) return null;
    l.used += usage.credits;
    l.tally.add(usage);
    l.lastTake = Date.now();
    return { lease: l, usage };
  }

  /**
   * A call's credits from the team's deferred account while an import holds the writer (opened at the
   * team's first such call by reading the balance): null when no import holds it, or the account
   * lacks the credits (the call then waits for the writer).
   */
  private async takeDeferred(s: TeamState, usage: UsageCount): Promise<Ticket | null> {
    if (!this.settings.enabled || !importHoldsWriter(this.db)) return null;
    if (!s.deferred) {
      s.opening ??= this.openDeferred(s).finally(() => (s.opening = null));
      await s.opening.catch(() => undefined);
    }
    const d = s.deferred;
    if (!d || d.ended || d.granted - d.used < usage.credits) return null;
    d.used += usage.credits;
    d.tally.add(usage);
    return { lease: d, usage };
  }

  private async openDeferred(s: TeamState): Promise<void> {
    const balance = await readBalance(this.db, s.teamId);
    if (s.deferred || balance === null) return;
    s.deferred = { granted: Math.floor(balance / SHARE), used: 0, ended: false, tally: new UsageTally() };
  }

  /** Charges the team's deferred account (chargeDeferredNow) in its turn. */
  private async chargeDeferred(s: TeamState, at: Date): Promise<void> {
    if (s.deferred) await this.serialized(s, () => this.chargeDeferredNow(s, at));
  }

  /**
   * Charges the deferred account's use with its usage (one transaction, waiting for the writer), and
   * closes it once nothing is left to charge and no import holds the writer; calls given back during
   * the write stay in it for the next charge. A failed write leaves it as it was (charged later).
   */
  private async chargeDeferredNow(s: TeamState, at: Date): Promise<void> {
    const d = s.deferred;
    if (!d) return;
    const used = d.used;
    const usage = d.tally.entries();
    if (used !== 0 || usage.length > 0) {
      await chargeCredits(this.db, s.teamId, used, at.toISOString(), usage);
      d.used -= used;
      d.granted -= used;
      d.tally.written(usage);
    }
    if (d.used === 0 && d.tally.empty && !importHoldsWriter(this.db)) {
      d.ended = true;
      s.deferred = null;
    }
  }

  private async serialized<T>(s: TeamState, work: () => Promise<T>): Promise<T> {
    while (s.busy) await s.busy.catch(() => undefined);
    const p = work();
    s.busy = p;
    try {
      return await p;
    } finally {
      if (s.busy === p) s.busy = null;
    }
  }

  private async lease(s: TeamState, block: number, at: Date): Promise<boolean> {
    await this.chargeDeferredNow(s, at);
    if (s.lease) await this.end(s.lease, at);
    const now = Date.now();
    const lease: Lease = { id: crypto.randomUUID(), teamId: s.teamId, granted: block, used: 0, recorded: 0, deadline: now + this.settings.ttlMs, lastTake: now, ended: false, tally: new UsageTally() };
    const taken = await leaseCredits(this.db, {
      id: lease.id,
      teamId: s.teamId,
      holder: this.holder,
      block,
      share: SHARE,
      expiresMs: now + 2 * this.settings.ttlMs,
      at: at.toISOString(),
    });
    if (!taken) {
      s.blockCap = Math.floor(block / 2);
      if (s.blockCap < MIN_BLOCK) {
        s.blockCap = MAX_BLOCK;
        s.noLeaseUntil = now + this.settings.ttlMs;
      }
      return false;
    }
    s.lease = lease;
    return true;
  }

  /**
   * Returns a lease's unused part, once. The caller waits for the first attempt only: while the
   * database is away the return is retried in the background, and the team's calls meanwhile go to
   * the balance (and get its answer, a 503 while it is away) instead of waiting for the retries.
   */
  private end(l: Lease, at: Date): Promise<void> {
    const s = this.teams.get(l.teamId);
    if (s?.lease === l) s.lease = null;
    if (l.ended) return Promise.resolve();
    l.ended = true;
    const first = this.returnLease(l, at).then(
      () => true,
      () => false,
    );
    const work: Promise<void> = first.then((returned) => (returned ? undefined : this.retryReturn(l, at, 2))).finally(() => this.returning.delete(work));
    this.returning.add(work);
    return first.then(() => undefined);
  }

  private async returnLease(l: Lease, at: Date): Promise<void> {
    if (await endLease(this.db, l.id, l.teamId, l.granted - l.used, at.toISOString(), l.tally.entries())) return;
    // expired and returned by another process with the last recorded use: charge the calls since, with their usage
    const owed = l.used - l.recorded;
    if (owed > 0 && !(await takeCredits(this.db, l.teamId, owed, at.toISOString(), l.tally.entries()))) {
      this.log.warn({ teamId: l.teamId, owed }, 'credit lease expired before its return; calls since its last record go uncharged and uncounted');
    }
  }

  private async retryReturn(l: Lease, at: Date, attempt: number): Promise<void> {
    await new Promise((r) => setTimeout(r, Math.min(250 * 2 ** (attempt - 2), 5000)).unref());
    try {
      await this.returnLease(l, at);
    } catch (err) {
      if (attempt >= 12) {
        this.log.error({ err: (err as Error).message, teamId: l.teamId, lease: l.id }, 'credit lease not returned; it comes back when it expires');
        return;
      }
      return this.retryReturn(l, at, attempt + 1);
    }
  }

  /** Records a lease's use and the usage since its last record (one transaction); whether it is asked back, or null when its row is gone. */
  private async record(l: Lease): Promise<{ reclaim: boolean } | null> {
    if (l.ended) return { reclaim: false };
    const used = l.used;
    if (used === l.recorded && l.tally.empty) return leaseAskedBack(this.db, l.id);
    const usage = l.tally.entries();
    const row = await recordLeaseUse(this.db, l.id, used, usage);
    if (row !== null) {
      l.recorded = used;
      l.tally.written(usage);
    }
    return row;
  }

  /** The balance is short: waits for other processes' leases to come back, or refuses. */
  private async short(s: TeamState, usage: UsageCount, at: Date): Promise<Ticket | undefined> {
    const { teamId, credits: cost } = usage;
    const until = Date.now() + 2 * this.settings.ttlMs + 2 * CHECK_MS;
    for (;;) {
      await returnExpiredLeases(this.db, teamId, Date.now(), at.toISOString());
      const out = await askLeasesBack(this.db, teamId, this.holder);
      const local = this.takeLocal(s, usage);
      if (local) return local;
      if (await takeCredits(this.db, teamId, cost, at.toISOString(), [usage])) return { lease: null, usage };
      if (out === 0 || Date.now() > until) return undefined;
      await new Promise((r) => setTimeout(r, RECLAIM_POLL_MS));
    }
  }

  /** Records use, returns idle, expired and asked-back leases, and now and then expired ones of dead holders. */
  private async check(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      // while an import holds SQLite's writer a record or return would only wait for it; calls go on
      // from the leases and deferred accounts, whose use is written once it is free
      if (importHoldsWriter(this.db)) return;
      const now = Date.now();
      const at = new Date();
      for (const s of this.teams.values()) await this.chargeDeferred(s, at);
      for (const s of this.teams.values()) {
        const l = s.lease;
        if (!l || l.ended) continue;
        if (now >= l.deadline || now - l.lastTake >= IDLE_SHARE * this.settings.ttlMs) {
          await this.serialized(s, () => this.end(l, at));
          continue;
        }
        const row = await this.serialized(s, () => this.record(l));
        if (row === null || row.reclaim) {
          s.noLeaseUntil = Date.now() + this.settings.ttlMs;
          await this.serialized(s, () => this.end(l, at));
        }
      }
      for (const [teamId, s] of this.teams) if (!s.lease && !s.deferred && !s.busy && now - s.windowStart > 2000) this.teams.delete(teamId);
      if (now - this.lastSweep >= this.settings.ttlMs) {
        this.lastSweep = now;
        await returnExpiredLeases(this.db, null, now, at.toISOString());
      }
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'credit lease check failed');
    } finally {
      this.checking = false;
    }
  }
}
