/**
 * Property-based contract test: starts the real server over a fresh tiny seed (SQLite by default,
 * `--db postgres` for an embedded PostgreSQL), gets a real token from the identity provider and
 * runs schemathesis (every check, every operation) against it. Exit code = schemathesis's.
 *
 *   tsx test/contract/run.ts [--db sqlite|postgres] [--max-examples N] [-- extra schemathesis args]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startSeededServer } from './seeded-server.js';

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
  const { server, token, dir, close } = await startSeededServer({ db: kind === 'postgres' ? 'postgres' : 'sqlite', seed: 7, name: 'contract' });
  try {
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
    await close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
