/**
 * Record documents (docs/scaling.md, "Record documents"): server CPU per request with answers from
 * the documents (`RECORD_DOCUMENTS=on`) and from the rows (`off`), in alternating rounds over the
 * same database, for a round's detail, a company's and an investor's detail, the rounds list and the
 * companies list of 25 (in USD: the stored bytes; in EUR: parsed and converted at the money paths)
 * and the transaction detail and list pinned to a version before the change that reshaped rounds
 * (the documents' precomputed downgrades; the servers' clock on a day that version is served), a
 * person's detail and the founders list of 25 (full view, USD and EUR), a fund's detail and the funds
 * list of 25, the nested lists whose rows are documents (a company's rounds in USD, EUR and pinned,
 * an investor's funds, a founder's companies; the parents with the most rows), the summary view of
 * the founders list, the investors, universities, government bodies and entities lists of 25 (summary
 * row documents), an entity's detail (`getEntity`), and the NDJSON export of every
 * round (rows/s); bytes per document; and the write cost: what an import that changes rounds, and
 * one that renames a company, spend refreshing documents (the import report's `documents` step)
 * beside the whole import. Scale `tiny` or `demo` only (BENCH_SCALE; default tiny).
 *
 *   tsx bench/documents.ts   BENCH_SCALE (tiny), BENCH_DBS (sqlite,postgres), BENCH_ROUNDS (3),
 *                            BENCH_SECONDS (4), BENCH_SCENARIOS (every one; comma-separated names),
 *                            BENCH_OUT (default bench/results/<date>-documents-<scale>.json)
 */
import fs from 'node:fs';
import path from 'node:path';
import { createDb } from '../src/db/knex.js';
import { runImport } from '../src/import/engine.js';
import { operationLockPlan } from '../src/documents/plans.js';
import { apiHeaders, BENCH_DIR, cpuMs, ensureSeeded, forkServer, getToken, log, machineNote, median, ROOT, round, SCALE, serverEnv, serverHeapArgs, startPostgres, target, writeJson, type DbKind, type Pg, type SeedTarget } from './lib.js';

if (SCALE !== 'tiny' && SCALE !== 'demo') throw new Error('bench/documents.ts runs on tiny or demo (BENCH_SCALE)');
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const SECONDS = Number(process.env.BENCH_SECONDS || 4);
const DBS = (process.env.BENCH_DBS || 'sqlite,postgres').split(',') as DbKind[];
const MODES = ['off', 'on'] as const;
/** A version before the change that reshaped rounds, and a day it is still served on (src/versions/table.ts). */
const PINNED = '2026-10-07';
const SERVED_DAY = '2026-10-20T12:00:00Z';
const ONLY = process.env.BENCH_SCENARIOS ? new Set(process.env.BENCH_SCENARIOS.split(',')) : null;

async function ids(t: SeedTarget) {
  const db = createDb({ dbClient: t.kind, databaseUrl: t.databaseUrl, sqliteFile: t.sqliteFile, dbPoolMax: 2 });
  try {
    const rounds = ((await db('transactions').whereNull('deleted_at').orderBy('id').limit(200).select('id')) as { id: number }[]).map((r) => Number(r.id));
    const uuids = async (subtype: string) => ((await db('entities').where('subtype', subtype).orderBy('id').limit(200).select('uuid')) as { uuid: string }[]).map((r) => r.uuid);
    const [companies, investors] = [await uuids('company'), await uuids('investor')];
    const people = ((await db('entities').where('type', 'person').orderBy('id').limit(200).select('uuid')) as { uuid: string }[]).map((r) => r.uuid);
    const funds = ((await db('funds').orderBy('id').limit(200).select('id')) as { id: number }[]).map((r) => Number(r.id));
    // the parents of the nested lists whose rows are documents, those with the most rows first
    const busiest = async (q: ReturnType<typeof db>) => ((await q.groupBy('e.uuid').orderByRaw(`count(*) desc, e.uuid`).limit(50).select('e.uuid')) as { uuid: string }[]).map((r) => r.uuid);
    const nested = {
      roundsOf: await busiest(db('entities as e').join('transactions as t', 't.company_id', 'e.id').whereNull('t.deleted_at')),
      fundsOf: await busiest(db('entities as e').join('funds as f', 'f.investor_id', 'e.id')),
      foundersOf: await busiest(db('entities as e').join('career as c', 'c.person_id', 'e.id').where('c.is_founder', true)),
    };
    const sizes = (await db('record_documents')
      .groupBy('kind')
      .select('kind', db.raw('count(*) as n'), db.raw('avg(length(body)) as body'), db.raw('avg(length(money_paths) + length(lock_paths) + length(downgrades)) as paths'))) as { kind: string; n: number; body: number; paths: number }[];
    return { rounds, companies, investors, people, funds, nested, sizes: Object.fromEntries(sizes.map((s) => [s.kind, { documents: Number(s.n), bodyBytes: round(Number(s.body), 0), pathBytes: round(Number(s.paths), 0) }])) };
  } finally {
    await db.destroy();
  }
}

