/**
 * Memory of a large people import (docs/import.md, "Speed"): the importing process's peak RSS while
 * it reads N people with their careers, in both doors that carry careers: our own NDJSON export of
 * `people` (`--type people`, every person with three career items naming organisations) and
 * Crunchbase's bulk `people.csv` (each person's featured job). The files are generated here (they
 * are large: never committed) with their organisations, which are imported first; the people import
 * runs as the operator runs it, under `/usr/bin/time` (wall and CPU seconds, peak RSS).
 *
 *   BENCH_DIR=/tmp/mine npx tsx bench/import-people.ts [--people 300000] [--orgs 20000] [--db sqlite|postgres] [--only ndjson|bulk]
 *
 * Target: under 500 MB RSS whatever the file size. The figure that says whether memory is flat is
 * the peak at two sizes: a process holding every person's careers until the file ends grows with N.
 */
import fs from 'node:fs';
import path from 'node:path';
import { uuidOf } from '../src/db/imports.js';
import { BENCH_DIR, emptyDatabase, log, machineNote, ROOT, startPostgres, timedImportCommand, writeJson, type DbKind } from './lib.js';

const arg = (name: string, fallback: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1]! : fallback);
const PEOPLE = Number(arg('--people', '300000'));
const ORGS = Number(arg('--orgs', '20000'));
const KIND = arg('--db', 'sqlite') as DbKind;
const ONLY = arg('--only', 'both');

/** A uuid fixed by a label: the files are the same on every run. */
const uuid = (label: string) => uuidOf('bench', 'people', label);
const ADDED = '2024-01-01T00:00:00.000Z';
const TITLES = ['Co-Founder & CEO', 'CTO', 'VP Engineering', 'Partner', 'Software Engineer', 'Head of Sales'];

async function writeLines(file: string, n: number, line: (i: number) => string): Promise<void> {
  const out = fs.createWriteStream(file);
  for (let i = 0; i < n; i++) if (!out.write(`${line(i)}\n`)) await new Promise<void>((r) => out.once('drain', () => r()));
  await new Promise<void>((r) => out.end(() => r()));
}

/** Our export of companies and of people (three career items each), with the export's trailer. */
async function writeExport(dir: string): Promise<{ companies: string; people: string }> {
  const companies = path.join(dir, `people-bench-companies-${ORGS}.ndjson`);
  const people = path.join(dir, `people-bench-people-${PEOPLE}.ndjson`);
  const trailer = JSON.stringify({ _export: { complete: true } });
  await writeLines(companies, ORGS + 1, (i) => i === ORGS ? trailer : JSON.stringify({
    uuid: uuid(`org${i}`), type: 'organization', name: `Bench Org ${i}`, added_at: ADDED, roles: ['company'], locations: [], taxonomy: [], classifications: [], links: {}, investor: null,
  }));
  await writeLines(people, PEOPLE + 1, (i) => {
    if (i === PEOPLE) return trailer;
    const items = [0, 1, 2].map((k) => {
      const title = TITLES[(i + k) % TITLES.length]!;
      return {
        company: { uuid: uuid(`org${(i * 7 + k * 131) % ORGS}`), name: 'x' }, raw_title: title, titles: [title], is_founder: title.includes('Founder'), is_executive: k === 0,
        is_partner: title === 'Partner', is_past: k > 0, start_date: `${2000 + ((i + k) % 20)}-0${1 + (k % 9)}`, end_date: k > 0 ? '2021-01' : null,
      };
    });
    return JSON.stringify({
      uuid: uuid(`person${i}`), type: 'person', name: `Bench Person ${i}`, added_at: ADDED, gender: i % 2 ? 'female' : 'male', roles: ['employee'], locations: [],
      taxonomy: [], classifications: [], links: {}, investor: null, career: { total: items.length, items }, education: { total: 0, items: [] },
    });
  });
  return { companies, people };
}

const ORG_HEADER = 'uuid,name,type,permalink,cb_url,rank,created_at,updated_at,legal_name,roles,domain,homepage_url,country_code,state_code,region,city,address,postal_code,status,short_description,category_list,category_groups_list,num_funding_rounds,total_funding_usd,total_funding,total_funding_currency_code,founded_on,last_funding_on,closed_on,employee_count,email,phone,facebook_url,linkedin_url,twitter_url,logo_url,alias1,alias2,alias3,primary_role,num_exits';
const PEOPLE_HEADER = 'uuid,name,type,permalink,cb_url,rank,created_at,updated_at,first_name,last_name,gender,country_code,state_code,region,city,featured_job_organization_uuid,featured_job_organization_name,featured_job_title,facebook_url,linkedin_url,twitter_url,logo_url';

