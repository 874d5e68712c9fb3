/**
 * The change feed (docs/changes.md): pages of `change_log` named as the API names records, resumable
 * from a signed position, with each record's own detail operation behind `include=record`.
 */
import type { components } from '../../generated/api.js';
import { latestPosition, prunedThrough, readChanges, type FeedRow, type FeedType, type LogKind } from '../db/changeFeed.js';
import { ApiError } from '../errors.js';
import type { Ctx } from '../http/context.js';
import { decodeCursor, encodeCursor } from '../query/cursor.js';

export type Change = components['schemas']['Change'];
export type ChangeKind = components['schemas']['ChangeKind'];

/** The detail operation of each record type: its answer is the record, its scopes the type's. */
export const DETAIL_OPERATION: Record<FeedType, string> = {
  transaction: 'getTransaction',
  company: 'getCompany',
  investor: 'getInvestor',
  university: 'getUniversity',
  gov_ngo: 'getGovNgo',
  person: 'getPerson',
  fund: 'getFund',
  valuation: 'getValuation',
  job: 'getJob',
  news: 'getNews',
};
export const FEED_TYPES = Object.keys(DETAIL_OPERATION) as FeedType[];

export const KIND_OF: Record<LogKind, ChangeKind> = { insert: 'created', update: 'updated', delete: 'deleted' };
const LOG_KIND: Record<ChangeKind, LogKind> = { created: 'insert', updated: 'update', deleted: 'delete' };

const POSITION = { sort: 'seq', filter: '' };
const INVALID = 'Invalid change feed position; restart with from=oldest or from=latest';

/** A position: the last `change_log` seq passed, signed so a client cannot forge one. */
export function encodePosition(seq: number, secret: string): string {
  return encodeCursor({ v: 1, ...POSITION, parent: null, dir: 'next', key: [seq], offset: 0, limit: 1 }, secret);
}

export function decodePosition(token: string, secret: string): number {
  let key: unknown;
  try {
    key = decodeCursor(token, secret, POSITION).key[0];
  } catch {
    key = null;
  }
  if (!Number.isSafeInteger(key) || (key as number) < 0) throw new ApiError('VALIDATION_ERROR', INVALID, [{ path: 'query.after', message: INVALID }]);
  return key as number;
}

/** The API's id of a changed record: an entity's uuid, else its numeric id. */
export const recordIdOf = (r: FeedRow): string | number => r.uuid ?? r.record_id;

export function changeOf(r: FeedRow): Change {
  return { type: r.type, id: recordIdOf(r), kind: KIND_OF[r.kind], fields: r.fields, at: r.at };
}

/** Where a walk starts: after `after` (refused once pruned), else the oldest kept change or now. */
export async function startPosition(ctx: Pick<Ctx, 'deps' | 'list'>, after: string | undefined, from: 'oldest' | 'latest'): Promise<number> {
  const { db } = ctx.deps;
  if (after === undefined) return from === 'latest' ? latestPosition(db) : 0;
  const seq = decodePosition(after, ctx.list.secret);
  if (seq < (await prunedThrough(db))) {
    const message = `The position is older than the change feed's retention (${ctx.deps.cfg.changeRetentionDays} days): restart from a full export, then walk from=latest`;
    throw new ApiError('VALIDATION_ERROR', message, [{ path: 'query.after', message }]);
  }
  return seq;
}

export interface ChangePage {
  data: Change[];
  next: number;
  hasMore: boolean;
}

/** One page: `limit` changes after `seq` of the types and kinds asked, and the position after it. */
export async function changePage(ctx: Pick<Ctx, 'deps'>, seq: number, types: readonly FeedType[], kinds: readonly ChangeKind[] | null, limit: number): Promise<{ rows: FeedRow[]; next: number; hasMore: boolean }> {
  const { db } = ctx.deps;
  // read before the page: every change up to it is visible to the page's read, so an empty or
  // short page may move the position there without passing a change of another type or kind
  const latest = await latestPosition(db);
  const rows = await readChanges(db, { after: seq, types: types.length === FEED_TYPES.length ? null : types, kinds: kinds ? kinds.map((k) => LOG_KIND[k]) : null, limit: limit + 1 });
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page.at(-1)?.seq ?? seq;
  return { rows: page, next: hasMore ? last : Math.max(last, latest, seq), hasMore };
}

/** How often a waiting reader re-reads the feed between signals: SQLite has no others; on PostgreSQL the poll only covers a lost listener. */
const WAIT_POLL_MS = 500;
const LISTENING_POLL_MS = 10_000;

/**
 * `changePage`, waiting up to `waitMs` for a page with changes: re-read at each change signal
 * (src/webhooks/signal.ts: a commit here or, on PostgreSQL, in any process) and every WAIT_POLL_MS
 * (LISTENING_POLL_MS while other processes' commits are signalled).
 * The wait ends early, with the empty page, when the client hangs up or the server starts draining.
 */
export async function changePageWaiting(ctx: Pick<Ctx, 'deps' | 'req'>, seq: number, types: readonly FeedType[], kinds: readonly ChangeKind[] | null, limit: number, waitMs: number) {
  const deadline = Date.now() + waitMs;
  const gone = new AbortController();
  const hangUp = () => gone.abort();
  // absent for calls that re-enter the app without a connection of their own (MCP tools)
  const socket = ctx.req?.socket;
  socket?.once('close', hangUp);
  try {
    for (;;) {
      const page = await changePage(ctx, seq, types, kinds, limit);
      const left = deadline - Date.now();
      if (page.rows.length > 0 || left <= 0 || gone.signal.aborted || ctx.deps.lifecycle?.draining) return page;
      const step = Math.min(left, ctx.deps.changes?.listening ? LISTENING_POLL_MS : WAIT_POLL_MS);
      if (ctx.deps.changes) await ctx.deps.changes.wait(step, gone.signal);
      else await new Promise((r) => setTimeout(r, step));
    }
  } finally {
    socket?.off('close', hangUp);
  }
}
