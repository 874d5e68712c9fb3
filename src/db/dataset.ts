/**
 * What the database holds (`GET /reference/dataset`): records per type, the newest change and where
 * the records come from. Every figure is a count or a max over an indexed column (`updated_at` has an
 * index on every table, 016_updated_at), and the answer is kept DATASET_TTL_MS per database.
 *
 * Sources: an imported record's source is the `source` of its `import_keys` row (docs/import.md):
 * companies, and rounds and acquisitions still active, are counted per source; records no import
 * wrote are the generator's when the seed's marker is present. The seed's marker: its rounds cite
 * articles on `.example` hosts (RFC 2606 reserved names, which no real source can have).
 */
import type { Knex } from 'knex';

export const DATASET_TTL_MS = 60_000;
export const SYNTHETIC_SOURCE = 'synthetic demo';
const UNATTRIBUTED = 'unattributed';
const SEED_MARKER = 'https://%.example/%';

type RecordType = 'companies' | 'investors' | 'universities' | 'gov_ngo' | 'people' | 'transactions' | 'funds' | 'valuations' | 'jobs' | 'news';

export interface Dataset {
  synthetic: boolean;
  as_of: string | null;
  records: Record<RecordType, number>;
  sources: { name: string; records: number }[];
}

const num = (v: unknown) => Number(v ?? 0);

async function countsOf(db: Knex): Promise<Dataset['records']> {
  const bySubtype = (await db('entities').select('type', 'subtype').count({ n: '*' }).groupBy('type', 'subtype')) as { type: string; subtype: string | null; n: unknown }[];
  const of = (subtype: string) => num(bySubtype.find((r) => r.subtype === subtype)?.n);
  const count = async (q: Knex.QueryBuilder) => num(((await q.count({ n: '*' })) as { n: unknown }[])[0]?.n);
  return {
    companies: of('company'),
    investors: of('investor'),
    universities: of('university'),
    gov_ngo: of('gov_ngo'),
    people: bySubtype.filter((r) => r.type === 'person').reduce((a, r) => a + num(r.n), 0),
    transactions: await count(db('transactions').whereNull('deleted_at')),
    funds: await count(db('funds')),
    valuations: await count(db('valuations')),
    jobs: await count(db('jobs').where('is_active', true)),
    news: await count(db('news')),
  };
}

async function newestChange(db: Knex): Promise<string | null> {
  let newest: string | null = null;
  for (const table of ['entities', 'transactions', 'funds', 'valuations', 'jobs', 'news']) {
    const row = (await db(table).max({ at: 'updated_at' }).first()) as { at: string | null } | undefined;
    if (row?.at && (newest === null || row.at > newest)) newest = row.at;
  }
  return newest;
}

/** Imported records still served, per source: entities (companies) and active rounds. */
async function importedBySource(db: Knex): Promise<{ source: string; n: unknown }[]> {
  const entities = db('import_keys as k').join('entities as e', 'e.id', 'k.record_id').where('k.type', 'company').select('k.source').count({ n: '*' }).groupBy('k.source');
  const rounds = db('import_keys as k').join('transactions as t', 't.id', 'k.record_id').whereNot('k.type', 'company').whereNull('t.deleted_at').select('k.source').count({ n: '*' }).groupBy('k.source');
  return [...((await entities) as { source: string; n: unknown }[]), ...((await rounds) as { source: string; n: unknown }[])];
}

async function sourcesOf(db: Knex, synthetic: boolean, total: number): Promise<Dataset['sources']> {
  const counted = new Map<string, number>();
  let attributed = 0;
  for (const r of await importedBySource(db)) {
    counted.set(r.source, (counted.get(r.source) ?? 0) + num(r.n));
    attributed += num(r.n);
  }
  const rest = total - attributed;
  const generated = synthetic ? SYNTHETIC_SOURCE : UNATTRIBUTED;
  if (rest > 0) counted.set(generated, (counted.get(generated) ?? 0) + rest);
  return [...counted].map(([name, records]) => ({ name, records })).sort((a, b) => b.records - a.records || a.name.localeCompare(b.name));
}

export async function readDataset(db: Knex): Promise<Dataset> {
  const records = await countsOf(db);
  const synthetic = (await db('transactions').where('source_url', 'like', SEED_MARKER).first('id')) !== undefined;
  // the records a source can be named for: entities and rounds
  const total = records.companies + records.investors + records.universities + records.gov_ngo + records.people + records.transactions;
  return { synthetic, as_of: await newestChange(db), records, sources: await sourcesOf(db, synthetic, total) };
}

const cache = new WeakMap<Knex, { at: number; value: Promise<Dataset> }>();

/** The dataset figures, read at most once per DATASET_TTL_MS per database (a failed read is not kept). */
export function cachedDataset(db: Knex, now = Date.now()): Promise<Dataset> {
  const hit = cache.get(db);
  if (hit && now - hit.at < DATASET_TTL_MS) return hit.value;
  const value = readDataset(db);
  cache.set(db, { at: now, value });
  value.catch(() => cache.delete(db));
  return value;
}
