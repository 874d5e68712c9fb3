/**
 * `POST {base_url}/mcp`: the Model Context Protocol's Streamable HTTP transport, stateless (a server
 * and a transport per request, JSON answers, no sessions), on the official SDK. Authentication is the
 * API's (Bearer token, X-Client-Id for API keys); a request without a valid token is refused with 401
 * and a `WWW-Authenticate` challenge naming the protected-resource metadata (RFC 9728), served at
 * `/.well-known/oauth-protected-resource`. `?toolset=agent` (the default) or `?toolset=full` chooses
 * the tools (toolset.ts); every call runs through the HTTP pipeline (dispatch.ts).
 *
 * Bounded by design: a body is one message or a batch of at most MAX_BATCH, nested at most
 * MAX_ARGUMENT_DEPTH deep; the tool calls of one request run one after the other, each with the query
 * budget as its deadline and a capped answer; messages other than tool calls (initialize,
 * tools/list, ping) take one token each from the caller's rate-limit bucket, as tool calls do
 * through the pipeline; the whole request is work that shutdown waits for.
 */
import express, { type NextFunction, type Request, type Response } from 'express';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Document } from 'openapi-backend';
import type { RateLimiter } from '../access/rateLimit.js';
import type { Authenticator } from '../auth/verify.js';
import type { Config } from '../config.js';
import { ApiError } from '../errors.js';
import type { InFlight } from '../http/inflight.js';
import { rateLimitKey } from '../pipeline/access.js';
import { agentToolset } from './agent.js';
import { ArgumentValidator, depthExceeds, MAX_ARGUMENT_DEPTH } from './arguments.js';
import { runOperation, toolError, validationError } from './dispatch.js';
import type { RequestHandler } from './inject.js';
import { toolsFromDocument } from './tools.js';
import { fullToolset, listing, TOOLSETS, type McpTool, type Toolset } from './toolset.js';

export const MCP_PATH = '/mcp';
const METADATA_PATH = '/.well-known/oauth-protected-resource';
const BODY_LIMIT = '100kb';
/** The most JSON-RPC messages one request may carry. */
export const MAX_BATCH = 10;
/** The operations the toolsets call: the full set's, and the usage report. */
const CALLABLE = /^\/(data|analytics|reference)\/|^\/platform\/usage$/;

/** Every scope the document's security schemes define (the metadata's `scopes_supported`). */
function scopesOf(doc: Document): string[] {
  const scopes = new Set<string>();
  const schemes = (doc.components?.securitySchemes ?? {}) as Record<string, { flows?: Record<string, { scopes?: Record<string, string> }> }>;
  for (const scheme of Object.values(schemes)) for (const flow of Object.values(scheme.flows ?? {})) for (const s of Object.keys(flow.scopes ?? {})) scopes.add(s);
  return [...scopes].sort();
}

export interface McpDeps {
  cfg: Config;
  auth: Authenticator;
  doc: Document;
  version: string;
  app: () => RequestHandler;
  rateLimiter?: Pick<RateLimiter, 'take'>;
  inflight?: InFlight;
}

