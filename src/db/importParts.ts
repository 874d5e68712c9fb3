/**
 * The import engine's writes of people, investor profiles and investors' parts in rounds (today's
 * Crunchbase bulk export; docs/import.md), on the store's transaction and with its bookkeeping
 * (src/db/imports.ts): found by source key, compared with the stored rows and written only where they
 * differ, each change logged and what derives from it marked for the refresh.
 *
 * A person's featured job is a `career` row keyed `job` by the person's key. A part is identified by
 * its round and its investor (a `transaction_investors` row has no id of its own to key).
 */
import type { Knex } from 'knex';
import { RowError } from '../import/errors.js';
import { isFounderTitle } from '../import/mapping.js';
import type { InvestmentIn, InvestorIn, InvestorKeyType, PersonIn } from '../import/records.js';
import { CHUNK, same, uuidOf, type ImportStore, type Outcome } from './imports.js';

/** An investor's figures before its first part (what the seed writes too). */
const ZERO_INVESTOR = {
  investor_investments_count: 0, investor_total_invested_usd: 0, investor_exits_count: 0, investor_exits_total_value_usd: 0,
  investor_match_companies_count: 0, investor_match_invested_usd: 0,
};

const EXECUTIVE = /\b(ceo|cto|cfo|coo|cmo|cpo|chief|president|managing director)\b/i;

async function rowsById(trx: Knex, table: string, ids: readonly number[]): Promise<Map<number, Record<string, unknown>>> {
  const out = new Map<number, Record<string, unknown>>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    for (const r of (await trx(table).whereIn('id', ids.slice(i, i + CHUNK)).select('*')) as Record<string, unknown>[]) out.set(Number(r.id), r);
  }
  return out;
}

function careerColumns(personId: number, orgId: number, title: string | null): Record<string, unknown> {
  return {
    person_id: personId, org_id: orgId, raw_title: title, titles: JSON.stringify(title ? [title] : []), is_founder: isFounderTitle(title),
    is_executive: title !== null && EXECUTIVE.test(title), is_partner: title !== null && /\bpartner\b/i.test(title), is_past: false,
  };
}

