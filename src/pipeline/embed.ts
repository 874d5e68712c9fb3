/**
 * Records embedded in another answer (the change feed's `include=record`): each is produced by its
 * own detail operation's handler and then passes the same response policies as that operation's
 * answer (version downgrade, then tier locks), so it is exactly what `GET` of the record returns
 * to the same caller with the same `currency` and `API-Version`.
 */
import type { Ctx, RecordEmbedder, Result } from '../http/context.js';
import { ApiError } from '../errors.js';
import { rowValue } from '../http/rawJson.js';
import type { StoredFields } from '../versions/change.js';
import { lockResult } from './locks.js';
import type { OperationPlan } from './operation.js';
import { downgrade } from './versionResponse.js';

export function recordEmbedder(plans: readonly OperationPlan[], stored: StoredFields): RecordEmbedder {
  const planOf = new Map(plans.map((p) => [p.id, p]));
  const plan = (id: string): OperationPlan => {
    const p = planOf.get(id);
    if (!p) throw new Error(`no operation ${id}`);
    return p;
  };
  return {
    scopes: (id) => plan(id).scopes ?? [],
    async record(ctx, operationId, id) {
      const op = plan(operationId);
      const sub = { ...ctx, operationId, params: { id: String(id) }, query: { currency: ctx.money.currency }, body: undefined } as unknown as Ctx;
      let result: Result;
      try {
        result = await (op.handler as (c: Ctx) => Promise<Result>)(sub);
      } catch (err) {
        if (err instanceof ApiError && err.code === 'NOT_FOUND') return null;
        throw err;
      }
      await downgrade(operationId, result, { info: ctx.version, query: {}, notes: [], legacy: {}, filter: null as never }, stored);
      lockResult(op.locks, ctx.principal, result);
      // a record kept as its text becomes a value of the embedding answer
      return rowValue((result.body as { data?: unknown }).data ?? null);
    },
  };
}
