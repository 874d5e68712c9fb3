/**
 * The webhook outbox's worker, one per server process: it fans new `change_log` positions out into
 * deliveries (src/db/webhooks.ts makes that and each claim safe across processes), sends the due
 * ones signed (Standard Webhooks), records each attempt and schedules the next with exponential
 * backoff until the retry window closes; it also prunes the change feed and the delivery log past
 * the feed's retention. It runs beside requests and imports, never inside them: it polls every
 * WEBHOOK_POLL_MS and is woken at once (`wake`) by the change signal (src/webhooks/signal.ts): a
 * commit in its own process or, on PostgreSQL, a notification from any process's commit.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { now, type Config } from '../config.js';
import { latestPosition, pruneChanges, readChanges, type FeedRow } from '../db/changeFeed.js';
import { dialectOf } from '../db/dialect.js';
import { filterEnums } from '../db/refCache.js';
import {
  claimDue,
  insertDeliveries,
  lockWebhookForFanOut,
  matchingIds,
  pruneDeliveries,
  recordAttempts,
  updateWebhook,
  webhooksBehind,
  webhooksById,
  type Attempted,
  type DeliveryRow,
  type NewDelivery,
  type WebhookRow,
} from '../db/webhooks.js';
import type { Fx } from '../money/fx.js';
import { changeOf, KIND_OF } from '../services/changes.js';
import { compileSavedSearch, eventOf, typeOfEvent, type SavedSearch } from './events.js';
import { signedHeaders } from './signing.js';
import type { ChangeSignal } from './signal.js';
import { post } from './targets.js';

const FAN_OUT_BATCH = 1000;
/** Deliveries claimed, sent and recorded together (bench/results/webhooks-*.json). */
export const CLAIM_BATCH = 100;
const DELIVERY_LANES = 4;
const PRUNE_EVERY_MS = 3_600_000;
/** A claim outlives the attempt's deadline by this much before another process may take it over. */
const CLAIM_MARGIN_MS = 5_000;

export interface OutboxDeps {
  db: Knex;
  cfg: Config;
  fx: Pick<Fx, 'converter'>;
  log: Logger;
  /** Wakes a pass when this or (PostgreSQL) another process commits changes or due deliveries. */
  signal?: Pick<ChangeSignal, 'subscribe'>;
}

/** The delay before attempt `n + 1` after `n` failed ones: doubling from the base, capped. */
export function backoffMs(cfg: Config['webhooks'], failed: number): number {
  return Math.min(cfg.retryBaseMs * 2 ** Math.max(0, failed - 1), Math.max(cfg.retryBaseMs, Math.floor(cfg.retryWindowMs / 6)));
}

export const deliveryId = (webhookId: string, seq: number): string => `msg_${webhookId.replace(/^wh_/, '')}_${seq}`;

