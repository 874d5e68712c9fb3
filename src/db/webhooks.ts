/**
 * Webhooks and their outbox (docs/webhooks.md), SQL only. Fan-out and delivery claims are safe
 * across processes and servers on one PostgreSQL: a webhook's fan-out step locks its row (`FOR UPDATE
 * SKIP LOCKED`: another process skips it) and moves its `cursor_seq` in the same transaction as the
 * deliveries it inserts, whose ids (`msg_<webhook>_<seq>`) are unique; a delivery is claimed for one
 * attempt by one process (a lease in `claimed_until_ms`, taken with `SKIP LOCKED`), so an event is
 * sent once per attempt, and a process that dies mid-attempt leaves a lease that runs out.
 * SQLite has one writer: the same statements run in its transactions.
 */
import type { Knex } from 'knex';
import type { CompiledFilter } from './listing.js';
import { dialectOf } from './dialect.js';
import { normalizeRawResult } from './knex.js';
import type { RowOf } from './schema.js';

export type WebhookRow = RowOf<'webhooks'>;

const duration = (ms: number): string => (ms >= 3_600_000 ? `${+(ms / 3_600_000).toFixed(1)} h` : ms >= 60_000 ? `${+(ms / 60_000).toFixed(1)} min` : `${+(ms / 1000).toFixed(1)} s`);
export type DeliveryRow = RowOf<'webhook_deliveries'>;
export type AttemptRow = RowOf<'webhook_attempts'>;

const num = <T extends Record<string, unknown>>(r: T, ...cols: (keyof T)[]): T => {
  for (const c of cols) if (r[c] !== null && r[c] !== undefined) (r as Record<keyof T, unknown>)[c] = Number(r[c]);
  return r;
};
const webhookRow = (r: WebhookRow) => num(r, 'team_id', 'previous_expires_ms', 'failing_since_ms', 'cursor_seq');
const deliveryRow = (r: DeliveryRow) => num(r, 'attempts', 'created_ms', 'next_attempt_ms', 'claimed_until_ms', 'delivered_ms');

export async function insertWebhook(db: Knex, row: WebhookRow): Promise<WebhookRow> {
  await db('webhooks').insert(row);
  return row;
}

export async function teamWebhooks(db: Knex, teamId: number): Promise<WebhookRow[]> {
  return ((await db('webhooks').where('team_id', teamId).orderBy('created_at').orderBy('id')) as WebhookRow[]).map(webhookRow);
}

export async function findTeamWebhook(db: Knex, teamId: number, id: string): Promise<WebhookRow | null> {
  const r = (await db('webhooks').where({ team_id: teamId, id }).first()) as WebhookRow | undefined;
  return r ? webhookRow(r) : null;
}

/** Deletes a webhook, its pending deliveries and its log; whether it existed. */
export async function deleteTeamWebhook(db: Knex, teamId: number, id: string): Promise<boolean> {
  return db.transaction(async (trx) => {
    const n = await trx('webhooks').where({ team_id: teamId, id }).delete();
    if (!n) return false;
    await trx('webhook_deliveries').where('webhook_id', id).delete();
    await trx('webhook_attempts').where('webhook_id', id).delete();
    return true;
  });
}

export async function updateWebhook(db: Knex, id: string, patch: Partial<WebhookRow>): Promise<void> {
  await db('webhooks').where('id', id).update(patch);
}

/** Active webhooks whose fan-out is behind `seq`. */
export async function webhooksBehind(db: Knex, seq: number): Promise<string[]> {
  return ((await db('webhooks').where('status', 'active').where('cursor_seq', '<', seq).select('id')) as { id: string }[]).map((r) => r.id);
}

/** Locks one webhook for its fan-out step in `trx`, or null when another process holds it or it is not behind. */
export async function lockWebhookForFanOut(trx: Knex.Transaction, id: string, seq: number): Promise<WebhookRow | null> {
  const q = dialectOf(trx).lockSkippingLocked(trx('webhooks').where({ id, status: 'active' }).where('cursor_seq', '<', seq).first());
  const r = (await q) as WebhookRow | undefined;
  return r ? webhookRow(r) : null;
}

/**
 * Of `ids` (records of `table` aliased `alias`), those the compiled saved search matches now.
 * Transactions are matched withdrawn or not: a delete event of a matching round is one too.
 */