/** Creates or updates people (distinct keys) and their featured jobs; a job at an organisation with no record rejects the row. */
export async function upsertPeople(store: ImportStore, recs: readonly PersonIn[]): Promise<(Outcome | RowError)[]> {
  if (recs.length === 0) return [];
  // people and their careers name organisations: every organisation written first
  await store.writePending();
  const trx = store.trx;
  const ids = await store.idsOf('person', recs.map((r) => r.key));
  const orgs = await store.idsOf('company', recs.flatMap((r) => (r.job ? [r.job.org] : [])));
  const jobs = await store.idsOf('job', recs.map((r) => r.key));
  const stored = await rowsById(trx, 'entities', [...ids.values()]);
  const careers = await rowsById(trx, 'career', [...jobs.values()]);
  const out: (Outcome | RowError)[] = [];
  for (const rec of recs) {
    const orgId = rec.job ? orgs.get(rec.job.org) : undefined;
    if (rec.job && orgId === undefined) {
      out.push(new RowError('featured_job_organization_uuid', rec.job.org, "a person's organization that is in no file of this import and not in the database"));
      continue;
    }
    let place: Awaited<ReturnType<ImportStore['placeIds']>>;
    try {
      place = await store.placeIds(rec.place);
    } catch (err) {
      if (!(err instanceof RowError)) throw err;
      out.push(err);
      continue;
    }
    const founder = rec.job !== null && isFounderTitle(rec.job.title);
    const cols: Record<string, unknown> = {
      name: rec.name.slice(0, 300), name_lower: rec.name.slice(0, 300).toLowerCase(), gender: rec.gender, link_crunchbase: rec.link_crunchbase,
      is_founder: founder, ...place,
    };
    let id = ids.get(rec.key);
    let outcome: Outcome = 'unchanged';
    if (id === undefined) {
      const [row] = (await trx('entities').insert({
        ...cols, uuid: uuidOf(store.source, 'person', rec.key), type: 'person', subtype: null, added_at: store.at, updated_at: store.at, is_investor: false,
        funding_rounds_count: 0, jobs_open_count: 0, patents_count: 0, ...(founder ? { founded_companies_count: 0, founded_companies_total_funding_usd: 0 } : {}),
      }).returning('id')) as ({ id: number } | number)[];
      id = Number(typeof row === 'object' ? row.id : row);
      await trx('import_keys').insert({ source: store.source, type: 'person', key: rec.key, record_id: id });
      if (place.hq_city_id !== null) await trx('entity_locations').insert({ entity_id: id, role: 'home', city_id: place.hq_city_id, position: 0 });
      store.log('entity', id, 'insert', null);
      outcome = 'inserted';
    } else {
      const row = stored.get(id)!;
      const fields = Object.keys(cols).filter((k) => !same(row[k], cols[k]));
      if (fields.some((f) => f.startsWith('hq_'))) await store.beforeInvestorChanges([id]);
      if (fields.length) {
        const patch = Object.fromEntries(fields.map((k) => [k, cols[k]]));
        // a new founder's figures start at zero (the founders figure has no row for a founder of nothing yet)
        if (founder && row.founded_companies_count === null) patch.founded_companies_count = 0;
        await trx('entities').where('id', id).update({ ...patch, updated_at: store.at });
        if (fields.includes('hq_city_id')) {
          await trx('entity_locations').where({ entity_id: id, role: 'home' }).delete();
          if (place.hq_city_id !== null) await trx('entity_locations').insert({ entity_id: id, role: 'home', city_id: place.hq_city_id, position: 0 });
        }
        store.log('entity', id, 'update', fields.filter((f) => f !== 'name_lower'));
        outcome = 'updated';
      }
    }
    await store.setRole(id, 'founder', founder);
    // the featured job: one career row, replaced when the organisation or the title changes
    const jobId = jobs.get(rec.key);
    const was = jobId === undefined ? undefined : careers.get(jobId);
    const want = rec.job ? careerColumns(id, orgId!, rec.job.title) : null;
    const jobChanged = want === null ? was !== undefined : was === undefined || Object.keys(want).some((k) => !same(was[k], want[k]));
    if (jobChanged) {
      if (was !== undefined) {
        await trx('career').where('id', jobId!).delete();
        await trx('import_keys').where({ source: store.source, type: 'job', key: rec.key }).delete();
      }
      if (want !== null) {
        const [row] = (await trx('career').insert(want).returning('id')) as ({ id: number } | number)[];
        await trx('import_keys').insert({ source: store.source, type: 'job', key: rec.key, record_id: Number(typeof row === 'object' ? row.id : row) });
      }
      if (outcome === 'unchanged') {
        await trx('entities').where('id', id).update({ updated_at: store.at });
        store.log('entity', id, 'update', ['career']);
        outcome = 'updated';
      }
    }
    if (outcome !== 'unchanged') {
      store.changedEntities.add(id);
      store.touchedProfiles.add(id);
    }
    out.push(outcome);
  }
  return out;
}

/** The record ids of investor keys: organisations or people as the key type says, else organisations first. */
async function investorIds(store: ImportStore, keys: readonly { key: string; entity: InvestorKeyType | null }[]): Promise<Map<string, number>> {
  const orgs = await store.idsOf('company', keys.filter((k) => k.entity !== 'person').map((k) => k.key));
  const people = await store.idsOf('person', keys.filter((k) => k.entity !== 'company').map((k) => k.key));
  const out = new Map<string, number>();
  for (const k of keys) {
    const id = k.entity === 'person' ? people.get(k.key) : (orgs.get(k.key) ?? (k.entity === null ? people.get(k.key) : undefined));
    if (id !== undefined) out.set(`${k.entity ?? ''}|${k.key}`, id);
  }
  return out;
}

