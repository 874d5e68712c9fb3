/**
 * The operator's command line: `npm run admin -- <command>` (node dist/src/admin/cli.js after
 * `make build`; `node --import tsx src/admin/cli.ts` from the sources). It bootstraps and runs a
 * database without an API token: the first team, its key and credits, browser-app users, the
 * signing key, ecosystems, and the removal of the development credentials a production start refuses.
 * Results go to stdout as JSON, messages to stderr; bad input exits 2, a refused action 1.
 * DATABASE_URL comes from the environment (src/config.ts); all SQL is in src/db.
 */
import crypto from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Knex } from 'knex';
import { ALL_SCOPES, type Scope } from '../access/scopes.js';
import { DEMO_USERS, DEV_CLIENT } from '../auth/demo.js';
import { hashSecret, randomToken } from '../auth/secrets.js';
import { createSigningKeyFile, SigningKeyExistsError } from '../auth/signing.js';
import { ConfigError, loadConfig } from '../config.js';
import { deleteKeyByClientId, findKeyByClientId, insertKey, listTeamKeys, revokeKeyByClientId, type ApiKeyRow } from '../db/apiKeys.js';
import { main as dbMain } from './database.js';
import { importCommand, ImportUsageError, verifyCommand } from './importCommands.js';
import { getBalanceRow, grantCredits } from '../db/credits.js';
import { deleteEcosystem, knownCurrencies, listEcosystems, placesNamed, putEcosystem } from '../db/ecosystems.js';
import { createDb } from '../db/knex.js';
import { migrate } from '../db/migrate.js';
import { findTeamBySlug, insertTeam, SlugTakenError, type TeamRow } from '../db/teams.js';
import { deleteUserByEmail, EmailTakenError, insertUser } from '../db/users.js';

const USAGE = `usage: npm run admin -- <command>
  migrate
  seed --scale tiny|demo|large [--reset]
  team create --name NAME --slug SLUG
  key create --team SLUG --scopes SCOPE,SCOPE --label LABEL
  key revoke CLIENT_ID
  key list --team SLUG
  credits grant --team SLUG --amount N
  credits show --team SLUG
  user create --email EMAIL --plan free|premium
  user delete --email EMAIL
  signing-key create --out FILE
  dev-key delete
  ecosystem list
  ecosystem set ID --name NAME --currency EUR [--places PLACE,PLACE]
  ecosystem delete ID
  import --format crunchbase-csv|ndjson [--type records|transactions|companies|investors|universities|gov-ngo|people|founders|entities|jobs|funds|valuations|news] [--mode all-or-nothing|skip-invalid] [--dry-run] [--complete] [--source NAME] FILE...
  verify
DATABASE_URL selects the database (sqlite:<file> or postgres://...).
scopes: ${ALL_SCOPES.join(', ')}
places: place ids or names (cities, regions, countries), comma-separated.`;

/** Bad input: exit 2 with the message. */
class UsageError extends Error {}
/** A refused action (unknown team, taken slug, existing file): exit 1 with the message. */
class Refused extends Error {}

const MAX_GRANT = 1_000_000_000_000;
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?$/;
const EMAIL = /^[^\s@]{1,100}@[^\s@]{1,98}\.[^\s@]{1,20}$/;

type Options = Partial<Record<'name' | 'slug' | 'team' | 'scopes' | 'label' | 'amount' | 'email' | 'plan' | 'out' | 'scale' | 'currency' | 'places' | 'format' | 'type' | 'mode' | 'source', string>> & {
  reset?: boolean;
  'dry-run'?: boolean;
  complete?: boolean;
};

function parse(argv: string[]): { words: string[]; opts: Options } {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      name: { type: 'string' },
      slug: { type: 'string' },
      team: { type: 'string' },
      scopes: { type: 'string' },
      label: { type: 'string' },
      amount: { type: 'string' },
      email: { type: 'string' },
      plan: { type: 'string' },
      out: { type: 'string' },
      scale: { type: 'string' },
      currency: { type: 'string' },
      places: { type: 'string' },
      format: { type: 'string' },
      type: { type: 'string' },
      mode: { type: 'string' },
      source: { type: 'string' },
      'dry-run': { type: 'boolean' },
      complete: { type: 'boolean' },
      reset: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || positionals.length === 0) throw new UsageError(USAGE);
  return { words: positionals, opts: values };
}