export async function matchingIds(db: Knex, table: string, alias: string, where: CompiledFilter, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = (await db(`${table} as ${alias}`).whereIn(`${alias}.id`, [...ids]).whereRaw(where.sql, where.bindings).select(`${alias}.id`)) as { id: unknown }[];
  return new Set(rows.map((r) => Number(r.id)));
}

export type NewDelivery = Pick<DeliveryRow, 'id' | 'webhook_id' | 'event_type' | 'payload' | 'created_ms' | 'next_attempt_ms'>;

/** Inserts deliveries (one already there keeps its row: fan-out is idempotent). */
export async function insertDeliveries(db: Knex, rows: readonly NewDelivery[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    const part = rows.slice(i, i + 200).map((r) => ({ ...r, status: 'pending', attempts: 0 }));
    await db('webhook_deliveries').insert(part).onConflict('id').ignore();
  }
}

/** Claims up to `limit` due deliveries of active webhooks until `until` (ms); the rows claimed. */
export async function claimDue(db: Knex, nowMs: number, until: number, limit: number): Promise<DeliveryRow[]> {
  const due = `select d.id from webhook_deliveries d join webhooks w on w.id = d.webhook_id
     where d.status = 'pending' and d.next_attempt_ms <= ? and (d.claimed_until_ms is null or d.claimed_until_ms < ?) and w.status = 'active'
     order by d.next_attempt_ms limit ?`;
  const dialect = dialectOf(db);
  if (!dialect.oneWriter) {
    // one statement: the rows chosen are the rows claimed, rows another claimer holds skipped
    const rows = normalizeRawResult(await db.raw(`update webhook_deliveries set claimed_until_ms = ? where id in (${due}${dialect.skipLockedSql('d')}) returning *`, [until, nowMs, nowMs, limit]));
    return (rows as DeliveryRow[]).map(deliveryRow);
  }
  // one writer: a write statement waits for the write lock even when it changes nothing (an import
  // holds it for minutes), so the poll reads first and writes only when something is due
  return db.transaction(async (trx) => {
    const ids = (normalizeRawResult(await trx.raw(due, [nowMs, nowMs, limit])) as { id: string }[]).map((r) => r.id);
    if (ids.length === 0) return [];
    await trx('webhook_deliveries').whereIn('id', ids).update({ claimed_until_ms: until });
    return ((await trx('webhook_deliveries').whereIn('id', ids)) as DeliveryRow[]).map(deliveryRow);
  });
}

export async function webhooksById(db: Knex, ids: readonly string[]): Promise<Map<string, WebhookRow>> {
  const rows = (await db('webhooks').whereIn('id', [...new Set(ids)])) as WebhookRow[];
  return new Map(rows.map((r) => [r.id, webhookRow(r)]));
}

export interface AttemptOutcome {
  atMs: number;
  statusCode: number | null;
  latencyMs: number;
  success: boolean;
  error: string | null;
}

export interface Attempted {
  delivery: DeliveryRow;
  outcome: AttemptOutcome;
  /** When to try again; null when the delivery is given up (ignored on success). */
  nextAttemptMs: number | null;
}

const ROWS = 200;

/**
 * Records a batch of attempts in one transaction: their log rows, each delivery's new state
 * (delivered; pending again at `nextAttemptMs`; or failed when that is null) and each webhook's
 * failing clock, which disables it once every attempt has failed for `disableAfterMs`. A webhook
 * with a successful attempt in the batch is not failing; test events do not count. Only the claims'
 * holder writes them. One transaction and a few statements per batch rather than per delivery: the
 * statements, not the sends, bounded how fast the outbox fanned out.
 */
