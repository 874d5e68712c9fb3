/** Jobs: one active opening. */
import { findActiveJob } from '../src/db/jobs.js';
import { notFound } from '../src/errors.js';
import { numericId, ok, type HandlerMap } from '../src/http/context.js';
import { jobOpening } from '../src/serialize/jobs.js';

export const jobHandlers: HandlerMap = {
  getJob: async (ctx) => {
    const id = numericId(ctx.params.id);
    const job = id === null ? null : await findActiveJob(ctx.deps.db, id);
    if (!job) throw notFound(`Job opening ${ctx.params.id} not found`);
    return ok('getJob', { data: jobOpening(ctx.deps.cfg.appUrl, job), currency: ctx.money.currency as never });
  },
};
