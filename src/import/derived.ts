/**
 * Everything derived from the rows an import wrote, refreshed in its transaction with the same
 * definitions the seed's bulk build uses: entity figures (src/db/figures.ts), search terms
 * (src/db/search.ts), the analytics fact table and rollup (src/db/rollup.ts), and the record
 * documents that show a changed round or entity (src/documents/build.ts). `verify` rebuilds each
 * from the base rows and lists every difference with what is stored.
 */
import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import { figureDifferences, refreshFigures } from '../db/figures.js';
import type { ImportStore } from '../db/imports.js';
import { computeRollup, factDifferences, refreshFacts, rollupDifferences } from '../db/rollup.js';
import { refreshSearchTerms, searchTermDifferences } from '../db/search.js';
import { replaceRollup } from '../db/rollup.js';
import { documentDifferences, refreshDocuments, type DocumentDifference } from '../documents/build.js';

export interface Refreshed {
  figures: number;
  search_terms: number;
  facts_rounds: number;
  rollup_rows: number;
  /** Documents rebuilt: of rounds, of companies. */
  documents: { transactions: number; companies: number };
  /** Seconds per step. */
  seconds: Record<string, number>;
}

/** Refreshes what the store's writes touched; nothing when it wrote nothing. */
export async function refreshDerived(trx: Knex, store: ImportStore): Promise<Refreshed> {
  const out: Refreshed = { figures: 0, search_terms: 0, facts_rounds: 0, rollup_rows: 0, documents: { transactions: 0, companies: 0 }, seconds: {} };
  let t = performance.now();
  const lap = (step: string) => {
    const now = performance.now();
    out.seconds[step] = Math.round(now - t) / 1000;
    t = now;
  };
  const companies = [...store.touchedCompanies];
  const refigured: number[] = [];
  if (companies.length) {
    const changed = await refreshFigures(trx, companies, store.at);
    store.logFigures(changed);
    out.figures = changed.size;
    refigured.push(...changed.keys());
  }
  lap('figures');
  const entities = [...store.changedEntities];
  if (entities.length) {
    await refreshSearchTerms(trx, entities);
    out.search_terms = entities.length;
  }
  lap('search_terms');
  const rounds = [...new Set([...store.touchedRounds, ...(await store.roundsOf([...store.movedCompanies]))])].sort((a, b) => a - b);
  if (rounds.length) {
    await refreshFacts(trx, rounds);
    out.facts_rounds = rounds.length;
  }
  lap('facts');
  if (rounds.length || store.movedCompanies.size) out.rollup_rows = await replaceRollup(trx, await computeRollup(trx));
  lap('rollup');
  const shown = [...new Set([...store.changedEntities, ...companies, ...refigured])];
  if (store.touchedRounds.size || shown.length) out.documents = await refreshDocuments(trx, [...store.touchedRounds], shown);
  lap('documents');
  await store.flushLog();
  return out;
}

export interface Differences {
  figures: { entity_id: number; column: string; stored: unknown; expected: unknown }[];
  search_terms: number[];
  facts: string[];
  rollup: string[];
  documents: DocumentDifference[];
}

/** Every derived structure rebuilt from the base rows and compared with the stored one. */
export async function verifyDerived(db: Knex): Promise<Differences> {
  return {
    figures: await figureDifferences(db, null),
    search_terms: await searchTermDifferences(db),
    facts: await factDifferences(db),
    rollup: await rollupDifferences(db),
    documents: await documentDifferences(db),
  };
}
