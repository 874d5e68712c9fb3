/** The change feed: `GET /data/changes`. */
import type { FeedType } from '../src/db/changeFeed.js';
import { ok, type HandlerMap } from '../src/http/context.js';
import { requireScopes } from '../src/pipeline/access.js';
import { changeOf, changePageWaiting, type Change, DETAIL_OPERATION, encodePosition, FEED_TYPES, recordIdOf, startPosition } from '../src/services/changes.js';
import { currencyOf } from '../src/services/page.js';

export const changeHandlers: HandlerMap = {
  listChanges: async (ctx) => {
    const embed = ctx.deps.embed!;
    const principal = ctx.principal!;
    const scopesOf = (t: FeedType) => embed.scopes(DETAIL_OPERATION[t]);
    // a type asked for needs its endpoint's scope; unasked, the feed holds the types the token may read
    const asked = ctx.query.type as FeedType[] | undefined;
    if (asked) for (const t of asked) requireScopes(principal, scopesOf(t));
    const types = asked ?? FEED_TYPES.filter((t) => scopesOf(t).every((s) => principal.scopes.has(s)));
    const limit = ctx.query.limit ?? 100;
    const start = await startPosition(ctx, ctx.query.after, ctx.query.from ?? 'oldest');
    const { rows, next, hasMore } =
      ctx.query.after === undefined && ctx.query.from === 'latest' ? { rows: [], next: start, hasMore: false } : await changePageWaiting(ctx, start, types, ctx.query.kind ?? null, limit, (ctx.query.wait ?? 0) * 1000);
    const data = rows.map(changeOf);
    if (ctx.query.include === 'record') {
      for (const [i, r] of rows.entries()) data[i]!.record = (r.kind === 'delete' ? null : await embed.record(ctx, DETAIL_OPERATION[r.type], recordIdOf(r))) as Change['record'];
    }
    return ok('listChanges', { data, page: { limit, next_after: encodePosition(next, ctx.list.secret), has_more: hasMore }, currency: currencyOf(ctx.money) });
  },
};
