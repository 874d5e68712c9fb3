/**
 * Platform rows: the development team and key (dev-client / dev-secret, every scope, plenty of
 * credits), a second team without a key, the browser-app users and the ecosystem of the premium
 * one, reference currency rates and the landscapes; with the first company, the development team's
 * first note (writeFirstNote). Secrets are hashed with a salt derived from the seed so that reruns are identical.
 */
import crypto from 'node:crypto';
import { ALL_SCOPES } from '../src/access/scopes.js';
import { DEMO_USERS, DEV_CLIENT } from '../src/auth/demo.js';
import { hashSecret } from '../src/auth/secrets.js';
import type { Ctx } from './context.js';

const AT = '2026-01-15T09:00:00.000Z';

/** The ecosystems of the demo users (src/auth/demo.ts): the places they cover, as city name and country. */
const ECOSYSTEMS = [{ id: 'berlin', name: 'Berlin', currency: 'EUR', cities: [['Berlin', 'DE']] as const }];

/** A deterministic salt per secret (the hash format is the service's own). */
function salt(seed: number, label: string): Buffer {
  return crypto.createHash('sha256').update(`fundingdata-seed:${seed}:${label}`).digest().subarray(0, 16);
}

export function writePlatform(ctx: Ctx): void {
  const w = ctx.w;
  w.add('teams', { id: 1, name: 'Dev Team', slug: 'dev-team', created_by: 'dev@example.com', is_active: true, created_at: AT, updated_at: AT });
  w.add('teams', { id: 2, name: 'Other Team', slug: 'other-team', created_by: 'other@example.com', is_active: true, created_at: AT, updated_at: AT });
  w.addAll('team_members', [
    { team_id: 1, member: 'dev@example.com', role: 'owner' },
    { team_id: 1, member: 'alice@example.com', role: 'admin' },
    { team_id: 1, member: 'bob@example.com', role: 'member' },
    { team_id: 2, member: 'other@example.com', role: 'owner' },
  ]);
  w.add('api_keys', {
    id: 1, client_id: DEV_CLIENT.clientId, secret_hash: hashSecret(DEV_CLIENT.secret, salt(ctx.seed, 'dev-client')), label: 'Development key',
    scopes: JSON.stringify([...ALL_SCOPES]), team_id: 1, created_by: 'dev@example.com', status: 'active', created_at: AT, revoked_at: null,
  });
  w.addAll(
    'users',
    DEMO_USERS.map((u, i) => ({ id: i + 1, email: u.email, password_hash: hashSecret(u.password, salt(ctx.seed, u.plan)), plan: u.plan, ecosystem: u.ecosystem })),
  );
  for (const e of ECOSYSTEMS) {
    w.add('ecosystems', { id: e.id, name: e.name, currency: e.currency, created_at: AT, updated_at: AT });
    for (const [city, iso2] of e.cities) w.add('ecosystem_places', { ecosystem_id: e.id, place_id: ctx.ref.cityByName(city, iso2).id });
  }
  w.addAll('credit_balances', [
    { team_id: 1, balance: 1_000_000_000, granted: 1_000_000_000, updated_at: AT },
    { team_id: 2, balance: 0, granted: 0, updated_at: AT },
  ]);
  for (const [currency, perUsd] of ctx.ref.fx) w.add('fx_rates', { currency, per_usd: perUsd, as_of: '2026-11-01' });
  ctx.ref.landscapes.forEach((l, i) => {
    w.add('landscapes', { id: i + 1, slug: l.slug, name: l.name, description: l.description });
    for (const t of new Set(l.taxonomyIds)) w.add('landscape_taxonomy', { landscape_id: i + 1, taxonomy_id: t });
  });
}

/**
 * The development team's note 1, on the first company: the note id and entity examples of
 * openapi.yaml (`getNote`, `createNote`) then name records of every seeded install.
 */
export function writeFirstNote(ctx: Ctx, companyId: number): void {
  ctx.w.add('notes', {
    id: 1, team_id: 1, entity_id: companyId, body: 'Met the founders at Web Summit; follow up after their Series A closes.',
    created_by: DEV_CLIENT.clientId, created_at: AT, updated_at: AT,
  });
}