/** The options a command takes: each required one present and non-empty, no other given. */
function need(opts: Options, required: (keyof Options)[], optional: (keyof Options)[] = []): Record<string, string> {
  const extra = Object.keys(opts).filter((k) => !required.includes(k as keyof Options) && !optional.includes(k as keyof Options));
  if (extra.length) throw new UsageError(`unexpected option${extra.length > 1 ? 's' : ''} ${extra.map((e) => `--${e}`).join(', ')}\n${USAGE}`);
  const out: Record<string, string> = {};
  for (const k of required) {
    const v = opts[k];
    if (typeof v !== 'string' || v.trim() === '') throw new UsageError(`--${k} is required\n${USAGE}`);
    out[k] = v.trim();
  }
  return out;
}

function noArgs(words: string[], n: number): void {
  if (words.length !== n) throw new UsageError(USAGE);
}

const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
const note = (message: string) => process.stderr.write(`${message}\n`);
const at = () => new Date().toISOString();

async function team(db: Knex, slug: string): Promise<TeamRow> {
  const t = await findTeamBySlug(db, slug);
  if (!t) throw new Refused(`no team with slug ${JSON.stringify(slug)} (create it with: team create --name NAME --slug ${slug})`);
  return t;
}

const teamJson = (t: TeamRow) => ({ id: t.id, name: t.name, slug: t.slug, created_at: t.created_at });
const keyJson = (k: ApiKeyRow, slug: string) => ({
  client_id: k.client_id,
  label: k.label,
  scopes: k.scopes,
  team: slug,
  status: k.status,
  created_at: k.created_at,
  revoked_at: k.revoked_at,
});

function scopes(raw: string): Scope[] {
  const list = [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];
  const unknown = list.filter((s) => !(ALL_SCOPES as readonly string[]).includes(s));
  if (list.length === 0 || unknown.length) throw new UsageError(`unknown scope${unknown.length > 1 ? 's' : ''} ${unknown.join(', ') || '(none given)'}; scopes: ${ALL_SCOPES.join(', ')}`);
  return list as Scope[];
}

function positiveInt(raw: string, name: string, max: number): number {
  if (!/^\d{1,13}$/.test(raw) || Number(raw) < 1 || Number(raw) > max) throw new UsageError(`--${name} must be a whole number from 1 to ${max}, got ${JSON.stringify(raw)}`);
  return Number(raw);
}

type Command = (db: Knex, words: string[], opts: Options) => Promise<void | number>;

/** `import FILE...` and `verify` (src/admin/importCommands.ts). */
const dataCommand: Command = async (db, words, opts) => {
  try {
    if (words[0] === 'verify') {
      noArgs(words, 1);
      need(opts, []);
      return await verifyCommand(db);
    }
    need(opts, [], ['format', 'type', 'mode', 'source', 'dry-run', 'complete']);
    const { format, type, mode, source } = opts;
    return await importCommand(db, { files: words.slice(1), format, type, mode, source, dryRun: opts['dry-run'] ?? false, complete: opts.complete ?? false });
  } catch (err) {
    if (err instanceof ImportUsageError) throw new UsageError(err.message);
    throw err;
  }
};

