/**
 * `POST {base_url}/mcp`: the Model Context Protocol's Streamable HTTP transport, stateless (a server
 * and a transport per request, JSON answers, no sessions), on the official SDK. Authentication is the
 * API's (Bearer token, X-Client-Id for API keys); a request without a valid token is refused with 401
 * and a `WWW-Authenticate` challenge naming the protected-resource metadata (RFC 9728), served at
 * `/.well-known/oauth-protected-resource`. Tools are the document's read operations (tools.ts), and
 * every call runs through the HTTP pipeline (dispatch.ts).
 */
import express, { type NextFunction, type Request, type Response } from 'express';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Document } from 'openapi-backend';
import type { Config } from '../config.js';
import { ApiError } from '../errors.js';
import type { Authenticator } from '../auth/verify.js';
import { callTool } from './dispatch.js';
import type { RequestHandler } from './inject.js';
import { toolsFromDocument } from './tools.js';

export const MCP_PATH = '/mcp';
const METADATA_PATH = '/.well-known/oauth-protected-resource';
const BODY_LIMIT = '100kb';

/** Every scope the document's security schemes define (the metadata's `scopes_supported`). */
function scopesOf(doc: Document): string[] {
  const scopes = new Set<string>();
  const schemes = (doc.components?.securitySchemes ?? {}) as Record<string, { flows?: Record<string, { scopes?: Record<string, string> }> }>;
  for (const scheme of Object.values(schemes)) for (const flow of Object.values(scheme.flows ?? {})) for (const s of Object.keys(flow.scopes ?? {})) scopes.add(s);
  return [...scopes].sort();
}

export function mcpRoutes(opts: { cfg: Config; auth: Authenticator; doc: Document; version: string; app: () => RequestHandler }) {
  const { cfg, auth, doc } = opts;
  const tools = toolsFromDocument(doc);
  const byName = new Map(tools.map((t) => [t.name, t]));
  // the list is built once: the document does not change while the process runs
  const listed: Tool[] = tools.map(({ name, title, description, inputSchema, outputSchema, annotations }) => ({ name, title, description, inputSchema, outputSchema, annotations }) as Tool);
  const metadataUrl = `${cfg.baseUrl}${METADATA_PATH}`;
  const metadata = {
    resource: `${cfg.baseUrl}${MCP_PATH}`,
    authorization_servers: [cfg.authUrl],
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

  function serverFor(req: Request, res: Response): Server {
    const server = new Server({ name: 'funding-data-api', version: opts.version }, { capabilities: { tools: { listChanged: false } }, jsonSchemaValidator });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listed }));
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const tool = byName.get(request.params.name);
      if (!tool) {
        const message = `No tool ${request.params.name}`;
        return { isError: true, content: [{ type: 'text', text: JSON.stringify({ error: { code: 'NOT_FOUND', message, details: null } }) }], _meta: { credits_used: 0 } };
      }
      // the operation's log line carries the MCP request's id
      const requestId = (res.locals as { requestId?: string }).requestId;
      return callTool(opts.app(), tool, request.params.arguments ?? {}, requestId ? { ...req.headers, 'x-request-id': requestId } : req.headers);
    });
    return server;
  }

  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (req.path === METADATA_PATH || req.path === `${METADATA_PATH}${MCP_PATH}`) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next(new ApiError('METHOD_NOT_ALLOWED', `Method ${req.method} is not allowed on ${req.path}; allowed: GET`, null, { headers: { Allow: 'GET' } }));
      res.set('Cache-Control', 'public, max-age=3600').json(metadata);
      return;
    }
    if (req.path !== MCP_PATH) return next();
    (res.locals as { operationId?: string }).operationId = 'mcp';
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
      if (!req.is('application/json')) throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'MCP messages are application/json');
      await new Promise<void>((resolve, reject) => json(req, res, (err?: unknown) => (err ? reject(err) : resolve())));
    } catch (err) {
      return next(withMetadata(err));
    }
    const server = serverFor(req, res);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    } catch (err) {
      next(err);
    }
  };
}