export async function recordAttempts(db: Knex, batch: readonly Attempted[], disableAfterMs: number): Promise<void> {
  if (batch.length === 0) return;
  await db.transaction(async (trx) => {
    const log = batch.map(({ delivery: d, outcome: o }) => ({ delivery_id: d.id, webhook_id: d.webhook_id, at_ms: o.atMs, status_code: o.statusCode, latency_ms: o.latencyMs, success: o.success, error: o.error }));
    for (let i = 0; i < log.length; i += ROWS) await trx('webhook_attempts').insert(log.slice(i, i + ROWS));
    const delivered = batch.filter((a) => a.outcome.success);
    for (let i = 0; i < delivered.length; i += ROWS) {
      const part = delivered.slice(i, i + ROWS);
      const at = trx.raw(`cast(case id ${part.map(() => 'when ? then ?').join(' ')} end as bigint)`, part.flatMap((a) => [a.delivery.id, a.outcome.atMs]));
      await trx('webhook_deliveries').whereIn('id', part.map((a) => a.delivery.id)).update({ status: 'delivered', delivered_ms: at, attempts: trx.raw('attempts + 1'), claimed_until_ms: null });
    }
    for (const { delivery: d, nextAttemptMs } of batch.filter((a) => !a.outcome.success)) {
      const state = nextAttemptMs === null ? { status: 'failed' } : { status: 'pending', next_attempt_ms: nextAttemptMs };
      await trx('webhook_deliveries').where('id', d.id).update({ ...state, attempts: d.attempts + 1, claimed_until_ms: null });
    }
    const counted = batch.filter((a) => a.delivery.event_type !== 'webhook.test');
    const healthy = new Set(counted.filter((a) => a.outcome.success).map((a) => a.delivery.webhook_id));
    if (healthy.size) await trx('webhooks').whereIn('id', [...healthy]).whereNotNull('failing_since_ms').update({ failing_since_ms: null });
    const failing = new Map<string, Attempted[]>();
    for (const a of counted) if (!healthy.has(a.delivery.webhook_id)) failing.set(a.delivery.webhook_id, [...(failing.get(a.delivery.webhook_id) ?? []), a]);
    for (const [id, failed] of failing) {
      const first = Math.min(...failed.map((a) => a.outcome.atMs));
      const last = failed.reduce((x, a) => (a.outcome.atMs >= x.outcome.atMs ? a : x));
      await trx('webhooks').where('id', id).whereNull('failing_since_ms').update({ failing_since_ms: first });
      const o = last.outcome;
      const reason = `Disabled: every delivery failed for ${duration(disableAfterMs)} (last: ${o.error ?? `HTTP ${o.statusCode}`})`;
      await trx('webhooks').where('id', id).where('status', 'active').where('failing_since_ms', '<=', o.atMs - disableAfterMs).update({ status: 'disabled', disabled_reason: reason });
    }
  });
}

/** The delivery log of a webhook, newest first, with each attempt's delivery. */
export async function webhookAttempts(db: Knex, webhookId: string, limit: number): Promise<(AttemptRow & Pick<DeliveryRow, 'event_type' | 'status' | 'attempts'> & { delivery_status: string })[]> {
  const rows = await db('webhook_attempts as a')
    .join('webhook_deliveries as d', 'd.id', 'a.delivery_id')
    .where('a.webhook_id', webhookId)
    .orderBy('a.at_ms', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .select('a.*', 'd.event_type', 'd.status as delivery_status', 'd.attempts');
  return rows.map((r: Record<string, unknown>) => ({ ...r, id: Number(r.id), at_ms: Number(r.at_ms), latency_ms: Number(r.latency_ms), status_code: r.status_code === null ? null : Number(r.status_code), success: Boolean(r.success), attempts: Number(r.attempts) })) as never;
}

/** Puts one delivery of a webhook back in the queue, due now (its id is kept); whether it exists. */
export async function replayDelivery(db: Knex, webhookId: string, deliveryId: string, nowMs: number): Promise<boolean> {
  const n = await db('webhook_deliveries').where({ id: deliveryId, webhook_id: webhookId }).update({ status: 'pending', next_attempt_ms: nowMs, claimed_until_ms: null });
  return n > 0;
}

/** The number of deliveries not yet delivered or given up (benchmarks and tests). */
export async function pendingDeliveries(db: Knex): Promise<number> {
  const r = (await db('webhook_deliveries').where('status', 'pending').count({ n: '*' }).first()) as { n: unknown };
  return Number(r.n);
}

/** Deletes the log and the finished deliveries (delivered or given up) from before `cutoffMs`. */
export async function pruneDeliveries(db: Knex, cutoffMs: number): Promise<void> {
  await db('webhook_attempts').where('at_ms', '<', cutoffMs).delete();
  await db('webhook_deliveries').whereIn('status', ['delivered', 'failed']).where('created_ms', '<', cutoffMs).delete();
}
