/** Rows of the nested lists (financials, headcount, web traffic, patents, team, alumni) -> API shapes. */
import type { components } from '../../generated/api.js';
import type { CareerRow } from '../db/entities.js';
import type { WithRef } from '../db/records.js';
import type { Money } from '../money/fx.js';
import { careerFields, entityRef } from './entities.js';

type S = components['schemas'];
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export function financial(r: WithRef, m: Money): S['FinancialYear'] {
  return {
    year: Number(r.year),
    revenue: m.out(num(r.revenue_usd)),
    ebitda: m.out(num(r.ebitda_usd)),
    profit: m.out(num(r.profit_usd)),
    rnd: m.out(num(r.rnd_usd)),
    valuation: m.out(num(r.valuation_usd)),
    employees: num(r.employees),
  };
}

export const headcount = (r: WithRef): S['HeadcountRow'] => ({ department: r.department as string, count: Number(r.count), percentage: Number(r.percentage) });

export const traffic = (r: WithRef): S['WebTrafficPoint'] => ({ month: r.month as string, visits: num(r.visits) });

export const patent = (r: WithRef): S['Patent'] => ({
  id: Number(r.id),
  number: r.number as string,
  title: r.title as string,
  filed_date: (r.filed_date as string | null) ?? null,
  granted_date: (r.granted_date as string | null) ?? null,
});

export function teamItem(appUrl: string, r: WithRef, classifications: Map<number, string[]>): S['FounderItem'] {
  const ref = r.ref!;
  return {
    ...careerFields(r as unknown as CareerRow),
    person: { ...entityRef(appUrl, ref), type: 'person', subtype: null, classifications: classifications.get(ref.id) ?? [] },
  };
}

export function alumnus(appUrl: string, r: WithRef, degrees: Map<number, string>, majors: Map<number, string>): S['AlumnusItem'] {
  const degree = num(r.degree_id);
  return {
    degree: degree === null ? null : { id: degree, name: degrees.get(degree) ?? String(degree) },
    majors: (JSON.parse(r.major_ids as string) as number[]).map((id) => ({ id, name: majors.get(id) ?? String(id) })),
    start_date: (r.start_date as string | null) ?? null,
    end_date: (r.end_date as string | null) ?? null,
    person: entityRef(appUrl, r.ref!),
  };
}
