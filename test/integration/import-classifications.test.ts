/**
 * The classification flags an import refreshes (src/db/classifications.ts): those of the entities
 * whose figures or records it changed and of the founders of the organisations among them, each
 * definition evaluated for those entities only, not over every entity. A round's new amount that
 * lifts an organisation's funding past the super-founder line flags its founder, and the flag goes
 * when the amount falls back; a flag of an entity the import did not touch is not looked at.
 */
import { expect, it } from 'vitest';
import { verifyDerived } from '../../src/import/derived.js';
import { runImport, type ImportOptions, type ImportReport, type Input } from '../../src/import/engine.js';
import { forEachDatabase } from '../helpers/harness.js';

const input = (name: string, text: string): Input => ({ name, size: Buffer.byteLength(text), open: () => [Buffer.from(text)] as unknown as AsyncIterable<Buffer> });
const CSV: ImportOptions = { format: 'crunchbase-csv', mode: 'all-or-nothing', dryRun: false, source: 'flags' };

const ORG = 'a1b2c3d4-0000-4000-8000-00000000f001';
const PERSON = 'a1b2c3d4-0000-4000-8000-00000000f002';
const ROUND = 'a1b2c3d4-0000-4000-8000-00000000f003';
const COFOUNDER = 'a1b2c3d4-0000-4000-8000-00000000f004';
const organizations = [
  'uuid,name,type,permalink,cb_url,rank,created_at,updated_at,legal_name,roles,domain,homepage_url,country_code,state_code,region,city,address,postal_code,status,short_description,category_list,category_groups_list,num_funding_rounds,total_funding_usd,total_funding,total_funding_currency_code,founded_on,last_funding_on,closed_on,employee_count,email,phone,facebook_url,linkedin_url,twitter_url,logo_url,alias1,alias2,alias3,primary_role,num_exits',
  `${ORG},Flagged Robotics,organization,flagged-robotics,,1,,,,company,,,USA,CA,California,San Francisco,,,operating,,Software,Software,,,,,2012-01-01,,,,,,,,,,,,,company,`,
].join('\n');
const people = [
  'uuid,name,type,permalink,cb_url,rank,created_at,updated_at,first_name,last_name,gender,country_code,state_code,region,city,featured_job_organization_uuid,featured_job_organization_name,featured_job_title,facebook_url,linkedin_url,twitter_url,logo_url',
  `${PERSON},Flo Founder,person,flo-founder,,2,,,Flo,Founder,female,USA,CA,California,San Francisco,${ORG},Flagged Robotics,Founder,,,,`,
  `${COFOUNDER},Cy Cofounder,person,cy-cofounder,,4,,,Cy,Cofounder,male,USA,CA,California,San Francisco,${ORG},Flagged Robotics,Co-Founder,,,,`,
].join('\n');
const rounds = (amount: number) =>
  [
    'uuid,name,type,permalink,cb_url,rank,created_at,updated_at,country_code,state_code,region,city,investment_type,announced_on,raised_amount_usd,raised_amount,raised_amount_currency_code,post_money_valuation_usd,post_money_valuation,post_money_valuation_currency_code,investor_count,org_uuid,org_name,lead_investor_uuids',
    `${ROUND},Series A - Flagged Robotics,funding_round,series-a--flagged,,3,,,USA,CA,California,San Francisco,series_a,2017-02-02,${amount},${amount},USD,,,,0,${ORG},Flagged Robotics,`,
  ].join('\n');

/** See import.test.ts: a turn of the event loop after an in-process import on SQLite. */
async function imported(...args: Parameters<typeof runImport>): Promise<ImportReport> {
  const r = await runImport(...args);
  await new Promise((resolve) => setTimeout(resolve, 50));
  return r;
}

forEachDatabase('import classifications', (h) => {
  /** The classification flags of the person the import keyed `key`. */
  const flagsOf = async (key: string) =>
    (
      (await h()
        .db('entity_flags as f')
        .join('import_keys as k', 'k.record_id', 'f.entity_id')
        .where({ 'k.source': 'flags', 'k.type': 'person', 'k.key': key, 'f.kind': 'classification' })
        .select('f.value')) as { value: string }[]
    )
      .map((r) => r.value)
      .sort();
  const touched = async () => ((await h().db('import_keys').where({ source: 'flags' }).select('record_id')) as { record_id: number }[]).map((r) => Number(r.record_id));

  it('flags the founder of an organisation whose funding a round moves past the line, and unflags them when it falls back', async () => {
    const first = await imported(h().db, [input('organizations.csv', organizations), input('people.csv', people), input('funding_rounds.csv', rounds(1_500_000))], CSV);
    expect(first.committed).toBe(true);
    expect(await flagsOf(PERSON)).toEqual([]);

    const up = await imported(h().db, [input('funding_rounds.csv', rounds(150_000_000))], CSV);
    expect(up.files[0]!.types.rounds).toMatchObject({ updated: 1 });
    expect(await flagsOf(PERSON)).toEqual(['super_founder']);
    expect(await flagsOf(COFOUNDER)).toEqual(['super_founder']);
    expect(up.derived!.classifications).toBe(2);
    expect(await verifyDerived(h().db)).toMatchObject({ figures: [], classifications: [] });

    // both founders' flags go at once: one delete and one stamp of the entities, not one each
    const sql: string[] = [];
    const listen = (q: { sql: string }) => sql.push(q.sql);
    h().db.on('query', listen);
    const down = await imported(h().db, [input('funding_rounds.csv', rounds(1_500_000))], CSV).finally(() => h().db.removeListener('query', listen));
    expect(down.files[0]!.types.rounds).toMatchObject({ updated: 1 });
    expect(down.derived!.classifications).toBe(2);
    expect(await flagsOf(PERSON)).toEqual([]);
    expect(await flagsOf(COFOUNDER)).toEqual([]);
    expect(sql.filter((q) => /^delete from ["`]entity_flags["`]/.test(q))).toHaveLength(1);
    expect(sql.filter((q) => /^update ["`]entities["`] set ["`]updated_at["`] = (\?|\$1) where ["`]id["`] in/.test(q))).toHaveLength(1);
    expect(await verifyDerived(h().db)).toEqual({ figures: [], classifications: [], search_terms: [], facts: [], rollup: [], documents: [] });
  });

  it('compares the flags of the entities it touched only: a flag of another entity is not looked at', async () => {
    const db = h().db;
    // an entity no import here touches, given a flag its figures do not give it
    const other = (await db('entities').whereNotIn('id', await touched()).whereNotExists(db('entity_flags').whereRaw('entity_flags.entity_id = entities.id').where({ kind: 'classification', value: 'repeat_founder' })).orderBy('id').first('id')) as { id: number };
    await db('entity_flags').insert({ entity_id: other.id, kind: 'classification', value: 'repeat_founder' });
    try {
      const r = await imported(db, [input('funding_rounds.csv', rounds(160_000_000))], CSV);
      expect(r.files[0]!.types.rounds).toMatchObject({ updated: 1 });
      expect(await flagsOf(PERSON)).toEqual(['super_founder']);
      expect(await db('entity_flags').where({ entity_id: other.id, kind: 'classification', value: 'repeat_founder' }).first()).toBeDefined();
      expect((await verifyDerived(db)).classifications).toEqual([{ entity_id: other.id, value: 'repeat_founder', stored: true, expected: false }]);
    } finally {
      await db('entity_flags').where({ entity_id: other.id, kind: 'classification', value: 'repeat_founder' }).delete();
    }
    expect(await verifyDerived(db)).toEqual({ figures: [], classifications: [], search_terms: [], facts: [], rollup: [], documents: [] });
  });
});
