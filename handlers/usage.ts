/** Platform usage: requests and credits per day and operation, and the balance, of the caller's team. */
import { now } from '../src/config.js';
import { getBalanceRow, usageBetween } from '../src/db/credits.js';
import { ApiError } from '../src/errors.js';
import { ok, type HandlerMap } from '../src/http/context.js';

const DAY_MS = 86_400_000;

export const usageHandlers: HandlerMap = {
  getUsage: async (ctx) => {
    const teamId = ctx.principal?.teamId;
    if (teamId === null || teamId === undefined) throw new ApiError('FORBIDDEN', 'Usage is reported to API keys of the team');
    const today = now(ctx.deps.cfg);
    const to = ctx.query.to ?? today.toISOString().slice(0, 10);
    const from = ctx.query.from ?? new Date(today.getTime() - 30 * DAY_MS).toISOString().slice(0, 10);
    if (from > to) {
      const message = 'from must not be after to';
      throw new ApiError('VALIDATION_ERROR', message, [{ path: 'query.from', message }]);
    }
    // this process's lease goes back first, with the usage of its calls, so balance and usage count
    // them exactly; other processes' leases by their last record (within 100 ms)
    await ctx.deps.leases.release(teamId);
    const [data, balance] = await Promise.all([usageBetween(ctx.deps.db, teamId, from, to), getBalanceRow(ctx.deps.db, teamId)]);
    return ok('getUsage', { from, to, balance: { remaining: balance?.balance ?? 0, granted: balance?.granted ?? 0 }, data });
  },
};
