/**
 * The import engine (docs/import.md): files in a format -> records -> the database, in one
 * transaction with everything derived from them, so an import is all there or not at all (also when
 * the process is killed midway). Rows stream through in batches, each written with its change-log
 * rows; memory holds a batch, the derived keys' counters and the ids of the records written (for
 * withdrawal and the derived refresh), not the files: rows that must wait for the file's end (a
 * person's career naming an entity later in the file) wait in the database (src/import/exported.ts).
 *
 * Modes: `all-or-nothing` (one rejected row and nothing is written; every file is still read, so
 * the report lists all rejections) and `skip-invalid` (valid rows written, the rest reported).
 * `dryRun` does all the work and rolls it back.
 */
import type { Knex } from 'knex';
import { ExportStore } from '../db/exportedImports.js';
import { analyzeImported, ImportStore, type Outcome } from '../db/imports.js';
import { upsertInvestments, upsertInvestors, upsertPeople } from '../db/importParts.js';
import { dialectOf } from '../db/dialect.js';
import { DOCUMENTED_RECORDS } from '../db/documents.js';
import { markImporting } from '../db/knex.js';
import { compileLockPlans } from '../documents/plans.js';
import { startDocumentsWorker } from '../documents/pool.js';
import { readCsv, readLines } from './csv.js';
import { KNOWN_HEADERS, layoutOf } from './crunchbase.js';
import type { Layout } from './layout.js';
import { refreshDerived, type Refreshed } from './derived.js';
import type { Mode } from './job.js';
import { ImportInterrupted, InputError, RowError, type Rejection } from './errors.js';
import { applyExportedBatch, applyHeld, EXPORTED_TYPES, parseExportedLine, type ExportedRow, type ExportedType } from './exported.js';
import { mapChangeRecord } from './ndjson.js';
import { REPORT_TYPE, type CompanyIn, type DeleteIn, type InvestmentIn, type InvestorIn, type PersonIn, type RoundIn, type RowIn } from './records.js';

export const FORMATS = ['crunchbase-csv', 'ndjson'] as const;
export type Format = (typeof FORMATS)[number];

/** A file to import: its name (for the report and errors), its size if known, and its bytes. */
export interface Input {
  name: string;
  size: number | null;
  open(): AsyncIterable<Buffer | string>;
}

export interface Counts {
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  deleted: number;
  rejected: number;
}

export interface FileReport {
  file: string;
  format: Format;
  layout: string;
  types: Record<string, Counts>;
  /** Why records of this source missing from the file were not withdrawn (rejected rows). */
  withdrawal_skipped?: string;
}

export interface ImportReport {
  source: string;
  mode: Mode;
  dry_run: boolean;
  committed: boolean;
  files: FileReport[];
  rejections: Rejection[];
  rejected_total: number;
  derived: Refreshed | null;
  seconds: number;
}

export interface ImportOptions {
  format: Format;
  mode: Mode;
  dryRun: boolean;
  /** The source records are keyed in; by default `crunchbase` for crunchbase-csv, `ndjson` for ndjson, `export` for an export's rows. */
  source?: string;
  /** ndjson only: the files are our own export of this list (src/import/exported.ts), not change records. */
  type?: ExportedType;
  /**
   * The files are the source's complete list of their record types: rounds and acquisitions of the
   * source they no longer hold are withdrawn (soft-deleted). Off by default, so a partial file never
   * withdraws what it does not mention.
   */
  complete?: boolean;
  /** Called about once a second while rows are read. */
  onProgress?: (p: { rows: number; bytes: number; totalBytes: number | null; seconds: number }) => void;
  /** Aborting it stops the import at the next row (or before it commits) and rolls everything back. */
  signal?: AbortSignal;
}

export const MAX_REJECTIONS_LISTED = 100;
const BATCH = 1000;
/** Rows inserted from which the imported tables' planner statistics are refreshed after the commit. */
const ANALYZE_AFTER = 10_000;

const zero = (): Counts => ({ read: 0, inserted: 0, updated: 0, unchanged: 0, deleted: 0, rejected: 0 });

class Rollback extends Error {}

interface Planned {
  input: Input;
  layout: Layout | null;
}

/** The first record of a CSV file, read and the stream left. */
async function headerOf(input: Input): Promise<{ line: number; fields: string[] } | null> {
  for await (const r of readCsv(input.open(), input.name)) return r;
  return null;
}