async function scenarios(t: SeedTarget) {
  const { rounds, companies, investors, people, funds, nested, sizes } = await ids(t);
  const paths: Record<string, string[]> = {
    transactionDetail: rounds.map((id) => `/data/transactions/${id}`),
    companyDetail: companies.map((uuid) => `/data/companies/${uuid}`),
    investorDetail: investors.map((uuid) => `/data/investors/${uuid}`),
    list25: ['/data/transactions?limit=25'],
    list25Eur: ['/data/transactions?limit=25&currency=EUR'],
    companyList25: ['/data/companies?limit=25'],
    companyList25Eur: ['/data/companies?limit=25&currency=EUR'],
    // pinned before the change that reshaped rounds: the documents' precomputed downgrades
    transactionDetailPinned: rounds.map((id) => `/data/transactions/${id}`),
    list25Pinned: ['/data/transactions?limit=25'],
    personDetail: people.map((uuid) => `/data/people/${uuid}`),
    founderList25: ['/data/founders?limit=25'],
    founderList25Eur: ['/data/founders?limit=25&currency=EUR'],
    fundDetail: funds.map((id) => `/data/funds/${id}`),
    fundList25: ['/data/funds?limit=25'],
    // nested lists whose rows are documents (a company's rounds, an investor's funds, a founder's companies)
    companyRounds: nested.roundsOf.map((uuid) => `/data/companies/${uuid}/funding-rounds?limit=25`),
    companyRoundsEur: nested.roundsOf.map((uuid) => `/data/companies/${uuid}/funding-rounds?limit=25&currency=EUR`),
    companyRoundsPinned: nested.roundsOf.map((uuid) => `/data/companies/${uuid}/funding-rounds?limit=25`),
    investorFunds: nested.fundsOf.map((uuid) => `/data/investors/${uuid}/funds?limit=25`),
    foundedCompanies: nested.foundersOf.map((uuid) => `/data/founders/${uuid}/founded-companies?limit=25`),
    // summary rows: the people lists' summary view, the organization directories and the entities list; and `getEntity`
    founderSummaryList25: ['/data/founders?limit=25&view=summary'],
    founderSummaryList25Eur: ['/data/founders?limit=25&view=summary&currency=EUR'],
    investorList25: ['/data/investors?limit=25'],
    investorList25Eur: ['/data/investors?limit=25&currency=EUR'],
    universityList25: ['/data/universities?limit=25'],
    govNgoList25: ['/data/gov-ngo?limit=25'],
    entityList25: ['/data/entities?limit=25'],
    entityList25Eur: ['/data/entities?limit=25&currency=EUR'],
    entityDetail: [...companies.slice(0, 100), ...investors.slice(0, 50), ...people.slice(0, 50)].map((uuid) => `/data/entities/${uuid}`),
  };
  return { sizes, paths: Object.fromEntries(Object.entries(paths).filter(([name]) => !ONLY || ONLY.has(name))) };
}

/**
 * Requests over the paths in turn from `connections` loops for `seconds` (fetch, keep-alive; no
 * load generator package: bench/load.ts needs bench/'s own install). The figure is the server's CPU,
 * measured from /proc, so the client sharing the machine bounds the rate, not the CPU per request.
 */
