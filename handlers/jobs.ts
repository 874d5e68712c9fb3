/** Jobs: one active opening. */
import { findActiveJob } from '../src/db/jobs.js';
import { notFound } from '../src/errors.js';
import { ok, type HandlerMap } from '../src/http/context.js';
import { jobOpening } from '../src/serialize/jobs.js';

export const jobHandlers: HandlerMap = {
  getJob: async (ctx) => {
    const job = await findActiveJob(ctx.deps.db, Number(ctx.params.id));
    if (!job) throw notFound(`Job opening ${ctx.params.id} not found`);
    return ok('getJob', { data: jobOpening(ctx.deps.cfg.appUrl, job), currency: ctx.money.currency as never });
  },
};