const COMMANDS: Record<string, Command> = {
  'team create': async (db, words, opts) => {
    noArgs(words, 2);
    const o = need(opts, ['name', 'slug']);
    if (!SLUG.test(o.slug!)) throw new UsageError('--slug must be lower-case letters, digits and dashes (at most 100), starting and ending with a letter or digit');
    if (o.name!.length > 200) throw new UsageError('--name must be at most 200 characters');
    try {
      print(teamJson(await insertTeam(db, { name: o.name!, slug: o.slug!, createdBy: 'admin', at: at() })));
    } catch (err) {
      if (!(err instanceof SlugTakenError)) throw err;
      const existing = (await findTeamBySlug(db, o.slug!))!;
      // the same team again: nothing to do
      if (existing.name !== o.name) throw new Refused(`the slug ${o.slug} belongs to the team ${JSON.stringify(existing.name)}`);
      note(`team ${o.slug} already exists`);
      print(teamJson(existing));
    }
  },
  'key create': async (db, words, opts) => {
    noArgs(words, 2);
    const o = need(opts, ['team', 'scopes', 'label']);
    const granted = scopes(o.scopes!);
    if (o.label!.length > 200) throw new UsageError('--label must be at most 200 characters');
    const t = await team(db, o.team!);
    const secret = randomToken(32);
    const row = await insertKey(db, {
      clientId: `key_${crypto.randomBytes(12).toString('hex')}`,
      secretHash: hashSecret(secret),
      label: o.label!,
      scopes: granted,
      teamId: t.id,
      createdBy: 'admin',
      at: at(),
    });
    note('the client_secret is shown only now: store it');
    print({ ...keyJson(row, t.slug), client_secret: secret });
  },
  'key revoke': async (db, words, opts) => {
    need(opts, []);
    if (words.length !== 3 || !words[2]) throw new UsageError(`key revoke takes one CLIENT_ID\n${USAGE}`);
    const row = await revokeKeyByClientId(db, words[2], at());
    if (!row) throw new Refused(`no key with client id ${JSON.stringify(words[2])}`);
    note(`key ${row.client_id} is ${row.status}; processes stop accepting its tokens within KEY_CACHE_SECONDS`);
    const t = (await db('teams').where({ id: row.team_id }).first('slug')) as { slug: string };
    print(keyJson(row, t.slug));
  },
  'key list': async (db, words, opts) => {
    noArgs(words, 2);
    const t = await team(db, need(opts, ['team']).team!);
    const { rows } = await listTeamKeys(db, t.id, 10_000, 0);
    print(rows.map((k) => keyJson(k, t.slug)));
  },
  'credits grant': async (db, words, opts) => {
    noArgs(words, 2);
    const o = need(opts, ['team', 'amount']);
    const amount = positiveInt(o.amount!, 'amount', MAX_GRANT);
    const t = await team(db, o.team!);
    const row = await grantCredits(db, t.id, amount, at());
    if (!row) throw new Refused(`the team ${t.slug} has no credit balance row`);
    print({ team: t.slug, granted_now: amount, ...row });
  },
  'credits show': async (db, words, opts) => {
    noArgs(words, 2);
    const t = await team(db, need(opts, ['team']).team!);
    print({ team: t.slug, ...((await getBalanceRow(db, t.id)) ?? { balance: 0, granted: 0 }) });
  },
  'user create': async (db, words, opts) => {
    noArgs(words, 2);
    const o = need(opts, ['email', 'plan']);
    const email = o.email!.toLowerCase();
    if (!EMAIL.test(email)) throw new UsageError(`--email must be an email address, got ${JSON.stringify(o.email)}`);
    if (o.plan !== 'free' && o.plan !== 'premium') throw new UsageError('--plan must be free or premium');
    const password = randomToken(18);
    try {
      await insertUser(db, { email, password_hash: hashSecret(password), plan: o.plan, ecosystem: null });
    } catch (err) {
      if (err instanceof EmailTakenError) throw new Refused(`a user ${email} already exists (user delete --email ${email} first to replace it)`);
      throw err;
    }
    note('the password is shown only now: hand it over and let the user keep it');
    print({ email, plan: o.plan, password });
  },
  'user delete': async (db, words, opts) => {
    noArgs(words, 2);
    const email = need(opts, ['email']).email!.toLowerCase();
    const n = await deleteUserByEmail(db, email);
    note(n ? `user ${email} deleted` : `no user ${email}: nothing to do`);
    print({ email, deleted: n > 0 });
  },
  'ecosystem list': async (db, words, opts) => {
    noArgs(words, 2);
    need(opts, []);
    print(await listEcosystems(db));
  },
  'ecosystem set': async (db, words, opts) => {
    if (words.length !== 3 || !SLUG.test(words[2]!) || words[2]!.length > 64) throw new UsageError(`ecosystem set takes one ID: lower-case letters, digits and dashes (at most 64)\n${USAGE}`);
    const o = need(opts, ['name', 'currency'], ['places']);
    if (o.name!.length > 200) throw new UsageError('--name must be at most 200 characters');
    const currency = o.currency!.toUpperCase();
    const known = await knownCurrencies(db);
    if (!known.includes(currency)) throw new UsageError(`--currency must be one of ${known.sort().join(', ')}, got ${JSON.stringify(o.currency)}`);
    const keys = [...new Set((opts.places ?? '').split(',').map((p) => p.trim()).filter(Boolean))];
    const found = await placesNamed(db, keys);
    const placeIds: number[] = [];
    for (const [key, rows] of found) {
      if (rows.length === 0) throw new Refused(`no place ${JSON.stringify(key)}`);
      if (rows.length > 1) throw new Refused(`${JSON.stringify(key)} names ${rows.length} places (${rows.map((r) => `${r.id} ${r.kind}`).join(', ')}): give the id`);
      placeIds.push(rows[0]!.id);
    }
    await putEcosystem(db, { id: words[2]!, name: o.name!, currency, placeIds, at: at() });
    print((await listEcosystems(db)).find((e) => e.id === words[2]));
  },
  'ecosystem delete': async (db, words, opts) => {
    need(opts, []);
    if (words.length !== 3 || !words[2]) throw new UsageError(`ecosystem delete takes one ID\n${USAGE}`);
    const deleted = await deleteEcosystem(db, words[2]);
    note(deleted ? `ecosystem ${words[2]} deleted; its users keep the id and get USD until it exists again` : `no ecosystem ${words[2]}: nothing to do`);
    print({ id: words[2], deleted });
  },
  'dev-key delete': async (db, words, opts) => {
    noArgs(words, 2);
    need(opts, []);
    const keys = await deleteKeyByClientId(db, DEV_CLIENT.clientId);
    const users: string[] = [];
    for (const u of DEMO_USERS) if (await deleteUserByEmail(db, u.email)) users.push(u.email);
    note(keys || users.length ? `removed the development key ${DEV_CLIENT.clientId} and demo users` : 'no development key or demo user: nothing to do');
    print({ dev_key_deleted: keys > 0, demo_users_deleted: users });
  },
};

