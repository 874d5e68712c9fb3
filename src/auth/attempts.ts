/**
 * Failed token-endpoint attempts, counted per client id and per client address in fixed 60 s
 * windows (in memory, per process). Past the limit the endpoint answers 429 before any secret is
 * checked, so guessing secrets or spraying client ids is slowed to the configured pace.
 */
const WINDOW_MS = 60_000;
const MAX_ENTRIES = 50_000;

interface Window {
  count: number;
  resetAt: number;
}

export class FailedAttempts {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly limits: { perClient: number; perAddress: number }) {}

  private keys(clientId: string, address: string): [string, number][] {
    return [
      [`c:${clientId}`, this.limits.perClient],
      [`a:${address}`, this.limits.perAddress],
    ];
  }

  /** Seconds until the caller may try again; 0 when it may try now. */
  retryAfter(clientId: string, address: string, at = Date.now()): number {
    let wait = 0;
    for (const [key, limit] of this.keys(clientId, address)) {
      const w = this.windows.get(key);
      if (w && w.resetAt > at && w.count >= limit) wait = Math.max(wait, Math.ceil((w.resetAt - at) / 1000));
    }
    return wait;
  }

  fail(clientId: string, address: string, at = Date.now()): void {
    if (this.windows.size > MAX_ENTRIES) {
      for (const [k, w] of this.windows) if (w.resetAt <= at) this.windows.delete(k);
    }
    for (const [key] of this.keys(clientId, address)) {
      const w = this.windows.get(key);
      if (!w || w.resetAt <= at) this.windows.set(key, { count: 1, resetAt: at + WINDOW_MS });
      else w.count++;
    }
  }
}