async function drive(baseUrl: string, paths: string[], headers: Record<string, string>, connections: number, seconds: number) {
  const until = performance.now() + seconds * 1000;
  let requests = 0;
  let failed = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const res = await fetch(baseUrl + paths[next++ % paths.length]!, { headers });
        await res.arrayBuffer();
        requests++;
        if (res.status !== 200) failed++;
      }
    }),
  );
  return { requests, failed, rps: requests / seconds };
}

/** The NDJSON export of every round: rows/s and server CPU per row. */
async function exportRun(baseUrl: string, headers: Record<string, string>, pid: number) {
  const before = cpuMs(pid)!;
  const started = performance.now();
  const res = await fetch(`${baseUrl}/data/transactions?format=ndjson`, { headers });
  const text = await res.text();
  const seconds = (performance.now() - started) / 1000;
  const rows = text.split('\n').filter(Boolean).length - 1;
  return { rows, rowsPerSecond: round(rows / seconds, 0), cpuUsPerRow: round(((cpuMs(pid)! - before) * 1000) / rows, 1) };
}

async function readSide(t: SeedTarget) {
  const { sizes, paths } = await scenarios(t);
  const cpu: Record<string, Record<string, number[]>> = {};
  const exports: Record<string, { rowsPerSecond: number[]; cpuUsPerRow: number[] }> = { off: { rowsPerSecond: [], cpuUsPerRow: [] }, on: { rowsPerSecond: [], cpuUsPerRow: [] } };
  for (let r = 0; r < ROUNDS; r++) {
    for (let i = 0; i < MODES.length; i++) {
      const mode = MODES[(i + r) % MODES.length]!;
      const server = await forkServer('our-server.ts', { ...serverEnv(t.databaseUrl), RECORD_DOCUMENTS: mode, API_NOW: SERVED_DAY }, serverHeapArgs());
      try {
        const headers = apiHeaders(await getToken(server.authUrl!));
        for (const [name, list] of Object.entries(paths)) {
          const asked = name.endsWith('Pinned') ? { ...headers, 'API-Version': PINNED } : headers;
          await drive(server.baseUrl, list, asked, 4, 1);
          const before = cpuMs(server.pid)!;
          const s = await drive(server.baseUrl, list, asked, 4, SECONDS);
          if (s.failed > 0) throw new Error(`${name} ${mode}: ${s.failed} answers not 200`);
          ((cpu[name] ??= {})[mode] ??= []).push((cpuMs(server.pid)! - before) / s.requests);
          log(`${t.kind} round ${r + 1} ${mode} ${name}: ${round(s.rps, 0)} req/s, ${round(((cpuMs(server.pid)! - before) * 1000) / s.requests, 0)} µs CPU/request`);
        }
        const e = await exportRun(server.baseUrl, headers, server.pid);
        exports[mode]!.rowsPerSecond.push(e.rowsPerSecond);
        exports[mode]!.cpuUsPerRow.push(e.cpuUsPerRow);
        log(`${t.kind} round ${r + 1} ${mode} export: ${e.rows} rows, ${e.rowsPerSecond} rows/s, ${e.cpuUsPerRow} µs CPU/row`);
      } finally {
        await server.stop();
      }
    }
  }
  const perRequest = Object.fromEntries(
    Object.entries(cpu).map(([name, m]) => {
      const off = median(m.off!) * 1000;
      const on = median(m.on!) * 1000;
      return [name, { rowsUs: round(off, 0), documentsUs: round(on, 0), ratio: round(off / on, 2) }];
    }),
  );
  const ndjson = Object.fromEntries(MODES.map((m) => [m, { rowsPerSecond: median(exports[m]!.rowsPerSecond), cpuUsPerRow: median(exports[m]!.cpuUsPerRow) }]));
  return { cpuPerRequest: perRequest, ndjsonExport: ndjson, documentSizes: sizes };
}

