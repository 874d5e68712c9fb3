/** Safe retries of POST (the one method not idempotent by meaning): src/http/idempotency.ts around the handler. */
import type { Knex } from 'knex';
import { idempotent } from '../http/idempotency.js';
import type { Stage } from './operation.js';

export function idempotencyStage(db: Knex, now: () => Date): Stage {
  return (x, next) => {
    if (x.op.method !== 'post') return next();
    // the handler writes through the transaction its answer is stored in
    return idempotent(db, x.req.get('Idempotency-Key'), x.principal, x.op.id, x.body, now().getTime(), (trx) => {
      if (trx !== db) x.deps = { ...x.deps, db: trx };
      return next();
    });
  };
}
