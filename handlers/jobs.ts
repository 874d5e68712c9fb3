/** Jobs: active openings, one or a page. */
import { listActiveJobs } from '../src/db/directory.js';
import { findActiveJob, JOB_SORTS } from '../src/db/jobs.js';
import { notFound } from '../src/errors.js';
import { numericId, ok, type HandlerMap } from '../src/http/context.js';
import { prepareList } from '../src/query/list.js';
import { SCOPES } from '../src/query/registry.js';
import { jobOpening } from '../src/serialize/jobs.js';
import { currencyOf, pageEnvelope } from '../src/services/page.js';

export const jobHandlers: HandlerMap = {
  getJob: async (ctx) => {
    const id = numericId(ctx.params.id);
    const job = id === null ? null : await findActiveJob(ctx.deps.db, id);
    if (!job) throw notFound(`Job opening ${ctx.params.id} not found`);
    return ok('getJob', { data: jobOpening(ctx.deps.cfg.appUrl, job), currency: currencyOf(ctx.money) });
  },

  listJobs: async (ctx) => {
    const list = prepareList(ctx.list, { scope: SCOPES.job!, sorts: JOB_SORTS, alias: 'j' });
    const { rows, page } = await listActiveJobs(ctx.deps.db, list.where, list.page);
    const data = rows.map((j) => jobOpening(ctx.deps.cfg.appUrl, j));
    return ok('listJobs', { data, page: pageEnvelope(page, list), currency: currencyOf(ctx.money) });
  },
};
