/**
 * Repeated identical server errors, logged once with a count: during an outage every request fails
 * the same way (thousands of 503s a second while the database restarts), and a line with a stack
 * per request buried the first one and cost the event loop a write each. The first error of a kind
 * is logged in full at once; the same kind again within WINDOW_MS is only counted, and when the
 * window closes one line says how many there were (with one request id of them).
 */
import type { Logger } from 'pino';

export const REPEAT_WINDOW_MS = 10_000;

interface Seen {
  count: number;
  lastRequestId: string | undefined;
}

export class RepeatedErrors {
  private readonly open = new Map<string, Seen>();

  constructor(
    private readonly log: Pick<Logger, 'error'>,
    private readonly windowMs = REPEAT_WINDOW_MS,
  ) {}

  /**
   * Logs `fields` under `message` unless the same `kind` was logged within the window (then counts
   * it). `kind` is what makes two errors the same: their code and message, not their request.
   */
  report(kind: string, message: string, fields: Record<string, unknown> & { request_id?: string }): void {
    const seen = this.open.get(kind);
    if (seen) {
      seen.count++;
      seen.lastRequestId = fields.request_id;
      return;
    }
    this.log.error(fields, message);
    const entry: Seen = { count: 0, lastRequestId: undefined };
    this.open.set(kind, entry);
    setTimeout(() => {
      this.open.delete(kind);
      if (entry.count > 0) this.log.error({ kind, repeated: entry.count, window_ms: this.windowMs, last_request_id: entry.lastRequestId }, `${message} (repeated)`);
    }, this.windowMs).unref();
  }
}
