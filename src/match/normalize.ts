/**
 * How matching compares what a partner holds with our records: websites and domains by their
 * registrable domain (the public-suffix list of `tldts`, private suffixes included, so
 * `acme.github.io` stays itself), company names without legal forms, punctuation, case or
 * diacritics, and social profiles by their handle. Pure functions, shared by the match index
 * (src/db/matchKeys.ts) and the queries that read it.
 */
import { getDomain } from 'tldts';

/** Lower case, diacritics and punctuation gone, `&` read as `and`, words single-spaced. */
export function foldText(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/&/g, ' and ')
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Legal forms (and their dotted spellings once folded: `s.a.s.` -> `s a s`), removed from the end of
 * a name only, and only while a word is left before them: `Limited Brands Ltd` keeps `limited brands`.
 */
const LEGAL_FORMS = [
  'inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'llc', 'l l c', 'llp', 'lp', 'ltd', 'limited', 'plc', 'pllc',
  'gmbh', 'gmbh and co kg', 'and co kg', 'kg', 'ag', 'se', 'ug', 'ug haftungsbeschrankt', 'ohg', 'e v', 'ev',
  'sa', 's a', 'sas', 's a s', 'sarl', 's a r l', 'sasu', 'sl', 's l', 'slu', 'sau', 'srl', 's r l', 'spa', 's p a',
  'bv', 'b v', 'nv', 'n v', 'vof', 'ab', 'aps', 'as', 'a s', 'asa', 'oy', 'oyj', 'sp z o o', 'spolka z o o', 'kft', 'zrt', 'sro', 's r o',
  'pty', 'pty ltd', 'pvt', 'pvt ltd', 'private limited', 'pte', 'pte ltd', 'kk', 'k k', 'kabushiki kaisha', 'ltda', 'sa de cv', 's a de c v',
  'holding', 'holdings', 'group', 'the',
].map((f) => f.split(' '));

/** The words of a name without trailing legal forms, and without a leading `the`. */
export function nameWords(name: string): string[] {
  const words = foldText(name).split(' ').filter(Boolean);
  if (words.length > 1 && words[0] === 'the') words.shift();
  for (let changed = true; changed; ) {
    changed = false;
    for (const form of LEGAL_FORMS) {
      if (words.length > form.length && form.every((w, i) => words[words.length - form.length + i] === w)) {
        words.length -= form.length;
        changed = true;
        break;
      }
    }
  }
  return words;
}

/** A name as one comparable key: its words without legal forms, run together (`Zyn-ga, Inc.` -> `zynga`). */
export function nameKey(name: string): string {
  return nameWords(name).join('').slice(0, MAX_KEY);
}

/** The name run together with its legal forms kept: a typo inside a legal form (`Holdngs`) still finds it. */
export function fullNameKey(name: string): string {
  return foldText(name).replace(/ /g, '').slice(0, MAX_KEY);
}

/** The keys a name is known by: without and with its legal forms (one when they are the same). */
export function nameKeys(name: string): string[] {
  const k = nameKey(name);
  const full = fullNameKey(name);
  return k === full || !k ? [k] : [k, full];
}

export const MAX_KEY = 200;
/** Names of this many characters (as keys) or fewer carry their one-deletion variants; longer ones match exactly or by domain and handles. */
export const MAX_FUZZY = 30;
/** Shorter keys have too many one-letter neighbours to tell apart. */
export const MIN_FUZZY = 4;

/** Every string one deletion away from `key` (the symmetric-deletion neighbourhood of edit distance 1). */
export function deletions(key: string): string[] {
  if (key.length < MIN_FUZZY || key.length > MAX_FUZZY) return [];
  const chars = [...key];
  const out = new Set<string>();
  for (let i = 0; i < chars.length; i++) out.add(chars.slice(0, i).join('') + chars.slice(i + 1).join(''));
  return [...out];
}

/** Name keys and every key one deletion from them: what a name probes in the match index to find names within one typo. */
export function nameProbes(names: readonly string[]): string[] {
  return [...new Set(names.flatMap((n) => [n, ...deletions(n)]))];
}

/** What `/data/search` matches forgivingly for a query: its name keys and their probes; null when it has no letters or digits. */
export function forgivingOf(q: string): { names: string[]; probes: string[] } | null {
  const names = nameKeys(q).filter(Boolean);
  return names.length ? { names, probes: nameProbes(names) } : null;
}

/** Optimal string alignment distance (edits, with adjacent transpositions), up to `max` + 1. */
export function editDistance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const x = [...a];
  const y = [...b];
  let prev2: number[] = [];
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur.push(v);
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[y.length]!;
}

/** The host of a URL or bare host name, lower-cased; null when there is none. */
function hostOf(input: string): string | null {
  const s = input.trim();
  if (!s) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(s) ? s : `http://${s}`);
    return url.hostname.toLowerCase().replace(/\.$/, '') || null;
  } catch {
    return null;
  }
}

/** The registrable domain of a URL or host (`https://www.stripe.com/about` -> `stripe.com`, `shop.stripe.co.uk` -> `stripe.co.uk`); null when it has none. */
export function registrableDomain(input: string): string | null {
  const host = hostOf(input);
  if (!host) return null;
  return getDomain(host, { allowPrivateDomains: true }) ?? null;
}

const SOCIAL_PATH: Record<'linkedin' | 'twitter' | 'crunchbase', { hosts: RegExp; path: RegExp }> = {
  // linkedin.com/company/<slug>, /school/<slug>, /showcase/<slug>, /in/<slug>
  linkedin: { hosts: /(^|\.)linkedin\.com$/, path: /^\/(?:company|school|showcase|in|pub)\/([^/?#]+)/i },
  twitter: { hosts: /(^|\.)(twitter|x)\.com$/, path: /^\/@?([A-Za-z0-9_]{1,30})(?:[/?#]|$)/ },
  // crunchbase.com/organization/<permalink>, /person/<permalink>, and the older /company/<permalink>
  crunchbase: { hosts: /(^|\.)crunchbase\.com$/, path: /^\/(?:organization|company|person|financial-organization)\/([^/?#]+)/i },
};

const HANDLE = /^@?([\p{L}\p{N}_.-]{1,100})$/u;

/**
 * The handle a social profile is known by: from its URL (`https://www.linkedin.com/company/stripe/about` ->
 * `stripe`, `x.com/@stripe` -> `stripe`), or the handle itself (`@stripe`, a Crunchbase permalink). Null
 * when the input is a URL of another site or names no profile.
 */
export function socialHandle(kind: keyof typeof SOCIAL_PATH, input: string): string | null {
  const s = input.trim();
  const bare = HANDLE.exec(s);
  if (bare && !s.includes('.')) return decodeSafe(bare[1]!).toLowerCase();
  const host = hostOf(s);
  if (!host || !SOCIAL_PATH[kind].hosts.test(host)) {
    // a permalink may hold dots (`1000museums-com` does not, but a handle like `acme.io` may)
    return bare && !/[/:]/.test(s) && kind !== 'twitter' && registrableDomain(s) === null ? bare[1]!.toLowerCase() : null;
  }
  const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(s) ? s : `https://${s}`);
  const m = SOCIAL_PATH[kind].path.exec(url.pathname);
  return m ? decodeSafe(m[1]!).toLowerCase().replace(/^@/, '') : null;
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** A city or country name as compared: folded (`São Paulo` = `sao paulo`). */
export const placeKey = (s: string): string => foldText(s);
