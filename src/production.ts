/**
 * What a production start (NODE_ENV=production) refuses: no signing key file and no JWKS_URL (a
 * key made on first start would differ per replica and vanish with an ephemeral disk), and any of
 * the published development credentials still working (src/auth/demo.ts). CURSOR_SECRET is
 * required by the configuration itself (src/config.ts). The messages name the remedy and never a
 * secret.
 */
import type { Knex } from 'knex';
import type { Config } from './config.js';
import { DEMO_USERS, DEV_CLIENT } from './auth/demo.js';
import { verifySecret } from './auth/secrets.js';
import { signingKeyExists } from './auth/signing.js';
import { findKeyByClientId } from './db/apiKeys.js';
import { findUserByEmail } from './db/users.js';

export async function productionProblems(cfg: Pick<Config, 'signingKeyFile' | 'jwksUrl'>, db: Knex): Promise<string[]> {
  const problems: string[] = [];
  if (!cfg.jwksUrl && !signingKeyExists(cfg.signingKeyFile)) {
    problems.push(
      `no signing key: ${cfg.signingKeyFile} (SIGNING_KEY_FILE) does not exist and JWKS_URL is not set; create it with npm run admin -- signing-key create --out ${cfg.signingKeyFile}`,
    );
  }
  const devKey = await findKeyByClientId(db, DEV_CLIENT.clientId);
  if (devKey) problems.push(`the development key ${DEV_CLIENT.clientId} exists (status ${devKey.status}): remove it with npm run admin -- dev-key delete`);
  for (const u of DEMO_USERS) {
    const user = await findUserByEmail(db, u.email);
    if (user && (await verifySecret(u.password, user.password_hash))) {
      problems.push(`the demo user ${u.email} still has its published password: remove it with npm run admin -- dev-key delete`);
    }
  }
  return problems;
}

export class ProductionRefused extends Error {
  constructor(problems: string[]) {
    super(`Refusing to start with NODE_ENV=production:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}
