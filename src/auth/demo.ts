/**
 * The development credentials the seed writes (seeds/platform.ts): public, printed by `make run`.
 * A production start refuses while any of them works (src/production.ts); `npm run admin --
 * dev-key delete` removes them.
 */
export const DEV_CLIENT = { clientId: 'dev-client', secret: 'dev-secret' } as const;

export const DEMO_USERS = [
  { email: 'free@example.com', password: 'free-password', plan: 'free', ecosystem: null },
  { email: 'premium@example.com', password: 'premium-password', plan: 'premium', ecosystem: 'berlin' },
] as const;
