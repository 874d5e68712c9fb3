/**
 * Everything derived from the rows an import wrote, refreshed in its transaction with the same
 * definitions the seed's bulk build uses: entity figures and the investor rank (src/db/figures.ts),
 * classification flags (src/db/classifications.ts), search terms (src/db/search.ts), the analytics
 * fact table and rollup (src/db/rollup.ts), and the record documents that show a changed round or
 * entity (src/documents/build.ts). `verify` rebuilds each from the base rows and lists every
 * difference with what is stored.
 */
import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import { dialectOf } from '../db/dialect.js';
import { classificationDifferences, refreshClassifications, type FlagDifference } from '../db/classifications.js';
import { figureDifferences, refreshFigures } from '../db/figures.js';
import type { ImportStore } from '../db/imports.js';
import { computeRollup, factDifferences, refreshFacts, rollupDifferences } from '../db/rollup.js';
import { refreshSearchTerms, searchTermDifferences } from '../db/search.js';
import { replaceRollup } from '../db/rollup.js';
import { applyRollupShare, rollupBuilt, rollupShare } from '../db/rollupDelta.js';
import { documentDifferences, NO_DOCUMENTS, refreshDocuments, type DocumentDifference, type DocumentsRefreshed } from '../documents/build.js';

export interface Refreshed {
  figures: number;
  /** Entities whose derived classification flags changed. */
  classifications: number;
  search_terms: number;
  facts_rounds: number;
  rollup_rows: number;
  /** Whether the rollup's rows were changed by the touched companies' difference (else rebuilt whole). */
  rollup_by_difference?: boolean;
  /** Documents rebuilt: of rounds, of organizations, of people, of funds, valuations, jobs and news. */
  documents: DocumentsRefreshed;
  /** Seconds per step. */
  seconds: Record<string, number>;
}

/** Refreshes what the store's writes touched; nothing when it wrote nothing. */
export async function refreshDerived(trx: Knex, store: ImportStore): Promise<Refreshed> {
  const out: Refreshed = { figures: 0, classifications: 0, search_terms: 0, facts_rounds: 0, rollup_rows: 0, documents: { ...NO_DOCUMENTS }, seconds: {} };
  let t = performance.now();
  const lap = (step: string) => {
    const now = performance.now();
    out.seconds[step] = Math.round(now - t) / 1000;
    t = now;
  };
  // the companies the import created, written with their funding figures
  await store.writePending();
  const companies = [...store.touchedCompanies];
  const refigured: number[] = [];
  const profiles = [...store.touchedProfiles];
  if (companies.length || profiles.length || store.investorsChanged) {
    const changed = await refreshFigures(trx, companies, store.at, { extra: profiles, newInvestors: store.investorsChanged });
    store.logFigures(changed);
    out.figures = changed.size;
    refigured.push(...changed.keys());
    // the flags read the figures (a funding total, an investor's rank) and the records (a status, a
    // career): after the figures, for the entities whose figures or records moved and their founders;
    // the top share over every investor when their number may have moved
    const scope = [...new Set([...changed.keys(), ...store.changedEntities, ...store.created, ...profiles])];
    if (scope.length || store.investorsChanged) {
      const flagged = await refreshClassifications(trx, store.at, { entities: scope, investorsCounted: store.investorsChanged || store.created.size > 0 });
      store.logFigures(flagged);
      out.classifications = flagged.size;
      refigured.push(...flagged.keys());
    }
  }
  lap('figures');
  const documents = async () => {
    const started = performance.now();
    const shown = [...new Set([...store.changedEntities, ...companies, ...refigured])];
    const records = Object.fromEntries(Object.entries(store.touchedRecords).filter(([, ids]) => ids.size).map(([table, ids]) => [table, [...ids]]));
    if (store.touchedRounds.size || shown.length || Object.keys(records).length) out.documents = await refreshDocuments(trx, [...store.touchedRounds], shown, records);
    out.seconds.documents = Math.round(performance.now() - started) / 1000;
  };
  let rounds: number[] = [];
  const termsAndFacts = async () => {
    t = performance.now();
    const entities = [...store.changedEntities];
    if (entities.length) {
      await refreshSearchTerms(trx, entities);
      out.search_terms = entities.length;
    }
    lap('search_terms');
    rounds = [...new Set([...store.touchedRounds, ...(await store.roundsOf([...store.movedCompanies]))])].sort((a, b) => a - b);
    if (rounds.length) {
      await refreshFacts(trx, rounds);
      out.facts_rounds = rounds.length;
    }
    lap('facts');
  };
  const rollup = async () => {
    t = performance.now();
    if (rounds.length || store.movedCompanies.size) {
      // by difference when every company whose rounds changed had its share taken before the change
      let written: number | false = false;
      const companies = (await rollupBuilt(trx)) ? store.rollupCompanies(await store.companiesOf(rounds)) : null;
      if (companies) written = await applyRollupShare(trx, store.rollupBefore, await rollupShare(trx, companies));
      out.rollup_rows = written === false ? await replaceRollup(trx, await computeRollup(trx)) : written;
      out.rollup_by_difference = written !== false;
    }
    lap('rollup');
  };
  if (dialectOf(trx).oneWriter) {
    // the documents show the figures and the records, never the search terms or facts: on one
    // connection (SQLite) those are refreshed meanwhile, their statements run while this thread would
    // wait for the documents' worker; both have settled before this goes on or throws. Not the
    // rollup: its build held in memory at the documents' peak took the import past 500 MB.
    // (The steps' seconds overlap: `documents_and_tables` is the wall of both together.)
    const started = performance.now();
    const settled = await Promise.allSettled([documents(), termsAndFacts()]);
    out.seconds.documents_and_tables = Math.round(performance.now() - started) / 1000;
    for (const s of settled) if (s.status === 'rejected') throw s.reason;
    await rollup();
  } else {
    await termsAndFacts();
    await rollup();
    await documents();
  }
  await store.flushLog();
  return out;
}

export interface Differences {
  figures: { entity_id: number; column: string; stored: unknown; expected: unknown }[];
  classifications: FlagDifference[];
  search_terms: number[];
  facts: string[];
  rollup: string[];
  documents: DocumentDifference[];
}

/** Every derived structure rebuilt from the base rows and compared with the stored one. */
export async function verifyDerived(db: Knex): Promise<Differences> {
  return {
    figures: await figureDifferences(db, null),
    classifications: await classificationDifferences(db),
    search_terms: await searchTermDifferences(db),
    facts: await factDifferences(db),
    rollup: await rollupDifferences(db),
    documents: await documentDifferences(db),
  };
}
