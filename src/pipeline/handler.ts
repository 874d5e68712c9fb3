/** The handler: the operation's typed context from the exchange, and its result. */
import type { Ctx, Result } from '../http/context.js';
import type { Exchange } from './operation.js';

export function contextOf(x: Exchange): Ctx {
  if (!x.money || !x.list) throw new Error('the list input stage must run before the handler');
  return {
    deps: x.deps,
    req: x.req,
    operationId: x.op.id as Ctx['operationId'],
    params: x.params as Ctx['params'],
    query: x.query as Ctx['query'],
    body: x.body as Ctx['body'],
    principal: x.principal,
    version: x.version.info,
    money: x.money,
    list: x.list,
  };
}

/** Calls the operation's handler (openapi-backend routed the request to it, so its input has the operation's shape). */
export const runHandler = (x: Exchange): Promise<Result> => (x.op.handler as (ctx: Ctx) => Promise<Result>)(contextOf(x));
