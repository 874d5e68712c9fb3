/**
 * What `make run` prints once the ports answer: where the API, its identity provider and reference
 * are, and outside production the development key, the demo users and a sign-in URL ready to open,
 * so that a newcomer's first call and first browser sign-in need nothing else (README "First call").
 */
import { DEMO_USERS, DEV_CLIENT, demoSignInUrl } from './auth/demo.js';
import type { Config } from './config.js';

export function startupBanner(s: { baseUrl: string; authUrl: string; cfg: Config }): string[] {
  const { cfg } = s;
  const dev = cfg.nodeEnv !== 'production';
  const lines = [
    '',
    `  Funding Data API is running`,
    `  Base URL:      ${s.baseUrl}`,
    `  Reference:     ${s.baseUrl}/docs`,
    `  Auth URL:      ${s.authUrl}`,
    `  Audience:      ${cfg.audience}`,
  ];
  if (dev) lines.push(`  Dev client id: ${DEV_CLIENT.clientId}`, `  Dev secret:    ${DEV_CLIENT.secret}`);
  lines.push(`  Database:      ${cfg.dbClient === 'sqlite' ? cfg.sqliteFile : 'postgres'}`, `  Processes:     ${cfg.workers} (WORKERS)`, '');
  if (!dev) return lines;
  const width = Math.max(...DEMO_USERS.map((u) => u.email.length));
  const pw = Math.max(...DEMO_USERS.map((u) => u.password.length));
  return [
    ...lines,
    '  Try it:',
    `  TOKEN=$(curl -sS --fail-with-body -X POST ${s.authUrl}/oauth/token -H 'Content-Type: application/json' \\`,
    `    -d '{"client_id":"${DEV_CLIENT.clientId}","client_secret":"${DEV_CLIENT.secret}","audience":"${cfg.audience}","grant_type":"client_credentials"}' \\`,
    `    | sed -E 's/.*"access_token":"([^"]+)".*/\\1/')`,
    `  curl -sS --fail-with-body '${s.baseUrl}/data/transactions?limit=2' -H "Authorization: Bearer $TOKEN" -H 'X-Client-Id: ${DEV_CLIENT.clientId}'`,
    '',
    '  Browser sign-in (README "Browser sign-in"), demo users:',
    ...DEMO_USERS.map((u) => `    ${u.email.padEnd(width)}  ${u.password.padEnd(pw)}  (${u.plan} plan)`),
    `  ${demoSignInUrl(s.authUrl, cfg.app)}`,
    '',
  ];
}