/** Commands that need no database. */
async function signingKeyCreate(words: string[], opts: Options): Promise<void> {
  noArgs(words, 2);
  const out = need(opts, ['out']).out!;
  try {
    const kid = await createSigningKeyFile(out);
    note(`signing key written to ${out} (mode 0600): give every process SIGNING_KEY_FILE=${out}`);
    print({ file: out, kid });
  } catch (err) {
    if (err instanceof SigningKeyExistsError) throw new Refused(`${out} already exists: it is kept (tokens it signed would stop verifying); choose another --out`);
    throw err;
  }
}

export async function main(argv: string[]): Promise<number> {
  // asked for, the usage is the answer (stdout, success); without a command it is an error (stderr, 2)
  if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  try {
    const { words, opts } = parse(argv);
    const command = words.slice(0, 2).join(' ');
    // migrate and seed are the database command line's own (src/admin/database.ts)
    if (words[0] === 'migrate' || words[0] === 'seed') return await dbMain(argv);
    if (command === 'signing-key create') {
      await signingKeyCreate(words, opts);
      return 0;
    }
    const run = words[0] === 'import' || words[0] === 'verify' ? dataCommand : COMMANDS[command];
    if (!run) throw new UsageError(`unknown command ${JSON.stringify(words.join(' '))}\n${USAGE}`);
    const cfg = loadConfig();
    const db = createDb({ dbClient: cfg.dbClient, sqliteFile: cfg.sqliteFile, databaseUrl: cfg.databaseUrl, dbPoolMax: 2 });
    try {
      await migrate(db);
      return (await run(db, words, opts)) ?? 0;
    } finally {
      await db.destroy();
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (err instanceof UsageError || err instanceof ConfigError || code?.startsWith('ERR_PARSE_ARGS')) {
      note((err as Error).message);
      return 2;
    }
    if (err instanceof Refused) {
      note(err.message);
      return 1;
    }
    throw err;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
