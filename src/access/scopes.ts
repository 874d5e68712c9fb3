/** Every scope the service knows (SPEC.md 5.4 plus DESIGN.md's map for the endpoints it leaves open). */
export const ALL_SCOPES = [
  'read:entities',
  'read:investors',
  'read:founders',
  'read:transactions',
  'read:valuations',
  'read:analytics',
  'manage:platform',
] as const;

export type Scope = (typeof ALL_SCOPES)[number];

/** Scopes a browser-app (PKCE) token may carry: read-only ones. */
export const READ_ONLY_SCOPES: readonly Scope[] = ALL_SCOPES.filter((s) => s.startsWith('read:'));
