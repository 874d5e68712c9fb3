/** `GET` and `POST /data/entities/match`: which of our entities a partner's record is (src/match/score.ts). */
import type { components } from '../generated/api.js';
import { ok, type HandlerMap, type RequestScope } from '../src/http/context.js';
import { matchQueries, type MatchAnswer, type MatchQuery, type Scored } from '../src/match/score.js';
import { entitySummaries } from '../src/services/entities.js';
import { currencyOf } from '../src/services/page.js';

type S = components['schemas'];

const QUERY_FIELDS = ['domain', 'website', 'name', 'country', 'city', 'linkedin', 'twitter', 'crunchbase', 'type'] as const;

/** The answers with each candidate's summary row (through the response's tier locks like any row). */
async function answer(ctx: Pick<RequestScope, 'deps' | 'money'>, answers: MatchAnswer[]): Promise<S['MatchResult'][]> {
  const rows = await entitySummaries(ctx, [...new Set(answers.flatMap((a) => a.candidates.map((c) => c.id)))]);
  const candidate = (c: Scored): S['MatchCandidate'] => ({ score: c.score, matched_on: c.matched_on, entity: rows.get(c.id)! as S['EntitySummary'] });
  return answers.map((a) => {
    const candidates = a.candidates.filter((c) => rows.has(c.id)).map(candidate);
    return { normalized: a.normalized, match: a.match && rows.has(a.match.id) ? candidate(a.match) : null, candidates };
  });
}

export const matchHandlers: HandlerMap = {
  matchEntity: async (ctx) => {
    const q: MatchQuery = {};
    for (const f of QUERY_FIELDS) if (ctx.query[f] !== undefined) (q as Record<string, unknown>)[f] = ctx.query[f];
    const answers = await matchQueries(ctx.deps.db, [q], ctx.query.limit ?? 5, () => 'query');
    return ok('matchEntity', { data: (await answer(ctx, answers))[0]!, currency: currencyOf(ctx.money) });
  },
  matchEntities: async (ctx) => {
    const answers = await matchQueries(ctx.deps.db, ctx.body.queries, ctx.body.limit ?? 5, (i) => `body.queries.${i}`);
    return ok('matchEntities', { data: await answer(ctx, answers), currency: currencyOf(ctx.money) });
  },
};