/** Makes an entity an investor (flag, role, zero figures); whether it was not one before. */
async function markInvestor(store: ImportStore, id: number): Promise<boolean> {
  const trx = store.trx;
  const row = (await trx('entities').where('id', id).first('is_investor', 'investor_investments_count')) as { is_investor: unknown; investor_investments_count: unknown };
  await store.setRole(id, 'investor', true);
  if (Boolean(Number(row.is_investor)) || row.is_investor === true) return false;
  await trx('entities').where('id', id).update({ is_investor: true, ...(row.investor_investments_count === null ? ZERO_INVESTOR : {}), updated_at: store.at });
  store.log('entity', id, 'update', ['is_investor']);
  store.investorsChanged = true;
  store.changedEntities.add(id);
  store.touchedProfiles.add(id);
  return true;
}

/**
 * Lays investor profiles over their organisations or people (created from the row when no record of
 * them exists): the investor flag and role, and the investor types the row lists.
 */
export async function upsertInvestors(store: ImportStore, recs: readonly InvestorIn[]): Promise<(Outcome | RowError)[]> {
  if (recs.length === 0) return [];
  const trx = store.trx;
  // organisations and people with no record yet are created from the row
  const orgs = recs.filter((r) => r.entity === 'company');
  const created = new Set<string>();
  const ensured = await store.upsertCompanies(
    orgs.map((r) => ({ type: 'company', key: r.key, name: r.name, status: null, launch: null, sectors: [], place: r.place, link_crunchbase: r.link_crunchbase, domain: r.domain, subtype: 'investor' })),
    true,
  );
  orgs.forEach((r, i) => ensured[i] === 'inserted' && created.add(`company|${r.key}`));
  await store.writePending();
  const people = recs.filter((r) => r.entity === 'person');
  const known = await store.idsOf('person', people.map((r) => r.key));
  const newPeople = people.filter((r) => !known.has(r.key));
  const made = await upsertPeople(store, newPeople.map((r) => ({ type: 'person', key: r.key, name: r.name, gender: null, place: r.place, link_crunchbase: r.link_crunchbase, job: null })));
  newPeople.forEach((r, i) => made[i] === 'inserted' && created.add(`person|${r.key}`));
  const ids = await investorIds(store, recs);
  const typeIds = new Map(((await trx('investor_types').select('id', 'code')) as { id: number; code: string }[]).map((t) => [t.code, Number(t.id)]));
  const out: (Outcome | RowError)[] = [];
  for (const rec of recs) {
    const failed = rec.entity === 'company' ? ensured[orgs.indexOf(rec)] : made[newPeople.indexOf(rec)];
    if (failed instanceof RowError) {
      out.push(failed);
      continue;
    }
    const id = ids.get(`${rec.entity}|${rec.key}`)!;
    let changed = await markInvestor(store, id);
    const want = rec.investorTypes.map((c) => typeIds.get(c)!).sort((a, b) => a - b);
    const have = ((await trx('entity_investor_types').where('entity_id', id).orderBy('investor_type_id').select('investor_type_id')) as { investor_type_id: number }[]).map((r) => Number(r.investor_type_id));
    if (want.join(',') !== have.join(',')) {
      await store.beforeInvestorChanges([id]);
      await trx('entity_investor_types').where('entity_id', id).delete();
      if (want.length) await trx('entity_investor_types').insert(want.map((t) => ({ entity_id: id, investor_type_id: t })));
      await trx('entities').where('id', id).update({ updated_at: store.at });
      store.log('entity', id, 'update', ['investor_types']);
      changed = true;
    }
    out.push(created.has(`${rec.entity}|${rec.key}`) ? 'inserted' : changed ? 'updated' : 'unchanged');
  }
  return out;
}

