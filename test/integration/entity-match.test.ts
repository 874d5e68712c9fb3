/**
 * `/data/entities/match`: normalised domains, names and handles find the entity; `match` only when
 * confident; one credit per query; tier locks on the rows; the index follows changed entities.
 */
import { expect, it } from 'vitest';
import { refreshMatchIndex } from '../../src/db/matchKeys.js';
import { forEachDatabase } from '../helpers/harness.js';
import { browserHeaders, teamKey } from '../helpers/principals.js';

interface Row {
  id: number;
  uuid: string;
  name: string;
  domain: string;
  link_linkedin: string | null;
  link_twitter: string | null;
  link_crunchbase: string | null;
}

forEachDatabase('entity matching', (h) => {
  const companies = async (n: number) =>
    (await h()
      .db('entities')
      .where('subtype', 'company')
      .whereNotNull('domain')
      .whereNotNull('link_linkedin')
      .whereNotNull('link_twitter')
      .whereNotNull('link_crunchbase')
      .orderBy('id')
      .limit(n)
      .select('id', 'uuid', 'name', 'domain', 'link_linkedin', 'link_twitter', 'link_crunchbase')) as Row[];
  const q = (params: Record<string, string | undefined>) => `/data/entities/match?${new URLSearchParams(params as Record<string, string>)}`;

  it('finds a company by its domain in any URL form, and is sure of it', async () => {
    const [c] = await companies(1);
    for (const input of [{ domain: c!.domain }, { domain: `WWW.${c!.domain.toUpperCase()}` }, { website: `https://www.${c!.domain}/about?x=1` }, { website: `shop.${c!.domain}` }]) {
      const r = await h().get(q(input));
      expect(r.status, JSON.stringify(input)).toBe(200);
      expect(r.body.data.match?.entity.uuid, JSON.stringify(input)).toBe(c!.uuid);
      expect(r.body.data.match.score).toBeGreaterThanOrEqual(0.8);
      expect(r.body.data.match.matched_on).toEqual(expect.arrayContaining([Object.keys(input)[0]]));
      expect(r.body.data.normalized.domains).toEqual([c!.domain]);
    }
  });

  it('finds by name despite legal forms, case, punctuation and one typo', async () => {
    const [c] = await companies(1);
    const name = c!.name;
    const typo = name.length > 4 ? name.slice(0, 2) + name[3] + name[2] + name.slice(4) : name;
    for (const input of [`${name}, Inc.`, `${name.toUpperCase()} GmbH`, typo]) {
      const r = await h().get(q({ name: input }));
      expect(r.status).toBe(200);
      expect(r.body.data.candidates[0]?.entity.uuid, input).toBe(c!.uuid);
      expect(r.body.data.candidates[0].matched_on).toContain('name');
    }
    const scores = (await h().get(q({ name: typo }))).body.data.candidates.map((x: any) => x.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores.every((s: number) => s >= 0 && s <= 1)).toBe(true);
  });

  it('reads social profile URLs and handles', async () => {
    const [c] = await companies(1);
    const handle = c!.link_twitter!.split('/').pop()!;
    for (const input of [{ linkedin: `${c!.link_linkedin}/about/` }, { twitter: `@${handle}` }, { twitter: `https://twitter.com/${handle}` }, { crunchbase: c!.link_crunchbase! }, { crunchbase: c!.link_crunchbase!.split('/').pop()! }]) {
      const r = await h().get(q(input));
      expect(r.body.data.candidates[0]?.entity.uuid, JSON.stringify(input)).toBe(c!.uuid);
    }
  });

  it('withholds match when two candidates are as likely, and when inputs disagree', async () => {
    const [a, b] = await companies(2);
    // two entities with the same name and nothing else to tell them apart
    await h().db('entities').where('id', b!.id).update({ name: `${a!.name} Ltd` });
    await refreshMatchIndex(h().db, [b!.id]);
    const r = await h().get(q({ name: a!.name }));
    expect(r.body.data.candidates.map((x: any) => x.entity.uuid)).toEqual(expect.arrayContaining([a!.uuid, b!.uuid]));
    expect(r.body.data.match).toBeNull();
    // the domain settles it
    const d = await h().get(q({ name: a!.name, domain: b!.domain }));
    expect(d.body.data.match?.entity.uuid).toBe(b!.uuid);
    // another country lowers a name match below certainty
    const country = (await h().db('entities as e').join('places as p', 'p.id', 'e.hq_country_id').where('e.id', a!.id).first('p.code')) as { code: string };
    const other = (await h().db('places').where('kind', 'country').whereNot('code', country.code).first('code')) as { code: string };
    const own = await h().get(q({ name: `${a!.name}x`, country: country.code }));
    const away = await h().get(q({ name: `${a!.name}x`, country: other.code }));
    const score = (res: any) => res.body.data.candidates.find((x: any) => x.entity.uuid === a!.uuid)?.score ?? 0;
    expect(score(own)).toBeGreaterThan(score(away));
    await h().db('entities').where('id', b!.id).update({ name: b!.name });
    await refreshMatchIndex(h().db, [b!.id]);
  });

  it('filters by type and finds nothing for unknown names', async () => {
    const [c] = await companies(1);
    expect((await h().get(q({ domain: c!.domain, type: 'investor' }))).body.data.candidates).toEqual([]);
    const none = await h().get(q({ name: 'Qqzzxxyy Nonexistent' }));
    expect(none.body.data).toMatchObject({ match: null, candidates: [] });
  });

  it('rejects queries with nothing to match on or unreadable inputs', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'query'],
      [{ country: 'US' }, 'query'],
      [{ domain: 'localhost' }, 'query.domain'],
      [{ linkedin: 'https://example.com/x' }, 'query.linkedin'],
      [{ name: '!!!' }, 'query.name'],
      [{ type: 'fund', name: 'a' }, 'query.type'],
    ];
    for (const [input, path] of cases) {
      const r = await h().get(q(input));
      expect(r.status, JSON.stringify(input)).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_ERROR');
      expect(r.body.error.details[0].path, JSON.stringify(input)).toBe(path);
    }
    const tooMany = await h().call('POST', '/data/entities/match', { body: { queries: Array.from({ length: 101 }, () => ({ name: 'a' })) } });
    expect(tooMany.status).toBe(400);
    const bad = await h().call('POST', '/data/entities/match', { body: { queries: [{ name: 'Acme' }, { city: 'Berlin' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('body.queries.1');
  });

  it('answers a batch in order and charges one credit per query', async () => {
    const cs = await companies(3);
    const k = await teamKey(h(), ['read:entities'], 100);
    const queries = [{ domain: cs[0]!.domain }, { name: cs[1]!.name }, { website: `http://${cs[2]!.domain}/` }, { name: 'Qqzzxxyy' }];
    const r = await h().call('POST', '/data/entities/match', { headers: k.headers, body: { queries, limit: 2 } });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-credits-used')).toBe('4');
    expect(r.body.data.map((a: any) => a.candidates[0]?.entity.uuid ?? null)).toEqual([cs[0]!.uuid, cs[1]!.uuid, cs[2]!.uuid, null]);
    expect(r.body.data.every((a: any) => a.candidates.length <= 2)).toBe(true);
    const get = await h().get(q({ domain: cs[0]!.domain }), k.headers);
    expect(get.headers.get('x-credits-used')).toBe('1');
    const broke = await teamKey(h(), ['read:entities'], 3);
    const refused = await h().call('POST', '/data/entities/match', { headers: broke.headers, body: { queries } });
    expect(refused.status).toBe(402);
  });

  it('locks the fields of returned rows by tier', async () => {
    const c = (await h().db('entities').where('subtype', 'company').whereNotNull('domain').whereNotNull('employees_count').first('uuid', 'domain')) as { uuid: string; domain: string };
    const guest = await h().get(q({ domain: c.domain }), await browserHeaders(h(), 'guest'));
    expect(guest.status).toBe(200);
    const row = guest.body.data.candidates[0].entity;
    expect(row.employees_count).toBeNull();
    expect(row.locked.map((l: any) => l.field)).toContain('employees_count');
    expect(guest.body.data.match.entity.locked.map((l: any) => l.field)).toContain('employees_count');
    const key = await h().get(q({ domain: c.domain }));
    expect(key.body.data.candidates[0].entity.employees_count).not.toBeNull();
  });

  it('follows changed and deleted entities through refreshMatchIndex', async () => {
    const [c] = await companies(1);
    await h().db('entities').where('id', c!.id).update({ domain: 'renamed-example.co.uk', link_website: null });
    await refreshMatchIndex(h().db, [c!.id]);
    expect((await h().get(q({ domain: 'www.renamed-example.co.uk' }))).body.data.match?.entity.uuid).toBe(c!.uuid);
    expect((await h().get(q({ domain: c!.domain }))).body.data.candidates.map((x: any) => x.entity.uuid)).not.toContain(c!.uuid);
    await h().db('entities').where('id', c!.id).update({ domain: c!.domain });
    await refreshMatchIndex(h().db, [c!.id]);
    expect((await h().get(q({ domain: c!.domain }))).body.data.match?.entity.uuid).toBe(c!.uuid);
  });
});
