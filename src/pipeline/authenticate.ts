/** Authentication: the bearer token (and `X-Client-Id` of API keys) of a protected operation -> the principal. */
import type { Authenticator } from '../auth/verify.js';
import type { Stage } from './operation.js';

export function authenticateStage(auth: Pick<Authenticator, 'authenticate'>): Stage {
  return async (x, next) => {
    // scopes are the access stage's to check
    x.principal = x.op.scopes === null ? null : await auth.authenticate(x.req.headers, []);
    x.state.clientId = x.principal?.clientId ?? null;
    return next();
  };
}
