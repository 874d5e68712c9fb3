/** `semantic_keyword` lists (companies, investors, entities): the ranked page of entity ids with their scores. */
import { KEYWORD_SORTS, keywordPage, keywordTerms } from '../db/keywordIndex.js';
import { ApiError } from '../errors.js';
import type { RequestScope } from '../http/context.js';
import { prepareList } from '../query/list.js';
import { SCOPES } from '../query/registry.js';
import { pageEnvelope } from './page.js';

/** The indexed words of `semantic_keyword`; 400 when it holds none (only stop words, punctuation or control characters). */
export function keywordWords(raw: string): string[] {
  // eslint-disable-next-line no-control-regex
  const terms = /[\u0000-\u001f\u007f]/.test(raw) ? [] : keywordTerms(raw);
  if (!terms.length) {
    const message = 'semantic_keyword must contain a word of two or more letters or digits (not only common words such as "the") and no control characters';
    throw new ApiError('VALIDATION_ERROR', message, [{ path: 'query.semantic_keyword', message }]);
  }
  return terms;
}

/**
 * A ranked page of the list for `semantic_keyword` (filter scope `entity`, alias `e`): rows `{id,
 * score}` best first, within the first 1,000; the cursor is bound to the words as indexed.
 */
export async function keywordList(ctx: Pick<RequestScope, 'deps' | 'list'>, raw: string, subtype: string | null) {
  const terms = keywordWords(raw);
  const list = prepareList(ctx.list, { scope: SCOPES.entity!, sorts: KEYWORD_SORTS, alias: 'e', bind: `semantic_keyword:${terms.join(' ')}` });
  const { rows, page } = await keywordPage(ctx.deps.db, { terms, subtype }, list.where, list.page);
  return { rows: rows.map((r) => ({ id: Number(r.id), score: Math.round(Number(r.score) * 10000) / 10000 })), page: pageEnvelope(page, list) };
}

/** A row with its `score` when the list was ranked by `semantic_keyword` (rows of other lists have none). */
export const withScore = <T extends object>(row: T, ranked: object): T => ('score' in ranked && typeof ranked.score === 'number' ? { ...row, score: ranked.score } : row);
