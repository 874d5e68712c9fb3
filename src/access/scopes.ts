/** Every scope the service knows (the `oauth2` scheme of openapi.yaml; each operation names its scope). */
export const ALL_SCOPES = [
  'read:entities',
  'read:investors',
  'read:founders',
  'read:transactions',
  'read:valuations',
  'read:analytics',
  'manage:platform',
  'manage:data',
] as const;

export type Scope = (typeof ALL_SCOPES)[number];

/** Scopes a browser-app (PKCE) token may carry: read-only ones. */
export const READ_ONLY_SCOPES: readonly Scope[] = ALL_SCOPES.filter((s) => s.startsWith('read:'));
