/**
 * Person records in the founder row shape (openapi.yaml `FounderRow`) from whole entity rows: blocks and glances
 * loaded for the page at once.
 */
import type { components } from '../../generated/api.js';
import { portfolioGlances, withBlocks, type EntityRow } from '../db/entities.js';
import { careerGlances, educationGlances } from '../db/people.js';
import type { RequestScope } from '../http/context.js';
import { bool } from '../serialize/entities.js';
import { founderFull, founderSummary } from '../serialize/people.js';

type S = components['schemas'];

const GLANCE = 5;
export const PORTFOLIO_GLANCE = 10;

export async function personRecords(r: Pick<RequestScope, 'deps' | 'money'>, rows: readonly EntityRow[], view: 'full' | 'summary'): Promise<(S['FounderFull'] | S['FounderSummary'])[]> {
  const { db, cfg } = r.deps;
  const ids = rows.map((e) => e.id);
  const investorIds = rows.filter((e) => bool(e.is_investor)).map((e) => e.id);
  const [entities, career, education, portfolio] = await Promise.all([
    withBlocks(db, rows),
    view === 'full' ? careerGlances(db, ids, GLANCE) : null,
    view === 'full' ? educationGlances(db, ids, GLANCE) : null,
    view === 'full' ? portfolioGlances(db, investorIds, PORTFOLIO_GLANCE) : null,
  ]);
  return rows.map((row) => {
    const e = entities.get(row.id)!;
    if (view === 'summary' || !career || !education || !portfolio) return founderSummary(cfg.appUrl, e, r.money);
    return founderFull(cfg.appUrl, e, r.money, { career: career.get(row.id)!, education: education.get(row.id)!, portfolio: portfolio.get(row.id) ?? null });
  });
}

/** The full record of one person. */
export async function personRecord(r: Pick<RequestScope, 'deps' | 'money'>, row: EntityRow): Promise<S['FounderFull']> {
  return (await personRecords(r, [row], 'full'))[0] as S['FounderFull'];
}
