/**
 * What "reads the same" means for a record exported from one instance and imported into another
 * (docs/import.md, "An export of this API"): its detail on both, apart from `updated_at` and what no
 * list export carries. Shared by test/integration/import-roundtrip.test.ts and bench/import.ts.
 */

/** Every exportable list in the order it is imported (entities before the records that name them), the detail path of its records, their key and the export's query. */
export const EXPORT_LISTS: { list: string; detail: string; key: 'uuid' | 'id'; query?: string }[] = [
  { list: 'companies', detail: 'companies', key: 'uuid' },
  { list: 'investors', detail: 'investors', key: 'uuid' },
  { list: 'universities', detail: 'universities', key: 'uuid' },
  { list: 'gov-ngo', detail: 'gov-ngo', key: 'uuid' },
  { list: 'people', detail: 'people', key: 'uuid', query: '&view=full' },
  { list: 'founders', detail: 'people', key: 'uuid', query: '&view=full' },
  { list: 'entities', detail: 'entities', key: 'uuid' },
  { list: 'transactions', detail: 'transactions', key: 'id', query: '&include_deleted=true' },
  { list: 'jobs', detail: 'jobs', key: 'id' },
  { list: 'funds', detail: 'funds', key: 'id' },
  { list: 'valuations', detail: 'valuations', key: 'id' },
  { list: 'news', detail: 'news', key: 'id' },
];

/**
 * Fields of a detail that no list export carries (they come from the company's financials, web
 * traffic and patents, an investor's rank, and career or education past a person's glance of five):
 * a round trip through exports cannot carry them (docs/import.md).
 */
const DETAIL_ONLY = ['revenue', 'traffic', 'patents', 'available', 'investor.rank', 'career', 'education'];

/**
 * A person whose career or education the export's glance cut short (more than five items) loses the
 * rest: the figures, glances and flags counted from those rows (the person's `founded_companies` and
 * `classifications`, the `founders` and `alumni` of the organizations named) can differ for them alone
 * (docs/import.md).
 */
const FROM_CAREER = ['founded_companies', 'founders', 'alumni', 'classifications'];

/**
 * Glance items whose sort keys tie are chosen and listed in the order of internal ids no export
 * carries (career and education rows, entities): of founders, alumni and an investor's portfolio the
 * totals and the items' sort keys are compared.
 */
const TIED = ['founders', 'alumni'];

/** A glance's items as the sort keys they were chosen and ordered by (which items tie is not exported). */
const asSet = (items: unknown[]) => items.map((i) => { const x = i as Record<string, unknown>; return String(x.start_date ?? x.last_round_date ?? null); });

/** `v` without `updated_at` anywhere, and without the DETAIL_ONLY fields of the record itself. */
function comparable(v: unknown, depth = 0): unknown {
  if (Array.isArray(v)) return v.map((x) => comparable(x, depth + 1));
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    if (k === 'updated_at') continue;
    if (depth === 0 && DETAIL_ONLY.includes(k)) continue;
    if (depth === 0 && TIED.includes(k) && x && typeof x === 'object') {
      const g = x as { items: unknown[] };
      out[k] = comparable({ ...g, items: asSet(g.items) }, depth + 1);
      continue;
    }
    if (k === 'investor' && depth === 0 && x && typeof x === 'object') {
      const inv = x as { portfolio?: { companies: { items: unknown[] } } };
      const portfolio = inv.portfolio && { ...inv.portfolio, companies: { ...inv.portfolio.companies, items: asSet(inv.portfolio.companies.items) } };
      out[k] = comparable({ ...inv, rank: undefined, portfolio }, depth + 1);
      continue;
    }
    out[k] = comparable(x, depth + 1);
  }
  return out;
}

/** The people of a `people` export (view=full) whose career or education the glance cut short. */
export function cutShortPeople(peopleNdjson: string): Set<string> {
  const cut = new Set<string>();
  for (const line of peopleNdjson.trimEnd().split('\n').slice(0, -1)) {
    const p = JSON.parse(line);
    if (p.career.total > p.career.items.length || p.education.total > p.education.items.length) cut.add(p.uuid);
  }
  return cut;
}

/**
 * Two details of one record (the `data` of the detail answers of the source and the target) as
 * they are compared: what the round trip cannot carry taken out of both.
 */
export function comparableDetails(list: string, a: Record<string, any>, b: Record<string, any>, cut: Set<string>): [unknown, unknown] {
  const named = [...(a.founders?.items ?? []), ...(a.alumni?.items ?? [])] as { person: { uuid: string } }[];
  const cutShort = cut.has(a.uuid) || named.some((f) => cut.has(f.person.uuid));
  if (cutShort) for (const k of FROM_CAREER) for (const d of [a, b]) delete d[k];
  // a news article's entities are listed in internal-id order
  for (const d of [a, b]) if (list === 'news') d.entities.sort((x: { uuid: string }, y: { uuid: string }) => x.uuid.localeCompare(y.uuid));
  return [comparable(a), comparable(b)];
}
