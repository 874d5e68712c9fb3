/**
 * `import` and `verify` of the operator's command line (src/admin/cli.ts; docs/import.md):
 * files streamed through the import engine with progress on stderr and the report on stdout, and
 * every derived structure rebuilt from the base rows and compared with the stored one.
 */
import fs from 'node:fs';
import os from 'node:os';
import type { Knex } from 'knex';
import { runImport, FORMATS, type Format } from '../import/engine.js';
import { MODES, type Mode } from '../import/job.js';
import { verifyDerived } from '../import/derived.js';
import { EXPORTED_TYPES, type ExportedType } from '../import/exported.js';
import { ImportInterrupted, InputError } from '../import/errors.js';

export interface ImportArgs {
  files: string[];
  format?: string;
  type?: string;
  mode?: string;
  source?: string;
  dryRun: boolean;
  complete: boolean;
}

/** Bad input (exit 2) and refused work (exit 1), as the command line reports them. */
export class ImportUsageError extends Error {}

/**
 * An import is batch work, and a server on the same machine answers people: the command runs below
 * normal CPU priority (nice 10), so a request during an import gets a core first. Linux gives the
 * priority to the calling thread and to the threads it starts afterwards (the documents' worker).
 */
export function yieldToServing(): void {
  try {
    os.setPriority(os.constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // a system that refuses keeps the normal priority: slower answers during an import, never a failed one
  }
}

const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);

/** Runs an import; the exit code (0 written or dry run clean, 1 rows rejected and nothing written, 130/143 interrupted and rolled back). */
export async function importCommand(db: Knex, a: ImportArgs): Promise<number> {
  if (!a.format) throw new ImportUsageError(`--format is required (${FORMATS.join(', ')})`);
  if (!(FORMATS as readonly string[]).includes(a.format)) throw new ImportUsageError(`unknown format ${JSON.stringify(a.format)} (known: ${FORMATS.join(', ')})`);
  const mode = (a.mode ?? 'all-or-nothing') as Mode;
  if (!(MODES as readonly string[]).includes(mode)) throw new ImportUsageError(`--mode must be one of ${MODES.join(', ')}`);
  if (a.type !== undefined && a.format === 'crunchbase-csv') throw new ImportUsageError('--type is for ndjson (a crunchbase-csv layout is read from each header)');
  if (a.type !== undefined && a.type !== 'records' && !Object.hasOwn(EXPORTED_TYPES, a.type)) {
    throw new ImportUsageError(`--type must be records (change records, the default) or the list an export holds: ${Object.keys(EXPORTED_TYPES).join(', ')}`);
  }
  if (a.source !== undefined && !/^[a-z0-9][a-z0-9._-]{0,99}$/.test(a.source)) throw new ImportUsageError('--source must be lower-case letters, digits, ".", "_" or "-" (at most 100)');
  if (a.files.length === 0) throw new ImportUsageError('no FILE given');
  if (a.complete && a.format !== 'crunchbase-csv') throw new ImportUsageError('--complete is for crunchbase-csv (ndjson withdraws with delete records)');
  const inputs = a.files.map((name) => {
    let size: number;
    try {
      const st = fs.statSync(name);
      if (!st.isFile()) throw new ImportUsageError(`${name}: not a file`);
      size = st.size;
    } catch (err) {
      if (err instanceof ImportUsageError) throw err;
      throw new ImportUsageError(`${name}: cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
    return { name, size, open: () => fs.createReadStream(name, { highWaterMark: 256 * 1024 }) };
  });
  // Ctrl-C (or a supervisor's SIGTERM) stops at the next row and rolls the transaction back, so the
  // process exits with a message and nothing written rather than dying inside an open transaction
  const stop = new AbortController();
  const onSignal = (sig: NodeJS.Signals) => {
    process.stderr.write(`import: ${sig} received, rolling back\n`);
    stop.abort(sig);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  yieldToServing();
  try {
    const report = await runImport(db, inputs, {
      signal: stop.signal,
      format: a.format as Format,
      mode,
      dryRun: a.dryRun,
      complete: a.complete,
      source: a.source,
      type: a.type === undefined || a.type === 'records' ? undefined : (a.type as ExportedType),
      onProgress: ({ rows, bytes, totalBytes, seconds }) => {
        const rate = rows / seconds;
        const eta = totalBytes && bytes > 0 ? ((totalBytes - bytes) / bytes) * seconds : null;
        process.stderr.write(`import: ${rows.toLocaleString('en-US')} rows, ${Math.round(rate).toLocaleString('en-US')} rows/s${eta !== null ? `, ETA ${Math.ceil(eta)} s` : ''}\n`);
      },
    });
    print(report);
    if (!report.committed && !report.dry_run) process.stderr.write(`import: ${report.rejected_total} rows rejected: nothing written (--mode skip-invalid writes the valid rows)\n`);
    return report.rejected_total > 0 && !report.committed ? 1 : 0;
  } catch (err) {
    if (err instanceof InputError) throw new ImportUsageError(err.message);
    if (err instanceof ImportInterrupted) {
      process.stderr.write(`import: ${err.message}\n`);
      return err.reason === 'SIGTERM' ? 143 : 130;
    }
    throw err;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/** Rebuilds every derived structure and compares; exit 0 when all agree, 1 with the differences listed. */
export async function verifyCommand(db: Knex): Promise<number> {
  const d = await verifyDerived(db);
  const total = d.figures.length + d.classifications.length + d.search_terms.length + d.facts.length + d.rollup.length + d.documents.length;
  print({
    differences: total,
    figures: { count: d.figures.length, first: d.figures.slice(0, 100) },
    classifications: { count: d.classifications.length, first: d.classifications.slice(0, 100) },
    search_terms: { count: d.search_terms.length, entities: d.search_terms.slice(0, 100) },
    analytics_facts: { count: d.facts.length, dimensions: d.facts },
    analytics_rollup: { count: d.rollup.length, groups: d.rollup.slice(0, 100) },
    record_documents: { count: d.documents.length, first: d.documents.slice(0, 100) },
  });
  return total === 0 ? 0 : 1;
}
