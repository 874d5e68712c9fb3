/**
 * `make eval`: the matching evaluation on SQLite over two corpora, each in a fresh database:
 * the seed (`EVAL_SCALE`, default tiny; or an already seeded file, `EVAL_DB`, labelled with
 * `EVAL_SCALE`) and the 2013 Crunchbase companies (loaded by
 * crunchbase-2013.ts, match index built by `refreshMatchIndex`, as an import would). Reports
 * precision of `match`, how often a match is given, recall of the top candidate, per corpus and
 * noise mode, and the time of 100-query batches; writes bench/results/match-eval-<scale>-<day>.json.
 * Then the `semantic_keyword` evaluation on each corpus (keyword-eval.ts): nDCG@10 of BM25 alone
 * and of the final ranking. Calls the services directly (no HTTP): the figures are the algorithms'.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import { createDb } from '../../src/db/knex.js';
import { loadMatchFacts, refreshMatchIndex } from '../../src/db/matchKeys.js';
import { migrate } from '../../src/db/migrate.js';
import { matchQueries, MATCH_MARGIN, MATCH_THRESHOLD } from '../../src/match/score.js';
import { seedDatabase, type ScaleName } from '../../seeds/index.js';
import { buildSet, type EvalQuery, type Source } from './match-set.js';
import { loadCompanies, readCompanies } from './crunchbase-2013.js';
import { keywordEvaluation } from './keyword-eval.js';

const SCALE = (process.env.EVAL_SCALE || 'tiny') as ScaleName;
const SEED = 42;
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

function sqliteDb(file: string): Knex {
  fs.rmSync(file, { force: true });
  return createDb({ dbClient: 'sqlite', sqliteFile: file, databaseUrl: `sqlite:${file}`, dbPoolMax: 4 });
}

interface Tally {
  /** Queries of records we hold (the absent ones are counted apart). */
  queries: number;
  top1: number;
  matches: number;
  correct: number;
  /** Queries another record answers alike (no matcher can tell them apart), and how many of the others have their record on top. */
  ambiguous: number;
  top1_distinguishable: number;
}

const ratio = (a: number, b: number) => (b ? Math.round((a / b) * 10000) / 10000 : null);
const summary = (t: Tally) => ({
  ...t,
  precision: ratio(t.correct, t.matches),
  match_rate: ratio(t.matches, t.queries),
  recall_top1: ratio(t.top1, t.queries),
  recall_top1_distinguishable: ratio(t.top1_distinguishable, t.queries - t.ambiguous),
});
const tally = (): Tally => ({ queries: 0, top1: 0, matches: 0, correct: 0, ambiguous: 0, top1_distinguishable: 0 });

/**
 * Queries of records we hold (`expect` their id) and of records we do not (`absent`: any match is
 * wrong). Precision counts both; recall of the top candidate, the held records.
 */
async function evaluate(db: Knex, set: EvalQuery[], absent: EvalQuery[] = []) {
  const all = tally();
  const negatives = { queries: absent.length, matches: 0 };
  const modes = new Map<string, Tally>();
  const misses: unknown[] = [];
  const batchMs: number[] = [];
  const asked = [...set, ...absent.map((q) => ({ ...q, expect: -1 }))];
  for (let i = 0; i < asked.length; i += 100) {
    const part = asked.slice(i, i + 100);
    const t0 = performance.now();
    const answers = await matchQueries(db, part.map((q) => q.query), 5, (j) => `body.queries.${j}`);
    batchMs.push(performance.now() - t0);
    answers.forEach((a, j) => {
      const q = part[j]!;
      if (q.expect === -1) {
        if (a.match) negatives.matches++, all.matches++, misses.push({ mode: `absent ${q.mode}`, query: q.query, match: a.match.id, score: a.match.score });
        return;
      }
      const m = modes.get(q.mode) ?? modes.set(q.mode, tally()).get(q.mode)!;
      for (const t of [all, m]) {
        t.queries++;
        if (a.candidates[0]?.id === q.expect) t.top1++;
        if (q.ambiguous) t.ambiguous++;
        else if (a.candidates[0]?.id === q.expect) t.top1_distinguishable++;
        if (a.match) t.matches++;
        if (a.match?.id === q.expect) t.correct++;
      }
      if (a.candidates[0]?.id !== q.expect || (a.match && a.match.id !== q.expect)) misses.push({ mode: q.mode, ambiguous: q.ambiguous, query: q.query, expect: q.expect, got: a.candidates.slice(0, 2).map((c) => ({ id: c.id, score: c.score, on: c.matched_on })), match: a.match?.id ?? null });
    });
  }
  return { ...summary(all), absent: negatives, by_mode: Object.fromEntries([...modes].map(([k, t]) => [k, summary(t)])), batch_ms: batchMs.map((x) => Math.round(x * 10) / 10), misses };
}

