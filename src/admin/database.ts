/**
 * Database command line:
 *
 *   tsx src/admin/database.ts migrate
 *   tsx src/admin/database.ts seed [--scale none|tiny|demo|large] [--seed N] [--reset]
 *   tsx src/admin/database.ts ensure
 *   tsx src/admin/database.ts rollup
 *
 * `migrate` applies migrations. `seed` migrates, then seeds (refusing when data exists unless
 * `--reset`, which empties every data table first). `ensure` migrates and seeds at SEED_SCALE only
 * when the `entities` table is empty (used by `make run`). DATABASE_URL and SEED_SCALE come from
 * the environment (src/config.ts). Seeding also builds the analytics fact table (src/db/facts.ts)
 * and rollup (src/db/rollup.ts); `rollup` rebuilds both after rounds were written by anything else.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import { DEFAULT_SEED, seedDatabase, type ScaleName } from '../../seeds/index.js';
import { ConfigError, loadConfig } from '../config.js';
import { countRows, hasData, resetData } from '../db/dataState.js';
import { createDb } from '../db/knex.js';
import { migrate } from '../db/migrate.js';
import { rebuildFacts, rebuildRollup } from '../db/rollup.js';

const USAGE = `usage: tsx src/admin/database.ts migrate
       tsx src/admin/database.ts seed [--scale none|tiny|demo|large] [--seed N] [--reset]
       tsx src/admin/database.ts ensure
       tsx src/admin/database.ts rollup`;

const SCALES: readonly ScaleName[] = ['none', 'tiny', 'demo', 'large'];

class UsageError extends Error {}

async function seed(db: Knex, scale: ScaleName, seedNumber: number): Promise<void> {
  process.stderr.write(`seeding scale ${scale} with seed ${seedNumber}\n`);
  const started = performance.now();
  const counts = await seedDatabase(db, { scale, seed: seedNumber, progress: process.stderr.isTTY === true });
  const seconds = (performance.now() - started) / 1000;
  const total = counts.reduce((a, c) => a + c.rows, 0);
  const width = Math.max(...counts.map((c) => c.table.length));
  for (const c of counts) process.stdout.write(`${c.table.padEnd(width)}  ${c.rows.toLocaleString('en-US').padStart(12)}\n`);
  process.stdout.write(`${'total'.padEnd(width)}  ${total.toLocaleString('en-US').padStart(12)}  in ${seconds.toFixed(1)} s (${Math.round(total / seconds).toLocaleString('en-US')} rows/s)\n`);
}

function parse(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { scale: { type: 'string' }, seed: { type: 'string' }, reset: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
  });
  const command = positionals[0];
  if (values.help || !command || positionals.length > 1 || !['migrate', 'seed', 'ensure', 'rollup'].includes(command)) throw new UsageError(USAGE);
  if (command !== 'seed' && (values.scale || values.seed || values.reset)) throw new UsageError(`${command} takes no options\n${USAGE}`);
  if (values.scale !== undefined && !SCALES.includes(values.scale as ScaleName)) throw new UsageError(`--scale must be one of ${SCALES.join(', ')}`);
  if (values.seed !== undefined && !/^\d{1,9}$/.test(values.seed)) throw new UsageError('--seed must be a whole number (0..999999999)');
  return {
    command: command as 'migrate' | 'seed' | 'ensure' | 'rollup',
    scale: values.scale as ScaleName | undefined,
    seed: values.seed === undefined ? DEFAULT_SEED : Number(values.seed),
    reset: values.reset ?? false,
  };
}

export async function main(argv: string[]): Promise<number> {
  let args: ReturnType<typeof parse>;
  let cfg: ReturnType<typeof loadConfig>;
  try {
    args = parse(argv);
    cfg = loadConfig();
  } catch (err) {
    if (err instanceof UsageError || err instanceof ConfigError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`${(err as Error).message}\n`);
      return 2;
    }
    throw err;
  }
  // no statement budget here: seeding the large scale runs long statements
  const db = createDb({ dbClient: cfg.dbClient, sqliteFile: cfg.sqliteFile, databaseUrl: cfg.databaseUrl, dbPoolMax: cfg.dbPoolMax });
  try {
    await migrate(db);
    if (args.command === 'migrate') {
      process.stderr.write('migrations applied\n');
      return 0;
    }
    if (args.command === 'rollup') {
      const started = performance.now();
      await rebuildFacts(db);
      await rebuildRollup(db);
      process.stderr.write(`analytics facts and rollup rebuilt in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
      return 0;
    }
    if (args.command === 'ensure') {
      // a database seeded at `none` holds the reference rows but no entities: seeded all the same
      if ((await countRows(db, 'entities')) > 0 || (await countRows(db, 'api_keys')) > 0) {
        process.stderr.write('database already seeded\n');
        return 0;
      }
      await seed(db, cfg.seedScale, DEFAULT_SEED);
      return 0;
    }
    if (args.reset) await resetData(db);
    else if (await hasData(db)) {
      process.stderr.write('the database already holds data; use --reset to replace it\n');
      return 1;
    }
    await seed(db, args.scale ?? cfg.seedScale, args.seed);
    return 0;
  } finally {
    await db.destroy();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
