/** Platform API keys (M2M): create, list, get, revoke — always within the caller's team. */
import crypto from 'node:crypto';
import type { components } from '../generated/api.js';
import { hashSecretAsync, randomToken } from '../src/auth/secrets.js';
import type { Principal } from '../src/auth/verify.js';
import { now } from '../src/config.js';
import { findTeamKey, insertKey, listTeamKeys, revokeTeamKey, type ApiKeyRow } from '../src/db/apiKeys.js';
import { ApiError, notFound } from '../src/errors.js';
import { created, numericId, ok, type HandlerMap } from '../src/http/context.js';

type ApiKey = components['schemas']['ApiKey'];

export function apiKey(k: ApiKeyRow): ApiKey {
  return {
    id: k.id,
    client_id: k.client_id,
    label: k.label,
    scopes: k.scopes as ApiKey['scopes'],
    team_id: k.team_id,
    created_by: k.created_by,
    status: k.status,
    created_at: k.created_at,
    revoked_at: k.revoked_at,
  };
}

/** The caller's team; keys are managed by API keys only (browser-app tokens cannot write). */
function teamOf(p: Principal | null): number {
  if (!p || p.teamId === null) throw new ApiError('FORBIDDEN', 'API keys are managed with an API key of the team');
  return p.teamId;
}

export const apiKeyHandlers: HandlerMap = {
  createApiKey: async (ctx) => {
    const teamId = teamOf(ctx.principal);
    const missing = ctx.body.scopes.filter((s) => !ctx.principal!.scopes.has(s));
    if (missing.length > 0) {
      throw new ApiError('FORBIDDEN', `Only scopes the caller holds can be granted; not held: ${missing.join(', ')}`, {
        scopes: missing.join(' '),
      });
    }
    const secret = randomToken(32);
    const row = await insertKey(ctx.deps.db, {
      clientId: `key_${crypto.randomBytes(12).toString('hex')}`,
      secretHash: await hashSecretAsync(secret),
      label: ctx.body.label,
      scopes: ctx.body.scopes,
      teamId,
      createdBy: ctx.principal!.sub,
      at: now(ctx.deps.cfg).toISOString(),
    });
    return created('createApiKey', { data: { ...apiKey(row), client_secret: secret } });
  },

  listApiKeys: async (ctx) => {
    const limit = ctx.query.limit ?? 25;
    const offset = ctx.query.offset ?? 0;
    const { rows, total } = await listTeamKeys(ctx.deps.db, teamOf(ctx.principal), limit, offset);
    return ok('listApiKeys', { data: rows.map(apiKey), page: { limit, offset, total } });
  },

  getApiKey: async (ctx) => {
    const row = await findTeamKey(ctx.deps.db, teamOf(ctx.principal), numericId(ctx.params.id) ?? 0);
    if (!row) throw notFound(`API key ${ctx.params.id} not found`);
    return ok('getApiKey', { data: apiKey(row) });
  },

  revokeApiKey: async (ctx) => {
    const row = await revokeTeamKey(ctx.deps.db, teamOf(ctx.principal), numericId(ctx.params.id) ?? 0, now(ctx.deps.cfg).toISOString());
    if (!row) throw notFound(`API key ${ctx.params.id} not found`);
    ctx.deps.auth.invalidateKey(row.client_id);
    return ok('revokeApiKey', { data: apiKey(row) });
  },
};
