/**
 * An instance without the demo data (`SEED_SCALE=none`): the schema, the reference rows, the
 * development key and the demo users, no companies or rounds. Shared by the tests' empty databases
 * (test/helpers/harness.ts) and the import benchmarks (bench/lib.ts); no vitest in it.
 */
import { createDb } from '../../src/db/knex.js';
import { migrate } from '../../src/db/migrate.js';
import { seedDatabase } from '../../seeds/index.js';

/** Migrates the new database at `url` and seeds it as `SEED_SCALE=none` does. */
export async function makeEmptyInstance(kind: 'sqlite' | 'postgres', url: string): Promise<void> {
  const db = createDb(kind === 'sqlite' ? { dbClient: 'sqlite', databaseUrl: url, sqliteFile: url.slice(7), dbPoolMax: 1 } : { dbClient: 'postgres', databaseUrl: url, sqliteFile: '', dbPoolMax: 2 });
  try {
    await migrate(db);
    await seedDatabase(db, { scale: 'none' });
  } finally {
    await db.destroy();
  }
}
