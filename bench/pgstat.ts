/**
 * Where PostgreSQL's own time goes, per scenario: starts the bench cluster with pg_stat_statements,
 * runs our server over the `large` database, drives each named scenario for BENCH_SECONDS (default 6)
 * with BENCH_CONNECTIONS (default 10) and prints the statements by total time: calls, execution and
 * planning milliseconds, mean per call. The database must be seeded (make bench or bench/seed.ts).
 *
 *   tsx bench/pgstat.ts [founders,company,search,heatmap,list,detail,page1,page10000]
 *
 * page10000 needs the cursor bench/paging.ts caches.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { apiHeaders, BENCH_DIR, forkServer, getToken, load, log, SCALE, SEED, serverEnv, startPostgres, target } from './lib.js';
import { ANALYTICS } from './analytics.js';
import { DEEP_PAGE, LIST_QUERY } from './paging.js';

const SECONDS = Number(process.env.BENCH_SECONDS || 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);

function scenarios(): Record<string, (c: pg.Client) => string | Promise<string>> {
  return {
    founders: () => '/data/founders?view=full&limit=25',
    // a company with founders that also invests (every glance of the record)
    company: async (c) => {
      const { rows } = await c.query(
        `select e.uuid from entities e where e.subtype = 'company' and e.is_investor
           and exists (select 1 from career k where k.org_id = e.id and k.is_founder) order by e.id limit 1`,
      );
      return `/data/companies/${(rows[0] as { uuid: string }).uuid}`;
    },
    search: () => '/data/search?q=data&limit=10',
    heatmap: () => ANALYTICS.heatmap,
    list: () => `/data/transactions?filter=${encodeURIComponent('and(year[gte]:2018,amount[gt]:5000000)')}&sort=-date&limit=25`,
    detail: () => '/data/transactions/1000',
    page1: () => `/data/transactions?${LIST_QUERY}`,
    page10000: () => {
      const file = path.join(BENCH_DIR, `cursor-postgres-${SCALE}-${SEED}-p${DEEP_PAGE}.json`);
      return `/data/transactions?${LIST_QUERY}&cursor=${encodeURIComponent((JSON.parse(fs.readFileSync(file, 'utf8')) as { cursor: string }).cursor)}`;
    },
  };
}

async function main() {
  const wanted = (process.argv[2] ?? 'founders,list,detail').split(',');
  const known = scenarios();
  for (const w of wanted) if (!known[w]) throw new Error(`unknown scenario ${w}; one of ${Object.keys(known).join(', ')}`);
  process.env.BENCH_PG_FLAGS = `${process.env.BENCH_PG_FLAGS ?? ''} shared_preload_libraries=pg_stat_statements pg_stat_statements.track_planning=on`;
  const cluster = await startPostgres();
  const t = target('postgres', cluster);
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  const server = await forkServer('our-server.ts', serverEnv(t.databaseUrl));
  try {
    await client.query('create extension if not exists pg_stat_statements');
    const headers = apiHeaders(await getToken(server.authUrl!));
    for (const name of wanted) {
      await client.query('select pg_stat_statements_reset()');
      const r = await load({ url: server.baseUrl, paths: [await known[name]!(client)], headers, connections: CONNECTIONS, seconds: SECONDS });
      const rows = (
        await client.query(
          `select calls, round(total_exec_time::numeric, 1) as exec_ms, round(total_plan_time::numeric, 1) as plan_ms,
                  round(((total_exec_time + total_plan_time) / greatest(calls, 1))::numeric, 3) as per_call_ms,
                  left(regexp_replace(query, '\\s+', ' ', 'g'), 150) as query
           from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
             and query not like '%pg_stat_statements%'
           order by total_exec_time + total_plan_time desc limit 10`,
        )
      ).rows as { calls: string; exec_ms: string; plan_ms: string; per_call_ms: string; query: string }[];
      console.log(`\n${name}: ${Math.round(r.rps)} req/s, ${r.requests} requests, non-2xx ${r.non2xx}`);
      console.log(`${'calls'.padStart(8)} ${'exec ms'.padStart(9)} ${'plan ms'.padStart(9)} ${'ms/call'.padStart(8)}  statement`);
      for (const x of rows) console.log(`${x.calls.padStart(8)} ${x.exec_ms.padStart(9)} ${x.plan_ms.padStart(9)} ${x.per_call_ms.padStart(8)}  ${x.query}`);
    }
  } finally {
    await server.stop();
    await client.end();
    await cluster.stop();
  }
}

main().catch((err) => {
  log(String(err?.stack ?? err));
  process.exit(1);
});