export class Outbox {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private lastPrune = 0;
  private readonly searches = new Map<string, SavedSearch>();
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly deps: OutboxDeps) {}

  start(): void {
    this.unsubscribe = this.deps.signal?.subscribe(() => this.wake()) ?? null;
    this.schedule(0);
  }

  /** Runs a pass now (or right after the one running). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.pass()
        .catch((err: Error) => this.deps.log.error({ err: err.message }, 'webhook outbox pass failed'))
        .finally(() => {
          this.running = null;
          const again = this.again;
          this.again = false;
          this.schedule(again ? 0 : this.deps.cfg.webhooks.pollMs);
        });
    }, ms);
    this.timer.unref();
  }

  /** One pass: fan out, deliver what is due, prune the feed once an hour. */
  async pass(): Promise<void> {
    await this.fanOut();
    // several batches in flight: one's sends overlap another's claim and record (not with one writer)
    const lanes = dialectOf(this.deps.db).oneWriter ? 1 : DELIVERY_LANES;
    await Promise.all(
      Array.from({ length: lanes }, async () => {
        while (!this.stopped && (await this.deliverDue()) === CLAIM_BATCH);
      }),
    );
    const t = now(this.deps.cfg).getTime();
    if (t - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = t;
      const cutoff = t - this.deps.cfg.changeRetentionDays * 86_400_000;
      await pruneChanges(this.deps.db, new Date(cutoff));
      await pruneDeliveries(this.deps.db, cutoff);
    }
  }

  /** Deliveries for the changes after each webhook's position, up to the log's end. */
  async fanOut(): Promise<void> {
    const { db } = this.deps;
    const latest = await latestPosition(db);
    // webhooks at the same position with the same types read the same changes: once a pass
    // (committed changes do not change, so a read in one webhook's transaction serves the others)
    const reads = new Map<string, Promise<FeedRow[]>>();
    for (const id of await webhooksBehind(db, latest)) {
      if (this.stopped) return;
      await db.transaction(async (trx) => {
        const w = await lockWebhookForFanOut(trx, id, latest);
        if (w) await this.fanOutOne(trx, w, latest, reads);
      });
    }
  }

  private async fanOutOne(trx: Knex.Transaction, w: WebhookRow, latest: number, reads: Map<string, Promise<FeedRow[]>>): Promise<void> {
    const events = new Set(JSON.parse(w.events) as string[]);
    const types = [...new Set([...events].map(typeOfEvent))].sort();
    const key = `${w.cursor_seq}|${types.join(',')}`;
    let read = reads.get(key);
    if (!read) reads.set(key, (read = readChanges(trx, { after: w.cursor_seq, types, kinds: null, limit: FAN_OUT_BATCH })));
    const rows = await read;
    let wanted = rows.filter((r) => events.has(eventOf(r.type, KIND_OF[r.kind])));
    if (w.filter && wanted.length) wanted = await this.matching(trx, w, wanted);
    const at = now(this.deps.cfg);
    const deliveries: NewDelivery[] = wanted.map((r) => {
      const event = eventOf(r.type, KIND_OF[r.kind]);
      return {
        id: deliveryId(w.id, r.seq),
        webhook_id: w.id,
        event_type: event,
        payload: JSON.stringify({ type: event, timestamp: at.toISOString(), data: changeOf(r) }),
        created_ms: at.getTime(),
        next_attempt_ms: at.getTime(),
      };
    });
    await insertDeliveries(trx, deliveries);
    const last = rows.at(-1)?.seq ?? w.cursor_seq;
    await updateWebhook(trx, w.id, { cursor_seq: rows.length === FAN_OUT_BATCH ? last : Math.max(last, latest) });
  }

  /** The changes whose records the webhook's saved search matches now. */
  private async matching(trx: Knex.Transaction, w: WebhookRow, rows: FeedRow[]): Promise<FeedRow[]> {
    const key = `${w.id}\u0000${w.filter}`;
    let search = this.searches.get(key);
    if (!search) {
      search = compileSavedSearch(w.filter!, JSON.parse(w.events) as string[], await this.deps.fx.converter('USD'), await filterEnums(this.deps.db));
      this.searches.set(key, search);
    }
    const ids = await matchingIds(trx, search.target.table, search.target.alias, search.where, rows.map((r) => r.record_id));
    return rows.filter((r) => ids.has(r.record_id));
  }

  /** Claims and sends one batch of due deliveries; how many it claimed. */
  async deliverDue(): Promise<number> {
    const { db, cfg } = this.deps;
    const t = now(cfg).getTime();
    const claimed = await claimDue(db, t, t + cfg.webhooks.timeoutMs + CLAIM_MARGIN_MS, CLAIM_BATCH);
    if (claimed.length === 0) return 0;
    const hooks = await webhooksById(db, claimed.map((d) => d.webhook_id));
    // a webhook deleted since the claim took its deliveries with it
    const attempted = await Promise.all(claimed.filter((d) => hooks.has(d.webhook_id)).map((d) => this.attempt(d, hooks.get(d.webhook_id)!)));
    await recordAttempts(db, attempted, cfg.webhooks.disableAfterMs);
    return claimed.length;
  }

  /** Sends one delivery; its outcome, recorded with the rest of its batch. */
  private async attempt(d: DeliveryRow, w: WebhookRow): Promise<Attempted> {
    const { cfg } = this.deps;
    const policy = cfg.webhooks;
    const start = now(cfg).getTime();
    const secrets = [w.secret, ...(w.previous_secret && (w.previous_expires_ms ?? 0) > start ? [w.previous_secret] : [])];
    const headers = signedHeaders(secrets, d.id, Math.floor(start / 1000), d.payload);
    const r = await post(w.url, headers, d.payload, { allowPrivate: policy.allowPrivate, timeoutMs: policy.timeoutMs });
    const success = r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;
    const at = now(cfg).getTime();
    const next = success || at - d.created_ms >= policy.retryWindowMs ? null : at + backoffMs(policy, d.attempts + 1);
    const error = r.error ?? (success ? null : `HTTP ${r.statusCode}`);
    return { delivery: d, outcome: { atMs: start, statusCode: r.statusCode, latencyMs: r.latencyMs, success, error }, nextAttemptMs: next };
  }
}
