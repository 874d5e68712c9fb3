/**
 * Usage (openapi.yaml `Usage`) is written with the credits it accounts for, never after them: a call
 * taking its credits from the balance counts its usage in that transaction (src/db/credits.ts), and a
 * call served from a credit lease counts it in the lease's tally, which is written in the transaction
 * that records the lease's use or ends it (src/db/creditLeases.ts). A process killed at any instant
 * therefore leaves consumed credits and usage equal: the calls its lease served since the last
 * record are neither charged nor counted. Refunds take their usage back the same way.
 */
import type { UsageCount } from '../db/credits.js';

/** What a metered call counts: its operation and how many requests (an export's later credits count none). */
export interface CallUse {
  operationId: string;
  requests: number;
}

/** The usage row a call's credits go to: the day they were taken. */
export function usageOf(teamId: number, use: CallUse, credits: number, at: Date): UsageCount {
  return { teamId, day: at.toISOString().slice(0, 10), operationId: use.operationId, requests: use.requests, credits };
}

export const negated = (c: UsageCount): UsageCount => ({ ...c, requests: -c.requests, credits: -c.credits });

/** Usage not yet written, per (team, day, operation). */
export class UsageTally {
  private counts = new Map<string, UsageCount>();

  add(c: UsageCount): void {
    const key = `${c.teamId}\u0000${c.day}\u0000${c.operationId}`;
    const have = this.counts.get(key);
    if (!have) this.counts.set(key, { ...c });
    else {
      have.requests += c.requests;
      have.credits += c.credits;
      if (have.requests === 0 && have.credits === 0) this.counts.delete(key);
    }
  }

  /** The counts to write (none zero). */
  entries(): UsageCount[] {
    return [...this.counts.values()].map((c) => ({ ...c }));
  }

  get empty(): boolean {
    return this.counts.size === 0;
  }

  /** Takes off counts that were written (what was added since stays). */
  written(counts: UsageCount[]): void {
    for (const c of counts) this.add(negated(c));
  }
}
