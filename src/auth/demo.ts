/**
 * The development credentials the seed writes (seeds/platform.ts): public, printed by `make run`
 * (src/banner.ts) and in README. A production start refuses while any of them works
 * (src/production.ts); `npm run admin -- dev-key delete` removes them.
 */
import crypto from 'node:crypto';

export const DEV_CLIENT = { clientId: 'dev-client', secret: 'dev-secret' } as const;

export const DEMO_USERS = [
  { email: 'free@example.com', password: 'free-password', plan: 'free', ecosystem: null },
  { email: 'premium@example.com', password: 'premium-password', plan: 'premium', ecosystem: 'berlin' },
] as const;

/**
 * A published PKCE pair for trying the browser sign-in by hand: the printed sign-in URL carries its
 * challenge and README's code exchange its verifier. Harmless to publish: a code is bound to the
 * registered redirect URI, lives 60 s and is redeemed once, and anyone signing in picks a fresh pair.
 */
export const DEMO_PKCE_VERIFIER = 'funding-data-api-demo-verifier-not-a-secret-0001';
export const DEMO_PKCE_CHALLENGE = crypto.createHash('sha256').update(DEMO_PKCE_VERIFIER).digest('base64url');

/** The browser sign-in URL of the registered app with the demo PKCE challenge. */
export function demoSignInUrl(authUrl: string, app: { clientId: string; redirectUris: readonly string[] }): string {
  const params = new URLSearchParams({
    client_id: app.clientId,
    redirect_uri: app.redirectUris[0] ?? '',
    response_type: 'code',
    code_challenge: DEMO_PKCE_CHALLENGE,
    code_challenge_method: 'S256',
    state: 'demo',
  });
  return `${authUrl}/authorize?${params}`;
}