/** The seed corpus: seeded afresh, or a copy of an already seeded SQLite file (`EVAL_DB`; the keyword evaluation changes it). */
async function seedCorpus(dir: string) {
  const given = process.env.EVAL_DB;
  const file = path.join(dir, `seed-${SCALE}.sqlite`);
  if (given) fs.copyFileSync(given, file);
  const db = given ? createDb({ dbClient: 'sqlite', sqliteFile: file, databaseUrl: `sqlite:${file}`, dbPoolMax: 1 }) : sqliteDb(file);
  try {
    await migrate(db);
    if (!given) await seedDatabase(db, { scale: SCALE, seed: SEED, rollup: false });
    const ids = ((await db('entities').where('type', 'organization').select('id')) as { id: number }[]).map((r) => r.id);
    const facts = await loadMatchFacts(db, ids);
    const sources: Source[] = [...facts.values()];
    const set = buildSet(SEED, sources, 300);
    const matching = { corpus: `seed ${SCALE} (seed ${SEED}), ${ids.length} organizations`, ...(await evaluate(db, set)) };
    return { matching, keyword: { corpus: matching.corpus, ...(await keywordEvaluation(db)) } };
  } finally {
    await db.destroy();
  }
}

async function crunchbaseCorpus(dir: string) {
  const db = sqliteDb(path.join(dir, 'crunchbase-2013.sqlite'));
  try {
    await migrate(db);
    // every tenth company is held out: queries of those must find no match
    const companies = readCompanies();
    const loaded = await loadCompanies(db, companies.filter((_, i) => i % 10 !== 9));
    const heldOut: Source[] = companies
      .filter((_, i) => i % 10 === 9)
      .map((c, i) => ({ id: -1 - i, name: c.name, domain: null, link_linkedin: null, link_twitter: null, link_crunchbase: null, country_code: null, country_name: c.country, city_name: c.city }));
    const t0 = performance.now();
    await refreshMatchIndex(db, loaded.map((c) => c.id));
    const indexMs = performance.now() - t0;
    const facts = await loadMatchFacts(db, loaded.map((c) => c.id));
    const set = buildSet(SEED, [...facts.values()], 400);
    const absent = buildSet(SEED + 1, heldOut, 200);
    const corpus = `Crunchbase 2013 companies, ${loaded.length} (+${heldOut.length} held out)`;
    const matching = { corpus, index_seconds: Math.round(indexMs / 100) / 10, ...(await evaluate(db, set, absent)) };
    return { matching, keyword: { corpus: `${corpus}, name only (category withheld)`, ...(await keywordEvaluation(db)) } };
  } finally {
    await db.destroy();
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fdapi-eval-'));
  try {
    const day = new Date().toISOString().slice(0, 10);
    const both = [await seedCorpus(dir), await crunchbaseCorpus(dir)];
    const results = {
      matching: { threshold: MATCH_THRESHOLD, margin: MATCH_MARGIN, corpora: both.map((c) => c.matching) },
      semantic_keyword: { corpora: both.map((c) => c.keyword) },
    };
    console.log(`matching (match: score >= ${MATCH_THRESHOLD}, ${MATCH_MARGIN} above the next)`);
    const row = (label: string, t: ReturnType<typeof summary>) =>
      `${label.padEnd(52)} ${String(t.queries).padStart(7)} ${String(t.precision).padStart(9)} ${String(t.match_rate).padStart(10)} ${String(t.recall_top1).padStart(8)} ${String(t.ambiguous).padStart(9)} ${String(t.recall_top1_distinguishable).padStart(14)}`;
    console.log(`${'corpus'.padEnd(52)} ${'queries'.padStart(7)} ${'precision'.padStart(9)} ${'match rate'.padStart(10)} ${'recall@1'.padStart(8)} ${'ambiguous'.padStart(9)} ${'recall@1 (rest)'.padStart(14)}`);
    for (const c of results.matching.corpora) {
      console.log(`${row(c.corpus, c)}\n  absent records: ${c.absent.queries} queries, ${c.absent.matches} matched; 100-query batches ms: ${c.batch_ms.join(' ')}`);
      for (const [mode, t] of Object.entries(c.by_mode)) console.log(row(`  ${mode}`, t));
    }
    console.log(`\nsemantic_keyword, nDCG@10 over held-out companies (taxonomy withheld, queries: taxonomy names)`);
    console.log(`${'corpus'.padEnd(70)} ${'queries'.padStart(7)} ${'lexical'.padStart(8)} ${'final'.padStart(8)}  by semantic weight`);
    for (const k of results.semantic_keyword.corpora) {
      console.log(`${k.corpus.padEnd(70)} ${String(k.queries).padStart(7)} ${String(k.ndcg10_lexical).padStart(8)} ${String(k.ndcg10_final).padStart(8)}  ${JSON.stringify(k.ndcg10_by_semantic_weight)}`);
    }
    const out = path.join(ROOT, 'bench/results', `match-eval-${SCALE}-${day}.json`);
    fs.writeFileSync(out, JSON.stringify({ machine: `${os.cpus().length}-core, Node ${process.version}`, ...results }, null, 2) + '\n');
    console.log(`written ${path.relative(ROOT, out)}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