async function plan(inputs: readonly Input[], format: Format, type: string | undefined): Promise<Planned[]> {
  if (!(FORMATS as readonly string[]).includes(format)) throw new InputError({ file: inputs[0]?.name ?? '-', line: null, column: null }, `unknown format ${JSON.stringify(format)} (known: ${FORMATS.join(', ')})`);
  if (type !== undefined && (format !== 'ndjson' || !Object.hasOwn(EXPORTED_TYPES, type))) {
    throw new InputError({ file: inputs[0]?.name ?? '-', line: null, column: null }, `--type is the list an ndjson export holds: one of ${Object.keys(EXPORTED_TYPES).join(', ')} (got ${JSON.stringify(type)} with format ${format})`);
  }
  const out: Planned[] = [];
  for (const input of inputs) {
    if (format === 'ndjson') {
      out.push({ input, layout: null });
      continue;
    }
    const header = await headerOf(input);
    if (!header) throw new InputError({ file: input.name, line: 1, column: null }, 'an empty file: a crunchbase-csv file starts with its header');
    const layout = layoutOf(header.fields);
    if (layout === null) {
      const got = header.fields.join(',').slice(0, 200);
      throw new InputError(
        { file: input.name, line: header.line, column: null },
        `not a recognised crunchbase-csv header (is this a CSV export?); got "${got}"; expected the columns of one of: ${KNOWN_HEADERS}`,
      );
    }
    if ('refused' in layout) throw new InputError({ file: input.name, line: header.line, column: null }, `not importable: ${layout.refused}`);
    out.push({ input, layout });
  }
  // companies before the files that name them
  return out.sort((a, b) => (a.layout?.order ?? 0) - (b.layout?.order ?? 0));
}

