/**
 * Brings a seeded bench database (BENCH_SCALE, default large) to the current schema and times it:
 * on a database seeded before record documents existed, the migrations build every document from
 * the base rows (src/db/migrate.ts). Records wall and CPU seconds (this process's and, on
 * PostgreSQL, the server's), the database's size before and after, and per kind of document its
 * count and characters: the bytes a record's documents cost on disk.
 *
 *   tsx bench/migrate-documents.ts --db sqlite|postgres [--complete]   (BENCH_OUT: the results file)
 *
 * `--complete` builds only the documents records lack (`completeDocuments`), for a rebuild cut short.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDb } from '../src/db/knex.js';
import { migrate, pendingMigrations } from '../src/db/migrate.js';
import { completeDocuments } from '../src/documents/build.js';
import { documentCounts, documentFootprint, documentTableBytes } from '../src/db/documents.js';
import { databaseBytes } from '../src/db/statistics.js';
import { type DbKind, log, machineNote, postgresCpuMs, ROOT, round, SCALE, SEED, seededResult, startPostgres, target, writeJson, type Pg } from './lib.js';

const kind = process.argv[process.argv.indexOf('--db') + 1] as DbKind;
if (kind !== 'sqlite' && kind !== 'postgres') throw new Error('usage: tsx bench/migrate-documents.ts --db sqlite|postgres');

const fileBytes = (f: string) => ['', '-wal'].reduce((n, s) => n + (fs.existsSync(f + s) ? fs.statSync(f + s).size : 0), 0);

async function main() {
  let pg: Pg | null = null;
  try {
    if (kind === 'postgres') pg = await startPostgres();
    const t = target(kind, pg);
    if (!seededResult(t)) throw new Error(`${kind} ${SCALE}/${SEED} is not seeded in this BENCH_DIR`);
    const db = createDb({ dbClient: kind, databaseUrl: t.databaseUrl, sqliteFile: t.sqliteFile, dbPoolMax: 4 });
    try {
      const size = async () => (kind === 'sqlite' ? fileBytes(t.sqliteFile) : (await databaseBytes(db))!);
      const pending = await pendingMigrations(db);
      // an older schema lacks columns the footprint reads: its documents are counted only
      const before = { bytes: await size(), documents: await documentFootprint(db).catch(() => documentCounts(db)) };
      log(`${kind}: ${pending.length} migrations pending (${pending.join(', ')}); ${(before.bytes / 2 ** 30).toFixed(2)} GiB`);
      const started = performance.now();
      const cpu = process.cpuUsage();
      const server = kind === 'postgres' ? postgresCpuMs() : null;
      // --complete: a rebuild cut short (the server stopped under it) is finished where it stopped
      if (process.argv.includes('--complete')) log(`completed: ${JSON.stringify(await completeDocuments(db))}`);
      else await migrate(db);
      const seconds = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      const serverCpu = server !== null ? (postgresCpuMs()! - server) / 1000 : null;
      const documents = await documentFootprint(db);
      const after = { bytes: await size(), tableBytes: await documentTableBytes(db) };
      const total = documents.reduce((n, d) => n + d.documents, 0);
      const chars = documents.reduce((n, d) => n + d.body_chars + d.other_chars, 0);
      const result = {
        kind,
        scale: SCALE,
        seed: SEED,
        machine: machineNote(),
        pending,
        complete: process.argv.includes('--complete'),
        seconds: round(seconds, 1),
        cpuSeconds: round((used.user + used.system) / 1e6, 1),
        ...(serverCpu !== null ? { serverCpuSeconds: round(serverCpu, 1) } : {}),
        peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
        bytesBefore: before.bytes,
        bytesAfter: after.bytes,
        documentsBefore: before.documents,
        documents,
        // characters of every column of every document, per document (the table's own size adds page and index overhead)
        charsPerDocument: Math.round(chars / Math.max(1, total)),
        ...(after.tableBytes !== null ? { documentTableBytes: after.tableBytes, tableBytesPerDocument: Math.round(after.tableBytes / Math.max(1, total)) } : {}),
        at: new Date().toISOString(),
      };
      log(JSON.stringify(result, null, 2));
      const file = process.env.BENCH_OUT ? path.resolve(process.env.BENCH_OUT) : path.join(ROOT, 'bench', 'results', `${result.at.slice(0, 10)}-migrate-documents-${SCALE}-${kind}.json`);
      writeJson(file, result);
    } finally {
      await db.destroy();
    }
  } finally {
    if (pg) await pg.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
