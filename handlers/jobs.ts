/** Jobs: active openings, one or a page. */
import { listActiveJobs } from '../src/db/directory.js';
import { findActiveJob } from '../src/db/jobs.js';
import { notFound } from '../src/errors.js';
import { numericId, ok, type Ctx, type HandlerMap } from '../src/http/context.js';
import { prepareList } from '../src/query/list.js';
import { SCOPES } from '../src/query/registry.js';
import type { SortRegistry } from '../src/query/sort.js';
import { jobOpening } from '../src/serialize/jobs.js';

export const JOB_SORTS: SortRegistry = {
  keys: [
    { key: 'posted_at', sql: '{b}.posted_at' },
    { key: 'updated_at', sql: '{b}.updated_at' },
    { key: 'id', sql: '{b}.id' },
  ],
  default: '-posted_at',
  id: '{b}.id',
  retired: { date_posted: { replacement: 'posted_at', since: '2026-10-09', sql: '{b}.posted_at' } },
};

export const jobHandlers: HandlerMap = {
  getJob: async (ctx) => {
    const id = numericId(ctx.params.id);
    const job = id === null ? null : await findActiveJob(ctx.deps.db, id);
    if (!job) throw notFound(`Job opening ${ctx.params.id} not found`);
    return ok('getJob', { data: jobOpening(ctx.deps.cfg.appUrl, job), currency: ctx.money.currency as never });
  },

  listJobs: async (ctx) => {
    const list = prepareList(ctx as Ctx<never>, { scope: SCOPES.job!, sorts: JOB_SORTS, alias: 'j', core: true });
    const { rows, page } = await listActiveJobs(ctx.deps.db, list.where, list.page);
    const data = rows.map((j) => jobOpening(ctx.deps.cfg.appUrl, j));
    return ok('listJobs', { data, page: { ...page, ...list.extras }, currency: ctx.money.currency as never });
  },
};