/** Reads, maps and writes files; the report. Throws `InputError` for input that cannot be read at all (nothing written). */
export async function runImport(db: Knex, inputs: readonly Input[], opts: ImportOptions): Promise<ImportReport> {
  const started = Date.now();
  const planned = await plan(inputs, opts.format, opts.type);
  const source = opts.source ?? (opts.format === 'crunchbase-csv' ? 'crunchbase' : opts.type ? 'export' : 'ndjson');
  const report: ImportReport = { source, mode: opts.mode, dry_run: opts.dryRun, committed: false, files: [], rejections: [], rejected_total: 0, derived: null, seconds: 0 };
  const totalBytes = inputs.every((i) => i.size !== null) ? inputs.reduce((a, i) => a + (i.size ?? 0), 0) : null;
  const progress = { rows: 0, bytes: 0, lastAt: started };
  const at = new Date().toISOString();
  const stopIfAborted = () => {
    if (opts.signal?.aborted) throw new ImportInterrupted(String(opts.signal.reason ?? 'aborted'));
  };
  // the record documents' lock plans are read (or compiled) and their worker started before the
  // transaction: on one writer not while every other writer (a server's metering) waits for the lock;
  // not for an export of a list whose records no document shows
  if (!opts.type || DOCUMENTED_RECORDS.has(EXPORTED_TYPES[opts.type])) {
    if (dialectOf(db).oneWriter) compileLockPlans();
    startDocumentsWorker();
  }
  // SQLite: the statistics' ANALYZE after the commit writes too, so the marker covers it as well
  await markImporting(db, async () => {
    try {
      await db.transaction(async (trx) => {
        const store = opts.type ? new ExportStore(trx, source, at) : new ImportStore(trx, source, at);
        await store.init();
        const rejectedIn = new Map<string, number>();
        for (const p of planned) {
          const file: FileReport = { file: p.input.name, format: opts.format, layout: p.layout?.name ?? (opts.type ? `export:${opts.type}` : 'change-records'), types: {} };
          report.files.push(file);
          const reject = (line: number, column: string | null, value: string | null, reason: string, type: string) => {
            report.rejected_total++;
            if (report.rejections.length < MAX_REJECTIONS_LISTED) report.rejections.push({ file: p.input.name, line, column, value, reason });
            (file.types[type] ??= zero()).rejected++;
            rejectedIn.set(p.layout?.name ?? 'ndjson', (rejectedIn.get(p.layout?.name ?? 'ndjson') ?? 0) + 1);
          };
          const mainType = p.layout ? (p.layout.report ?? p.layout.name) : (opts.type ?? 'records');
          let batch: (RowIn | ExportedRow)[] = [];
          const keys = new Set<string>();
          const settleExported = (row: { line: number }, o: Outcome | RowError, type: string) => {
            if (o instanceof RowError) {
              (file.types[type] ??= zero()).read++;
              reject(row.line, o.column, o.value, o.message, type);
            } else {
              const c = (file.types[type] ??= zero());
              c.read++;
              c[o]++;
            }
          };
          const flush = async () => {
            if (batch.length && opts.type) await applyExportedBatch(store as ExportStore, batch as ExportedRow[], opts.type, settleExported);
            else if (batch.length) await applyBatch(store, batch as RowIn[], file, p.layout, reject);
            // the batch's change-log rows go out with it, not held until the file ends
            await store.flushLog();
            batch = [];
            keys.clear();
          };
          const add = async (row: RowIn | ExportedRow) => {
            const k = 'record' in row ? `${row.record.type}|${row.record.key}` : row.key;
            if (keys.has(k) || batch.length >= BATCH) await flush();
            keys.add(k);
            batch.push(row);
          };
          const tick = (bytes: number) => {
            stopIfAborted();
            progress.rows++;
            progress.bytes = bytes;
            const now = Date.now();
            if (opts.onProgress && now - progress.lastAt >= 1000) {
              progress.lastAt = now;
              opts.onProgress({ rows: progress.rows, bytes: progress.bytes, totalBytes, seconds: (now - started) / 1000 });
            }
          };
          const counted = countBytes(p.input.open(), progress.bytes);
          if (p.layout) {
            const layout = p.layout;
            const seen = new Map<string, number>();
            let header: string[] | null = null;
            for await (const rec of readCsv(counted.stream, p.input.name)) {
              if (header === null) {
                header = rec.fields.map((h) => h.trim().toLowerCase());
                continue;
              }
              tick(counted.bytes());
              if (rec.fields.every((f) => f.trim() === '')) continue; // Excel's empty rows: not records
              if (rec.fields.length !== header.length) {
                reject(rec.line, null, null, `${rec.fields.length} fields where the header has ${header.length}`, mainType);
                (file.types[mainType] ??= zero()).read++;
                continue;
              }
              const row: Record<string, string> = {};
              header.forEach((h, i) => (row[h] = rec.fields[i]!));
              try {
                await add(layout.map(row, rec.line, seen));
              } catch (err) {
                if (!(err instanceof RowError)) throw err;
                (file.types[mainType] ??= zero()).read++;
                reject(rec.line, err.column, err.value, err.message, mainType);
              }
            }
          } else {
            for await (const { line, text } of readLines(counted.stream, p.input.name)) {
              if (!text.trim()) continue;
              tick(counted.bytes());
              try {
                if (opts.type) {
                  const row = parseExportedLine(opts.type, text, line);
                  if (row) await add(row);
                } else await add(mapChangeRecord(text, line));
              } catch (err) {
                if (!(err instanceof RowError)) throw err;
                (file.types[mainType] ??= zero()).read++;
                reject(line, err.column, err.value, err.message, mainType);
              }
            }
          }
          await flush();
          if (store instanceof ExportStore) await applyHeld(store, opts.type!, settleExported);
          if (store instanceof ExportStore) await store.advanceSequences();
          // a complete rounds or acquisitions file is the source's whole list of them: those it no longer holds are withdrawn
          const keyType = p.layout?.withdraws ?? null;
          if (keyType && opts.complete) {
            if (rejectedIn.get(p.layout!.name)) file.withdrawal_skipped = 'rows of the file were rejected: records missing from it are not withdrawn';
            else {
              for await (const ids of store.recordIds(keyType)) {
                const gone = ids.filter((id) => !store.seen[keyType].has(id));
                if (gone.length) (file.types[mainType] ??= zero()).deleted += await store.withdrawRounds(gone);
              }
            }
          }
          await store.flushLog();
        }
        const dataDone = Date.now();
        stopIfAborted();
        report.derived = await refreshDerived(trx, store);
        report.derived.seconds.rows = Math.round((dataDone - started) / 100) / 10;
        stopIfAborted();
        if (opts.dryRun || (opts.mode === 'all-or-nothing' && report.rejected_total > 0)) throw new Rollback();
      });
      report.committed = true;
    } catch (err) {
      if (!(err instanceof Rollback)) throw err;
    }
    // a large import (a first load above all) leaves the planner's statistics behind the tables
    const inserted = report.files.reduce((a, f) => a + Object.values(f.types).reduce((b, c) => b + c.inserted, 0), 0);
    if (report.committed && inserted >= ANALYZE_AFTER) await analyzeImported(db);
  });
  // in file order and line order (a round's company is looked up after the row's own checks)
  const order = new Map(report.files.map((f, i) => [f.file, i]));
  report.rejections.sort((a, b) => (order.get(a.file) ?? 0) - (order.get(b.file) ?? 0) || a.line - b.line);
  if (!report.committed && report.derived) report.derived = { ...report.derived, figures: 0, classifications: 0, search_terms: 0, facts_rounds: 0, rollup_rows: 0 };
  report.seconds = Math.round((Date.now() - started) / 100) / 10;
  return report;
}

