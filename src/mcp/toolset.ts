/**
 * The two toolsets of `/mcp`: `agent` (the default, agent.ts: a dozen tools made for agents) and
 * `full` (one tool per read operation of openapi.yaml, tools.ts), chosen with `?toolset=`. A tool is
 * its listing and a `run` that calls operations through the HTTP pipeline (dispatch.ts) and shapes
 * the answer to fit (shape.ts). Results carry their data once, as JSON text (what every client
 * passes to its model), with `_meta` saying what the call cost.
 */
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Document } from 'openapi-backend';
import { validationError, type Outcome } from './dispatch.js';
import { shape, type ShapeOptions } from './shape.js';
import { toolsFromDocument } from './tools.js';

type Json = Record<string, unknown>;

export const TOOLSETS = ['agent', 'full'] as const;
export type Toolset = (typeof TOOLSETS)[number];

export interface ToolContext {
  /** Runs operation `operationId` with these arguments (path and query parameters). */
  call(operationId: string, args: Json): Promise<Outcome>;
  /** The tool error of arguments that the schema let through but the tool refuses. */
  invalid(problems: { path: string; message: string }[]): CallToolResult;
}

export interface McpTool {
  name: string;
  title: string;
  description: string;
  inputSchema: Json & { type: 'object' };
  annotations: Json;
  run(args: Json, ctx: ToolContext): Promise<CallToolResult>;
}

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export function readOnly(tool: Omit<McpTool, 'annotations'>): McpTool {
  return { ...tool, annotations: { title: tool.title, ...READ_ONLY } };
}

export { validationError };

/** The tool result of an operation's outcome: its body shaped to fit, as JSON text. */
export function answer(outcome: Outcome, opts: ShapeOptions = {}): CallToolResult {
  if (!outcome.ok) return outcome.result;
  return { content: [{ type: 'text', text: JSON.stringify(shape(outcome.body, opts)) }], _meta: outcome.meta };
}

/** One tool per read operation: the operation's own name, parameters and description. */
export function fullToolset(doc: Document): McpTool[] {
  return toolsFromDocument(doc).map((op) =>
    readOnly({
      name: op.name,
      title: op.title ?? op.name,
      description: op.description,
      inputSchema: op.inputSchema,
      run: (args, ctx) => ctx.call(op.name, args).then((r) => answer(r, { cursor: args.cursor })),
    }),
  );
}

/** What `tools/list` answers for these tools. */
export function listing(tools: readonly McpTool[]): Tool[] {
  return tools.map(({ name, title, description, inputSchema, annotations }) => ({ name, title, description, inputSchema, annotations }) as Tool);
}