/** Imports on a copy of the seeded database: every round's amount changed, then one company renamed; their document step beside the whole. */
async function writeSide(t: SeedTarget) {
  if (t.kind !== 'sqlite') return null;
  const file = path.join(BENCH_DIR, `documents-write-${SCALE}.sqlite`);
  fs.copyFileSync(t.sqliteFile, file);
  const db = createDb({ dbClient: 'sqlite', databaseUrl: `sqlite:${file}`, sqliteFile: file, dbPoolMax: 2 });
  try {
    const rounds = (await db('transactions').whereNull('deleted_at').orderBy('id').limit(1000).select('id', 'company_id', 'round_type', 'announced_date', 'amount_usd')) as { id: number; company_id: number; round_type: string | null; announced_date: string | null; amount_usd: number | null }[];
    const companies = [...new Set(rounds.map((r) => r.company_id))];
    // source keys for the seeded records, so that an import names them
    for (let i = 0; i < companies.length; i += 400) await db('import_keys').insert(companies.slice(i, i + 400).map((id) => ({ source: 'bench', type: 'company', key: `c${id}`, record_id: id })));
    for (let i = 0; i < rounds.length; i += 400) await db('import_keys').insert(rounds.slice(i, i + 400).map((r) => ({ source: 'bench', type: 'round', key: `r${r.id}`, record_id: r.id })));
    // the lock plans are compiled once per process (openapi.yaml parsed): a server's import pays it once, not per import
    const compiled = performance.now();
    operationLockPlan('getTransaction');
    const planSeconds = round((performance.now() - compiled) / 1000, 2);
    const run = async (lines: object[]) => {
      const text = lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
      const r = await runImport(db, [{ name: 'bench.ndjson', size: text.length, open: () => [Buffer.from(text)] as unknown as AsyncIterable<Buffer> }], { format: 'ndjson', mode: 'all-or-nothing', dryRun: false, source: 'bench' });
      if (!r.committed) throw new Error(JSON.stringify(r.rejections.slice(0, 3)));
      return { seconds: r.seconds, documentSeconds: r.derived!.seconds.documents ?? 0, documents: r.derived!.documents, derivedSeconds: r.derived!.seconds };
    };
    const changed = await run(
      rounds.map((r) => ({ type: 'round', key: `r${r.id}`, data: { company: `c${r.company_id}`, round_type: r.round_type ?? 'Seed', announced_on: r.announced_date ?? '2020-01-01', amount_usd: Number(r.amount_usd ?? 0) + 1 } })),
    );
    const busiest = (await db('transactions').groupBy('company_id').orderByRaw('count(*) desc').first('company_id', db.raw('count(*) as n'))) as { company_id: number; n: number };
    const name = ((await db('entities').where('id', busiest.company_id).first('name')) as { name: string }).name;
    if (!companies.includes(busiest.company_id)) await db('import_keys').insert({ source: 'bench', type: 'company', key: `c${busiest.company_id}`, record_id: busiest.company_id });
    const renamed = await run([{ type: 'company', key: `c${busiest.company_id}`, data: { name: `${name} Renamed` } }]);
    return { lockPlanSecondsOncePerProcess: planSeconds, changedRounds: { rounds: rounds.length, ...changed }, companyRenamed: { roundsShowingIt: Number(busiest.n), ...renamed } };
  } finally {
    await db.destroy();
    fs.rmSync(file, { force: true });
  }
}

const out: Record<string, unknown> = { date: new Date().toISOString(), machine: machineNote(), scale: SCALE, rounds: ROUNDS, seconds: SECONDS, connections: 4, databases: {} };
let pg: Pg | null = null;
try {
  for (const kind of DBS) {
    if (kind === 'postgres') pg = await startPostgres();
    const t = target(kind, pg);
    await ensureSeeded(t, pg);
    (out.databases as Record<string, unknown>)[kind] = { ...(await readSide(t)), writeCost: await writeSide(t) };
  }
} finally {
  if (pg) await pg.stop();
}
console.log(JSON.stringify(out, null, 2));
writeJson(process.env.BENCH_OUT ?? path.join(ROOT, 'bench', 'results', `${String(out.date).slice(0, 10)}-documents-${SCALE}.json`), out);