export function mcpRoutes(opts: McpDeps) {
  const { cfg, auth, doc } = opts;
  const operations = new Map(toolsFromDocument(doc, CALLABLE).map((t) => [t.name, t]));
  const sets = new Map<Toolset, { byName: Map<string, McpTool>; listed: ReturnType<typeof listing>; validator: ArgumentValidator }>();
  for (const [name, tools] of [['agent', agentToolset(doc)], ['full', fullToolset(doc)]] as const) {
    // the lists are built once: the document does not change while the process runs
    sets.set(name, { byName: new Map(tools.map((t) => [t.name, t])), listed: listing(tools), validator: new ArgumentValidator(new Map(tools.map((t) => [t.name, t.inputSchema]))) });
  }
  const metadataUrl = `${cfg.baseUrl}${METADATA_PATH}`;
  const metadata = {
    resource: `${cfg.baseUrl}${MCP_PATH}`,
    // the issuer: clients find its metadata at <issuer>/.well-known/oauth-authorization-server and
    // check that the metadata names this same issuer (RFC 8414 3.3)
    authorization_servers: [cfg.issuer],
    scopes_supported: scopesOf(doc),
    bearer_methods_supported: ['header'],
    resource_name: 'Funding Data API (MCP)',
    resource_documentation: `${cfg.baseUrl}/docs`,
  };
  const json = express.json({ limit: BODY_LIMIT, strict: true });
  // a Server builds its own Ajv instance unless given one (about 1 ms a request); this server never
  // validates with it (no elicitation), so one is shared
  const jsonSchemaValidator = new AjvJsonSchemaValidator();

  const withMetadata = (err: unknown): unknown => {
    if (!(err instanceof ApiError) || err.status !== 401) return err;
    const challenge = `${err.headers['WWW-Authenticate'] ?? 'Bearer'}, resource_metadata="${metadataUrl}"`;
    return new ApiError(err.code, err.message, err.details, { headers: { ...err.headers, 'WWW-Authenticate': challenge } });
  };

  function serverFor(req: Request, res: Response, toolset: Toolset): Server {
    const set = sets.get(toolset)!;
    const server = new Server({ name: 'funding-data-api', version: opts.version }, { capabilities: { tools: { listChanged: false } }, jsonSchemaValidator });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: set.listed }));
    // the calls of one request run in turn: a batch holds at most one operation's answer at a time
    let queue: Promise<unknown> = Promise.resolve();
    server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
      const run = async (): Promise<CallToolResult> => {
        const tool = set.byName.get(request.params.name);
        if (!tool) return toolError('NOT_FOUND', `No tool ${request.params.name} in the ${toolset} toolset`, null);
        const args = { ...(request.params.arguments ?? {}) };
        const problems = set.validator.check(tool.name, args);
        if (problems.length > 0) return validationError(problems);
        // the operation's log line carries the MCP request's id
        const requestId = (res.locals as { requestId?: string }).requestId;
        const headers = requestId ? { ...req.headers, 'x-request-id': requestId } : req.headers;
        const context = { app: opts.app(), headers, remoteAddress: req.socket.remoteAddress, signal: extra.signal, budgetMs: cfg.queryBudgetMs };
        return tool.run(args, {
          call: (operationId, a) => runOperation(operations.get(operationId)!, a, context),
          invalid: validationError,
        });
      };
      const result = queue.then(run);
      queue = result.catch(() => undefined);
      return result;
    });
    return server;
  }

  /** Checks the body's shape and charges the rate limit for what is not a tool call. */
  async function admit(req: Request, principal: Awaited<ReturnType<Authenticator['authenticate']>>): Promise<void> {
    const body: unknown = req.body;
    const messages = Array.isArray(body) ? body : [body];
    if (messages.length > MAX_BATCH) throw new ApiError('VALIDATION_ERROR', `A batch holds at most ${MAX_BATCH} JSON-RPC messages; got ${messages.length}`, [{ path: 'body', message: `at most ${MAX_BATCH} messages` }]);
    // recursive code downstream (schema validation, serialization) never sees a deeper body
    if (depthExceeds(body, MAX_ARGUMENT_DEPTH + 4)) throw new ApiError('VALIDATION_ERROR', `The message nests deeper than ${MAX_ARGUMENT_DEPTH} levels`, [{ path: 'body', message: 'nested too deep' }]);
    if (!opts.rateLimiter) return;
    const key = rateLimitKey(principal, req, cfg.trustProxy);
    for (const m of messages) {
      const method = (m as { method?: unknown } | null)?.method;
      const isRequest = (m as { id?: unknown } | null)?.id !== undefined;
      if (isRequest && method !== 'tools/call') await opts.rateLimiter.take(key);
    }
  }

  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (req.path === METADATA_PATH || req.path === `${METADATA_PATH}${MCP_PATH}`) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next(new ApiError('METHOD_NOT_ALLOWED', `Method ${req.method} is not allowed on ${req.path}; allowed: GET`, null, { headers: { Allow: 'GET' } }));
      res.set('Cache-Control', 'public, max-age=3600').json(metadata);
      return;
    }
    if (req.path !== MCP_PATH) return next();
    (res.locals as { operationId?: string }).operationId = 'mcp';
    let toolset: Toolset;
    try {
      // a browser page of a foreign origin must not reach the tools with a user's token (DNS rebinding)
      const origin = req.get('Origin');
      if (origin !== undefined && !cfg.app.origins.includes(origin)) throw new ApiError('FORBIDDEN', `Origin ${origin} is not allowed`);
      const principal = await auth.authenticate(req.headers, []);
      (res.locals as { clientId?: string | null }).clientId = principal.clientId;
      if (req.method !== 'POST') {
        // stateless: no server-initiated stream to open (GET) and no session to end (DELETE)
        throw new ApiError('METHOD_NOT_ALLOWED', `Method ${req.method} is not allowed on ${MCP_PATH}; allowed: POST`, null, { headers: { Allow: 'POST' } });
      }
      const asked = req.query.toolset ?? 'agent';
      if (!TOOLSETS.includes(asked as Toolset)) throw new ApiError('VALIDATION_ERROR', `toolset must be one of ${TOOLSETS.join(', ')}`, [{ path: 'query.toolset', message: `must be one of ${TOOLSETS.join(', ')}` }]);
      toolset = asked as Toolset;
      if (!req.is('application/json')) throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'MCP messages are application/json');
      await new Promise<void>((resolve, reject) => json(req, res, (err?: unknown) => (err ? reject(err) : resolve())));
      await admit(req, principal);
    } catch (err) {
      return next(withMetadata(err));
    }
    const server = serverFor(req, res, toolset);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    const closed = new Promise<void>((resolve) =>
      res.on('close', () => {
        // a client gone before its answer: closing the server aborts each running call's signal
        void transport.close();
        void server.close();
        resolve();
      }),
    );
    // shutdown waits for the request until its answer is written or its client is gone
    void (opts.inflight?.track(closed) ?? closed);
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    } catch (err) {
      next(err);
    }
  };
}
