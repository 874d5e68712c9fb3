import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../src/app.js';
import { agentToolset } from '../../src/mcp/agent.js';
import { ArgumentValidator } from '../../src/mcp/arguments.js';
import { requestUrl } from '../../src/mcp/dispatch.js';
import { fullToolset } from '../../src/mcp/toolset.js';
import { toolsFromDocument } from '../../src/mcp/tools.js';

const doc = () => loadDocument(new Date('2026-11-25T00:00:00Z')) as any;

describe('MCP tools from openapi.yaml', () => {
  it('makes one tool per GET under /data, /analytics and /reference answering 200 JSON, no $ref left', () => {
    const d = doc();
    const tools = toolsFromDocument(d);
    const expected = Object.entries(d.paths as Record<string, any>)
      .filter(([p, item]) => /^\/(data|analytics|reference)\//.test(p) && item.get?.responses?.['200']?.content?.['application/json'])
      .map(([, item]) => item.get.operationId);
    expect(tools.map((t) => t.name)).toEqual(expected);
    expect(tools.some((t) => t.path.startsWith('/platform') || t.path.startsWith('/system'))).toBe(false);
    expect(JSON.stringify(tools)).not.toContain('$ref');
    // the streamed exports are HTTP's: no tool, and no list tool takes `format`
    expect(tools.filter((t) => t.path.startsWith('/data/exports/'))).toEqual([]);
    expect(tools.filter((t) => 'format' in (t.inputSchema.properties as object)).map((t) => t.name)).toEqual([]);
  });

  it('turns a new operation of the document into a tool with no MCP code', () => {
    const d = doc();
    d.paths['/data/widgets/{id}'] = {
      get: {
        operationId: 'getWidget',
        summary: 'A widget',
        description: 'One widget.',
        parameters: [
          { $ref: '#/components/parameters/NumericId' },
          { $ref: '#/components/parameters/Currency' },
          { name: 'fields', in: 'query', style: 'form', explode: false, schema: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } } },
          { $ref: '#/components/parameters/ApiVersion' },
        ],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { data: { $ref: '#/components/schemas/CurrencyCode' } } } } } } },
      },
    };
    const tool = toolsFromDocument(d).find((t) => t.name === 'getWidget')!;
    expect(tool.description).toBe('A widget\n\nOne widget.');
    expect(tool.inputSchema.required).toEqual(['id']);
    expect(Object.keys(tool.inputSchema.properties as object)).toEqual(['id', 'currency', 'fields', 'api_version']);
    expect((tool.inputSchema.properties as any).id).toMatchObject({ type: 'string', pattern: '^[0-9]+$' });
    expect((tool.inputSchema.properties as any).currency.enum).toContain('EUR');
    expect(requestUrl(tool, { id: '7', fields: ['a', 'b'], currency: 'EUR', api_version: '2026-10-09' }).url).toBe('/data/widgets/7?currency=EUR&fields=a%2Cb');
    expect(requestUrl(tool, { id: '../x' }).url).toBe('/data/widgets/..%2Fx');
    expect(requestUrl(tool, { id: '..' }).url).toBe('/data/widgets/%2E%2E');
    expect(requestUrl(tool, {}).missing).toEqual(['id']);
  });
});

describe('MCP toolsets', () => {
  it('compiles every input schema of both toolsets, refuses what is outside them and coerces what a query string would', () => {
    const d = doc();
    for (const tools of [agentToolset(d), fullToolset(d)]) {
      const validator = new ArgumentValidator(new Map(tools.map((t) => [t.name, t.inputSchema])));
      for (const t of tools) {
        expect(t.inputSchema.additionalProperties).toBe(false);
        expect(() => validator.check(t.name, {})).not.toThrow();
        expect(validator.check(t.name, { not_an_argument: 1 })).toContainEqual({ path: 'arguments.not_an_argument', message: 'is not an argument of this tool' });
      }
    }
    const agent = agentToolset(d);
    const validator = new ArgumentValidator(new Map(agent.map((t) => [t.name, t.inputSchema])));
    const args: Record<string, unknown> = { source: 'funding-rounds', group_by: 'country', limit: '5' };
    expect(validator.check('funding_aggregate', args)).toEqual([]);
    expect(args).toMatchObject({ group_by: ['country'], limit: 5 });
    let deep: unknown = 'x';
    for (let i = 0; i < 20; i++) deep = [deep];
    expect(validator.check('list_records', { type: 'transactions', fields: deep })).toEqual([{ path: 'arguments', message: 'nests deeper than 16 levels' }]);
  });
});
