/** Jobs: active openings, one or a page, from their record documents (src/documents/read.ts) or, without them, from the rows. */
import { listActiveJobs } from '../src/db/directory.js';
import { findActiveJob, JOB_SORTS } from '../src/db/jobs.js';
import { detailFromDocument, documentJoin, listFromDocuments, pageRows } from '../src/documents/read.js';
import { notFound } from '../src/errors.js';
import { numericId, type HandlerMap } from '../src/http/context.js';
import { prepareList } from '../src/query/list.js';
import { SCOPES } from '../src/query/registry.js';
import { jobOpening } from '../src/serialize/jobs.js';
import { currencyOf, pageEnvelope } from '../src/services/page.js';

export const jobHandlers: HandlerMap = {
  getJob: async (ctx) => {
    const id = numericId(ctx.params.id);
    return detailFromDocument(ctx, 'getJob', 'job', id, async () => {
      const job = id === null ? null : await findActiveJob(ctx.deps.db, id);
      if (!job) throw notFound(`Job opening ${ctx.params.id} not found`);
      return jobOpening(ctx.deps.cfg.appUrl, job);
    });
  },

  listJobs: async (ctx) => {
    const list = prepareList(ctx.list, { scope: SCOPES.job!, sorts: JOB_SORTS, alias: 'j' });
    const { rows, page } = await listActiveJobs(ctx.deps.db, list.where, list.page, documentJoin(ctx, 'job'));
    return listFromDocuments(ctx, 'listJobs', 'job', pageRows(rows), { page: pageEnvelope(page, list), currency: currencyOf(ctx.money) }, () => rows.map((j) => jobOpening(ctx.deps.cfg.appUrl, j)));
  },
};