/** Crunchbase's bulk organizations.csv and people.csv (each person's featured job at one of the organisations). */
async function writeBulk(dir: string): Promise<{ organizations: string; people: string }> {
  const organizations = path.join(dir, `people-bench-organizations-${ORGS}.csv`);
  const people = path.join(dir, `people-bench-people-${PEOPLE}.csv`);
  await writeLines(organizations, ORGS + 1, (i) => i === 0 ? ORG_HEADER : [
    uuid(`bulkorg${i}`), `Bulk Org ${i}`, 'organization', `bulk-org-${i}`, `https://www.crunchbase.com/organization/bulk-org-${i}`, i, '2024-01-01 00:00:00', '2024-01-01 00:00:00', '', 'company',
    `bulk-org-${i}.com`, '', 'USA', 'CA', 'California', 'San Francisco', '', '', 'operating', '', 'Software', 'Software', '', '', '', '', '2015-01-01', '', '', '1-10', '', '', '', '', '', '', '', '', '', 'company', '',
  ].join(','));
  await writeLines(people, PEOPLE + 1, (i) => i === 0 ? PEOPLE_HEADER : [
    uuid(`bulkperson${i}`), `Bulk Person ${i}`, 'person', `bulk-person-${i}`, `https://www.crunchbase.com/person/bulk-person-${i}`, i, '2024-01-01 00:00:00', '2024-01-01 00:00:00', 'Bulk', `Person ${i}`,
    i % 2 ? 'female' : 'male', 'USA', 'CA', 'California', 'San Francisco', uuid(`bulkorg${1 + (i % (ORGS - 1))}`), `Bulk Org ${1 + (i % (ORGS - 1))}`, TITLES[i % TITLES.length], '', '', '', '',
  ].join(','));
  return { organizations, people };
}

interface Timed {
  wall_s: number;
  cpu_s: number;
  peak_rss_mb: number;
  report: { committed: boolean; rejected_total: number; files: { types: Record<string, Record<string, number>> }[]; seconds: number };
}

async function timedImport(databaseUrl: string, args: string[]): Promise<Timed> {
  const t = await timedImportCommand<Timed['report']>(databaseUrl, args);
  if (!t.report.committed) throw new Error(`not committed: ${JSON.stringify(t.report).slice(0, 2000)}`);
  return t;
}

async function main(): Promise<void> {
  fs.mkdirSync(BENCH_DIR, { recursive: true });
  const note = machineNote();
  const pg = KIND === 'postgres' ? await startPostgres() : null;
  const results: Record<string, unknown> = {};
  try {
    if (ONLY !== 'bulk') {
      const files = await writeExport(BENCH_DIR);
      const url = await emptyDatabase(KIND, pg, 'people_bench_export');
      await timedImport(url, ['--format', 'ndjson', '--type', 'companies', files.companies]);
      log(`${PEOPLE} people of an export (${Math.round(fs.statSync(files.people).size / 2 ** 20)} MiB) with three career items each`);
      const t = await timedImport(url, ['--format', 'ndjson', '--type', 'people', files.people]);
      results.ndjson_export = { people: PEOPLE, career_rows: PEOPLE * 3, file_mib: Math.round(fs.statSync(files.people).size / 2 ** 20), wall_s: t.wall_s, cpu_s: t.cpu_s, engine_s: t.report.seconds, peak_rss_mb: t.peak_rss_mb, counts: t.report.files[0]!.types };
      log(JSON.stringify(results.ndjson_export));
    }
    if (ONLY !== 'ndjson') {
      const files = await writeBulk(BENCH_DIR);
      const url = await emptyDatabase(KIND, pg, 'people_bench_bulk');
      await timedImport(url, ['--format', 'crunchbase-csv', files.organizations]);
      log(`${PEOPLE} people of a bulk export (${Math.round(fs.statSync(files.people).size / 2 ** 20)} MiB) with their featured jobs`);
      const t = await timedImport(url, ['--format', 'crunchbase-csv', files.people]);
      results.crunchbase_bulk = { people: PEOPLE, file_mib: Math.round(fs.statSync(files.people).size / 2 ** 20), wall_s: t.wall_s, cpu_s: t.cpu_s, engine_s: t.report.seconds, peak_rss_mb: t.peak_rss_mb, counts: t.report.files[0]!.types };
      log(JSON.stringify(results.crunchbase_bulk));
    }
  } finally {
    if (pg) await pg.stop();
  }
  const file = path.join(ROOT, 'bench/results', `import-people-${KIND}-${PEOPLE}-${new Date().toISOString().slice(0, 10)}.json`);
  writeJson(file, { machine: note, target: { rss_mb: 500 }, db: KIND, results });
  log(`written ${path.relative(ROOT, file)}`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