/** A byte stream and how many of its bytes went by (added to those of the files before it). */
function countBytes(stream: AsyncIterable<Buffer | string>, before: number): { stream: AsyncIterable<Buffer | string>; bytes: () => number } {
  let n = before;
  return {
    bytes: () => n,
    stream: (async function* () {
      for await (const chunk of stream) {
        n += chunk.length;
        yield chunk;
      }
    })(),
  };
}

type Reject = (line: number, column: string | null, value: string | null, reason: string, type: string) => void;

/** Writes one batch (distinct keys): named companies first, then companies, rounds, and withdrawals. */
async function applyBatch(store: ImportStore, batch: readonly RowIn[], file: FileReport, layout: Layout | null, reject: Reject): Promise<void> {
  const count = (type: string, o: Outcome | null) => {
    if (o === null) return;
    const c = (file.types[type] ??= zero());
    c.read++;
    c[o]++;
  };
  const settle = (row: RowIn, o: Outcome | RowError | null, type: string) => {
    if (o instanceof RowError) {
      (file.types[type] ??= zero()).read++;
      reject(row.line, o.column, o.value, o.message, type);
    } else count(type, o);
  };
  // companies a row names, created when missing (counted once, where first created)
  const ensure = new Map<string, { row: RowIn; c: CompanyIn }>();
  for (const row of batch) for (const c of row.ensure ?? []) if (!ensure.has(c.key)) ensure.set(c.key, { row, c });
  const ensured = await store.upsertCompanies([...ensure.values()].map((e) => e.c), true);
  [...ensure.values()].forEach((e, i) => settle(e.row, ensured[i]!, 'companies'));

  const of = <T extends RowIn['record']['type']>(type: T) => batch.filter((r) => r.record.type === type && !('delete' in r.record));
  const companies = of('company');
  const outcomes = await store.upsertCompanies(companies.map((r) => r.record as CompanyIn));
  companies.forEach((r, i) => settle(r, outcomes[i]!, 'companies'));
  const people = of('person');
  const met = await upsertPeople(store, people.map((r) => r.record as PersonIn));
  people.forEach((r, i) => settle(r, met[i]!, 'people'));
  const investors = of('investor');
  const marked = await upsertInvestors(store, investors.map((r) => r.record as InvestorIn));
  investors.forEach((r, i) => settle(r, marked[i]!, 'investors'));

  const written = new Set<RowIn>();
  for (const type of ['round', 'acquisition'] as const) {
    const rounds = of(type);
    const column = file.layout === 'change-records' ? 'data.company' : (layout?.companyColumn ?? 'company_permalink');
    const res = await store.upsertRounds(rounds.map((r) => r.record as RoundIn), column);
    rounds.forEach((r, i) => {
      settle(r, res[i]!, REPORT_TYPE[type]);
      if (!(res[i] instanceof RowError)) written.add(r);
    });
  }
  // investors' parts: the rows of an investments file, and the leads a written round names
  const investments = of('investment');
  const taken = await upsertInvestments(store, investments.map((r) => r.record as InvestmentIn), { round: 'funding_round_uuid', investor: 'investor_uuid' });
  investments.forEach((r, i) => settle(r, taken[i]!, 'investments'));
  const leads = [...written].flatMap((row) => (row.parts ?? []).map((part) => ({ row, part })));
  const led = await upsertInvestments(store, leads.map((l) => l.part), { round: 'uuid', investor: 'lead_investor_uuids' });
  leads.forEach((l, i) => settle(l.row, led[i]!, 'investments'));
  // withdrawn rounds together (a withdrawn round still names its company: the order among deletes does not matter)
  const deletes = batch.filter((r) => 'delete' in r.record);
  for (const type of ['round', 'acquisition'] as const) {
    const rows = deletes.filter((r) => r.record.type === type);
    if (rows.length === 0) continue;
    const outcomes = await store.deleteRounds(type, rows.map((r) => (r.record as DeleteIn).key));
    rows.forEach((r, i) => settle(r, outcomes[i]!, REPORT_TYPE[type]));
  }
  for (const row of deletes) if (row.record.type === 'company') settle(row, await store.deleteCompany((row.record as DeleteIn).key, 'key'), REPORT_TYPE.company);
}