/**
 * Creates or updates investors' parts in rounds. A part of a known pair takes the lead flag given
 * (`lead` null: a lead named by its round, left as it is); a new part is added last in its round. The
 * round reads differently: it is stamped and logged, and its company's and investor's figures marked.
 */
export async function upsertInvestments(store: ImportStore, recs: readonly InvestmentIn[], columns: { round: string; investor: string }): Promise<(Outcome | RowError)[]> {
  if (recs.length === 0) return [];
  await store.writePending();
  const trx = store.trx;
  const rounds = await store.idsOf('round', recs.map((r) => r.round));
  const investors = await investorIds(store, recs.map((r) => ({ key: r.investor, entity: r.entity })));
  const roundIds = [...new Set(rounds.values())];
  const parts = new Map<string, { is_lead: unknown }>();
  const last = new Map<number, number>();
  const companyOf = new Map<number, number>();
  for (let i = 0; i < roundIds.length; i += CHUNK) {
    const part = roundIds.slice(i, i + CHUNK);
    for (const p of (await trx('transaction_investors').whereIn('transaction_id', part).select('transaction_id', 'investor_id', 'is_lead', 'position')) as Record<string, unknown>[]) {
      parts.set(`${p.transaction_id}|${p.investor_id}`, { is_lead: p.is_lead });
      last.set(Number(p.transaction_id), Math.max(last.get(Number(p.transaction_id)) ?? -1, Number(p.position)));
    }
    for (const t of (await trx('transactions').whereIn('id', part).select('id', 'company_id')) as { id: number; company_id: number }[]) companyOf.set(Number(t.id), Number(t.company_id));
  }
  // the rounds whose parts change read other investor labels: their companies' rollup shares first
  await store.beforeChanging(
    recs.flatMap((rec) => {
      const roundId = rounds.get(rec.round);
      const investorId = investors.get(`${rec.entity ?? ''}|${rec.investor}`);
      if (roundId === undefined || investorId === undefined) return [];
      const had = parts.get(`${roundId}|${investorId}`);
      return had !== undefined && (rec.lead === null || same(had.is_lead, rec.lead)) ? [] : [companyOf.get(roundId)!];
    }),
  );
  const out: (Outcome | RowError)[] = [];
  const changedRounds = new Set<number>();
  for (const rec of recs) {
    const roundId = rounds.get(rec.round);
    const investorId = investors.get(`${rec.entity ?? ''}|${rec.investor}`);
    if (roundId === undefined) {
      out.push(new RowError(columns.round, rec.round, 'a round that is in no file of this import and not in the database'));
      continue;
    }
    if (investorId === undefined) {
      out.push(new RowError(columns.investor, rec.investor, 'an investor that is in no file of this import and not in the database'));
      continue;
    }
    const pair = `${roundId}|${investorId}`;
    const had = parts.get(pair);
    if (had !== undefined && (rec.lead === null || same(had.is_lead, rec.lead))) {
      out.push('unchanged');
      continue;
    }
    await markInvestor(store, investorId);
    if (had === undefined) {
      const position = (last.get(roundId) ?? -1) + 1;
      last.set(roundId, position);
      await trx('transaction_investors').insert({ transaction_id: roundId, investor_id: investorId, is_lead: rec.lead ?? true, position });
      parts.set(pair, { is_lead: rec.lead ?? true });
      out.push('inserted');
    } else {
      await trx('transaction_investors').where({ transaction_id: roundId, investor_id: investorId }).update({ is_lead: rec.lead });
      parts.set(pair, { is_lead: rec.lead });
      out.push('updated');
    }
    changedRounds.add(roundId);
    store.touchedProfiles.add(investorId);
  }
  for (const id of changedRounds) {
    await trx('transactions').where('id', id).update({ updated_at: store.at });
    store.log('transaction', id, 'update', ['investors']);
    store.touchedRounds.add(id);
    store.touchedCompanies.add(companyOf.get(id)!);
  }
  return out;
}
