/**
 * The matching evaluation set: queries made from records we hold, with the noise partners' records
 * carry (`www.` and paths on websites, legal forms on names, one typo, case, a missing country, profile
 * URLs in other forms), each with the entity it must find. Deterministic for a seed.
 */
import { Rng } from '../../seeds/random.js';
import type { MatchQuery } from '../../src/match/score.js';
import { MAX_FUZZY, MIN_FUZZY, nameKey, placeKey, socialHandle } from '../../src/match/normalize.js';

export interface Source {
  id: number;
  name: string;
  domain: string | null;
  link_linkedin: string | null;
  link_twitter: string | null;
  link_crunchbase: string | null;
  country_code: string | null;
  country_name: string | null;
  city_name: string | null;
}

export interface EvalQuery {
  mode: string;
  query: MatchQuery;
  expect: number;
  /** Another record agrees with every input the query gives (the same name, domain, handles, place): no matcher can tell which is meant. */
  ambiguous?: boolean;
}

const LEGAL = [' Inc.', ', Inc', ' GmbH', ' Ltd', ' SAS', ' S.A.', ' LLC', ' B.V.', ' Pty Ltd', ' AG', ' Limited', ' Corp.'];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** One typo inside the name (swap, drop, change or add a letter), keeping it fuzzy-matchable; null when the name is too short or too long. */
export function typo(rng: Rng, name: string): string | null {
  const key = nameKey(name);
  if (key.length < MIN_FUZZY + 1 || key.length > MAX_FUZZY) return null;
  const letters = [...name].map((c, i) => (/[a-z]/i.test(c) ? i : -1)).filter((i) => i > 0);
  if (letters.length < 3) return null;
  for (let attempt = 0; attempt < 10; attempt++) {
    const i = rng.pick(letters);
    const chars = [...name];
    const op = rng.int(0, 3);
    if (op === 0 && i + 1 < chars.length && /[a-z]/i.test(chars[i + 1]!)) [chars[i], chars[i + 1]] = [chars[i + 1]!, chars[i]!];
    else if (op === 1) chars.splice(i, 1);
    else if (op === 2) chars[i] = rng.pick([...LETTERS]);
    else chars.splice(i, 0, rng.pick([...LETTERS]));
    const out = chars.join('');
    if (nameKey(out) !== key && nameKey(out).length >= MIN_FUZZY) return out;
  }
  return null;
}

const noisyDomain = (rng: Rng, d: string): Pick<MatchQuery, 'domain' | 'website'> =>
  rng.pick([
    { domain: `www.${d}` },
    { domain: d.toUpperCase() },
    { website: `https://${d}/about` },
    { website: `http://www.${d}/en/contact?ref=partner` },
    { website: `https://app.${d}/login` },
  ]);

const withPlace = (rng: Rng, s: Source, q: MatchQuery, pCountry: number, pCity: number): MatchQuery => {
  if (s.country_name && rng.chance(pCountry)) q.country = s.country_code && rng.chance(0.5) ? s.country_code : s.country_name;
  if (s.city_name && rng.chance(pCity)) q.city = rng.chance(0.5) ? s.city_name.toUpperCase() : s.city_name;
  return q;
};

const handle = (url: string) => url.replace(/\/+$/, '').split('/').pop()!;

/** One noisy query of a record: the modes it can have, one picked by weight. */
export function queryOf(rng: Rng, s: Source): EvalQuery {
  const modes: [string, number, () => MatchQuery | null][] = [
    ['domain-url', 2, () => (s.domain ? noisyDomain(rng, s.domain) : null)],
    ['name+legal-form', 2, () => withPlace(rng, s, { name: s.name + rng.pick(LEGAL) }, 0.5, 0.3)],
    ['name-typo', 2.5, () => { const t = typo(rng, s.name); return t ? withPlace(rng, s, { name: t }, 0.5, 0.5) : null; }],
    ['name-case+website', 1, () => (s.domain ? { name: rng.chance(0.5) ? s.name.toUpperCase() : s.name.toLowerCase(), ...noisyDomain(rng, s.domain) } : null)],
    ['linkedin-url', 0.5, () => (s.link_linkedin ? { linkedin: `${s.link_linkedin.replace('https://www.', rng.pick(['https://', 'http://www.', '']))}/about/` } : null)],
    ['twitter-handle', 0.5, () => (s.link_twitter ? { twitter: rng.chance(0.5) ? `@${handle(s.link_twitter)}` : s.link_twitter.replace('x.com', 'twitter.com') } : null)],
    ['crunchbase', 1, () => (s.link_crunchbase ? { crunchbase: rng.chance(0.5) ? handle(s.link_crunchbase) : s.link_crunchbase.replace('/organization/', '/company/') } : null)],
    ['name-typo+crunchbase', 0.5, () => { const t = typo(rng, s.name); return t && s.link_crunchbase ? { name: t, crunchbase: handle(s.link_crunchbase) } : null; }],
    ['name-typo+domain', 1, () => { const t = typo(rng, s.name); return t && s.domain ? { name: t, ...noisyDomain(rng, s.domain) } : null; }],
  ];
  for (;;) {
    const [mode, , make] = rng.weighted(modes.map((m) => [m, m[1]] as const));
    const query = make();
    if (query) return { mode, query, expect: s.id };
  }
}

/** What of a record a query gives: its name key, domain, handles and place, each when the query has it. */
function signature(s: Source, q: MatchQuery): string {
  const h = (k: 'linkedin' | 'twitter' | 'crunchbase', url: string | null) => (url ? socialHandle(k, url) : null);
  return JSON.stringify([
    q.name !== undefined ? nameKey(s.name) : null,
    q.domain !== undefined || q.website !== undefined ? s.domain : null,
    q.linkedin !== undefined ? h('linkedin', s.link_linkedin) : null,
    q.twitter !== undefined ? h('twitter', s.link_twitter) : null,
    q.crunchbase !== undefined ? h('crunchbase', s.link_crunchbase) : null,
    q.country !== undefined && s.country_name ? placeKey(s.country_name) : null,
    q.city !== undefined && s.city_name ? placeKey(s.city_name) : null,
  ]);
}

/** `n` queries of distinct records picked at random, each marked `ambiguous` when another of `sources` gives the same answers to it. */
export function buildSet(seed: number, sources: Source[], n: number): EvalQuery[] {
  const rng = new Rng(seed, 'match-eval');
  const pool = [...sources];
  const out: EvalQuery[] = [];
  while (out.length < n && pool.length) {
    const s = pool.splice(rng.int(0, pool.length - 1), 1)[0]!;
    out.push(queryOf(rng, s));
  }
  const byId = new Map(sources.map((s) => [s.id, s]));
  const shapes = new Map<string, Map<string, number>>();
  for (const q of out) {
    const shape = JSON.stringify(Object.keys(q.query).sort());
    if (!shapes.has(shape)) {
      const counts = new Map<string, number>();
      for (const s of sources) counts.set(signature(s, q.query), (counts.get(signature(s, q.query)) ?? 0) + 1);
      shapes.set(shape, counts);
    }
    q.ambiguous = (shapes.get(shape)!.get(signature(byId.get(q.expect)!, q.query)) ?? 0) > 1;
  }
  return out;
}
