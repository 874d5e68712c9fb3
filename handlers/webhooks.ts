/** Webhooks of the caller's team: register, list, read one, delete, delivery log, replay, test event, secret rotation. */
import crypto from 'node:crypto';
import type { components } from '../generated/api.js';
import type { Principal } from '../src/auth/verify.js';
import { now } from '../src/config.js';
import { latestPosition } from '../src/db/changeFeed.js';
import { filterEnums } from '../src/db/refCache.js';
import { deleteTeamWebhook, findTeamWebhook, insertDeliveries, insertWebhook, replayDelivery, teamWebhooks, updateWebhook, webhookAttempts, type WebhookRow } from '../src/db/webhooks.js';
import { ApiError, notFound } from '../src/errors.js';
import { created, ok, type Ctx, type HandlerMap } from '../src/http/context.js';
import { requireScopes } from '../src/pipeline/access.js';
import { DETAIL_OPERATION } from '../src/services/changes.js';
import { compileSavedSearch, typeOfEvent } from '../src/webhooks/events.js';
import { newSecret } from '../src/webhooks/signing.js';
import { targetProblem } from '../src/webhooks/targets.js';

type Webhook = components['schemas']['Webhook'];

function teamOf(p: Principal | null): number {
  if (!p || p.teamId === null) throw new ApiError('FORBIDDEN', 'Webhooks are managed with an API key of the team');
  return p.teamId;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function webhook(w: WebhookRow): Webhook {
  return {
    id: w.id,
    url: w.url,
    events: JSON.parse(w.events) as Webhook['events'],
    filter: w.filter,
    description: w.description,
    status: w.status as Webhook['status'],
    disabled_reason: w.disabled_reason,
    failing_since: iso(w.failing_since_ms),
    created_at: w.created_at,
  };
}

async function owned(ctx: Pick<Ctx, 'deps' | 'principal'>, id: string): Promise<WebhookRow> {
  const w = await findTeamWebhook(ctx.deps.db, teamOf(ctx.principal), id);
  if (!w) throw notFound(`Webhook ${id} not found`);
  return w;
}

const invalidBody = (path: string, message: string) => new ApiError('VALIDATION_ERROR', `Request validation failed: ${path} ${message}`, [{ path, message }]);

export const webhookHandlers: HandlerMap = {
  createWebhook: async (ctx) => {
    const teamId = teamOf(ctx.principal);
    const { cfg, db, embed, fx } = ctx.deps;
    const problem = targetProblem(ctx.body.url, { allowPrivate: cfg.webhooks.allowPrivate });
    if (problem) throw invalidBody('body.url', problem);
    // an event's records are the caller's only with their endpoint's scope
    for (const e of ctx.body.events) requireScopes(ctx.principal!, embed!.scopes(DETAIL_OPERATION[typeOfEvent(e)]));
    const filter = ctx.body.filter ?? null;
    if (filter !== null) compileSavedSearch(filter, ctx.body.events, await fx.converter('USD'), await filterEnums(db));
    const row = await insertWebhook(db, {
      id: `wh_${crypto.randomBytes(12).toString('hex')}`,
      team_id: teamId,
      url: ctx.body.url,
      events: JSON.stringify(ctx.body.events),
      filter,
      description: ctx.body.description ?? null,
      secret: newSecret(),
      previous_secret: null,
      previous_expires_ms: null,
      status: 'active',
      disabled_reason: null,
      failing_since_ms: null,
      // events from the ones committed after its registration
      cursor_seq: await latestPosition(db),
      created_at: now(cfg).toISOString(),
    });
    return created('createWebhook', { data: { ...webhook(row), secret: row.secret } });
  },

  listWebhooks: async (ctx) => ok('listWebhooks', { data: (await teamWebhooks(ctx.deps.db, teamOf(ctx.principal))).map(webhook) }),

  getWebhook: async (ctx) => ok('getWebhook', { data: webhook(await owned(ctx, ctx.params.id)) }),

  deleteWebhook: async (ctx) => {
    if (!(await deleteTeamWebhook(ctx.deps.db, teamOf(ctx.principal), ctx.params.id))) throw notFound(`Webhook ${ctx.params.id} not found`);
    return { status: 204, body: undefined };
  },

  listWebhookDeliveries: async (ctx) => {
    const w = await owned(ctx, ctx.params.id);
    const rows = await webhookAttempts(ctx.deps.db, w.id, ctx.query.limit ?? 100);
    const data = rows.map((r) => ({
      delivery_id: r.delivery_id,
      event_type: r.event_type,
      at: new Date(r.at_ms).toISOString(),
      success: Boolean(r.success),
      status_code: r.status_code,
      latency_ms: r.latency_ms,
      error: r.error,
      delivery_status: r.delivery_status as 'pending' | 'delivered' | 'failed',
      attempts: r.attempts,
    }));
    return ok('listWebhookDeliveries', { data });
  },

  replayWebhookDelivery: async (ctx) => {
    const w = await owned(ctx, ctx.params.id);
    if (!(await replayDelivery(ctx.deps.db, w.id, ctx.params.delivery_id, now(ctx.deps.cfg).getTime()))) throw notFound(`Delivery ${ctx.params.delivery_id} not found`);
    ctx.deps.outbox?.wake();
    return { status: 202, body: { data: { delivery_id: ctx.params.delivery_id } } };
  },

  testWebhook: async (ctx) => {
    const w = await owned(ctx, ctx.params.id);
    const at = now(ctx.deps.cfg);
    const id = `msg_test_${crypto.randomBytes(12).toString('hex')}`;
    const payload = JSON.stringify({ type: 'webhook.test', timestamp: at.toISOString(), data: { webhook_id: w.id } });
    await insertDeliveries(ctx.deps.db, [{ id, webhook_id: w.id, event_type: 'webhook.test', payload, created_ms: at.getTime(), next_attempt_ms: at.getTime() }]);
    ctx.deps.outbox?.wake();
    return { status: 202, body: { data: { delivery_id: id } } };
  },

  rotateWebhookSecret: async (ctx) => {
    const w = await owned(ctx, ctx.params.id);
    const overlap = (ctx.body as { overlap_seconds?: number } | undefined)?.overlap_seconds ?? 86_400;
    const patch = {
      secret: newSecret(),
      previous_secret: w.secret,
      previous_expires_ms: now(ctx.deps.cfg).getTime() + overlap * 1000,
      status: 'active',
      disabled_reason: null,
      failing_since_ms: null,
    };
    await updateWebhook(ctx.deps.db, w.id, patch);
    const row = { ...w, ...patch };
    return ok('rotateWebhookSecret', { data: { ...webhook(row), secret: row.secret } });
  },
};
