/**
 * The default toolset, made for agents: a dozen tools over the API's read operations instead of one
 * per operation, so that the whole `tools/list` fits a context window (a test holds it under 40 KB).
 * Each tool names what an agent needs to call it right (record types, relations, every filter key
 * of every scope with its operators and fixed values) and answers through the same operations as
 * HTTP (dispatch.ts), shaped to fit (shape.ts): small pages with a cursor, `fields` or a summary.
 */
import type { Document } from 'openapi-backend';
import { SCOPES } from '../query/registry.js';
import { sortKeysOf } from '../query/sort.js';
import type { McpTool, ToolContext } from './toolset.js';
import { answer, readOnly } from './toolset.js';
import { toolsFromDocument, VERSION_ARGUMENT, type OperationTool } from './tools.js';

type Json = Record<string, unknown>;

/** List types and the operation and filter scope of each. */
const LISTS: Record<string, { op: string; scope: string }> = {
  transactions: { op: 'listTransactions', scope: 'funding' },
  companies: { op: 'listCompanies', scope: 'entity' },
  investors: { op: 'listInvestors', scope: 'entity' },
  founders: { op: 'listFounders', scope: 'entity' },
  people: { op: 'listPeople', scope: 'entity' },
  universities: { op: 'listUniversities', scope: 'entity' },
  gov_ngo: { op: 'listGovNgos', scope: 'entity' },
  entities: { op: 'listEntities', scope: 'entity' },
  funds: { op: 'listFunds', scope: 'fund' },
  valuations: { op: 'listValuations', scope: 'valuation' },
  news: { op: 'listNews', scope: 'news' },
  jobs: { op: 'listJobs', scope: 'job' },
};

const RECORDS: Record<string, string> = {
  transaction: 'getTransaction', company: 'getCompany', investor: 'getInvestor', person: 'getPerson', university: 'getUniversity', gov_ngo: 'getGovNgo',
  entity: 'getEntity', fund: 'getFund', valuation: 'getValuation', news: 'getNews', job: 'getJob',
};

/** `type:relation` -> the operation listing a record's related records. */
const RELATIONS: Record<string, string> = {
  'company:funding_rounds': 'listCompanyFundingRounds', 'company:investors': 'listCompanyInvestors', 'company:valuations': 'listCompanyValuations',
  'company:financials': 'listCompanyFinancials', 'company:headcount': 'listCompanyHeadcount', 'company:web_traffic': 'listCompanyWebTraffic',
  'company:patents': 'listCompanyPatents', 'company:team': 'listCompanyTeam', 'company:similar': 'listSimilarCompanies',
  'investor:portfolio': 'listInvestorPortfolio', 'investor:funds': 'listInvestorFunds', 'investor:lp_funds': 'listInvestorLpFunds',
  'investor:team': 'listInvestorTeam', 'investor:similar': 'listSimilarInvestors', 'person:founded_companies': 'listFoundedCompanies',
  'person:career': 'listCareer', 'person:education': 'listEducation', 'entity:lp_funds': 'listEntityLpFunds',
  'university:alumni': 'listUniversityAlumni', 'university:team': 'listUniversityTeam', 'university:patents': 'listUniversityPatents',
  'gov_ngo:team': 'listGovNgoTeam', 'gov_ngo:patents': 'listGovNgoPatents',
};

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;

const FILTER_SYNTAX =
  'Filter: `key[op]:value`, combined with `and(...)` / `or(...)` (nesting up to 8). Ops: eq neq gt gte lt lte in_any nin_any (+ in_all nin_all on repeated keys). ' +
  'Lists in brackets: `standardized_round[in_any]:[seed,series_a]`. Dates YYYY, YYYY-MM or YYYY-MM-DD. Money in the `currency` (default USD), whole units. ' +
  'Place, taxonomy and data-backed enum keys take ids or codes from the filter_values tool. ' +
  'Example: `and(standardized_round[eq]:series_a,date[gte]:2022,amount[gt]:5000000,company.country[eq]:<id>)`.';

/** Every key of every scope: `key (type)` and the fixed values of enum keys. */
function filterKeys(): string {
  return Object.entries(SCOPES)
    .filter(([name]) => name !== 'note')
    .map(([name, scope]) => {
      const keys = scope.keys.map((k) => {
        const values = k.values && k.values.length <= 20 ? `=${k.values.map((v) => v.code).join('|')}` : k.values || k.valuesFrom ? '=filter_values' : '';
        return `${k.key}:${k.type}${values}`;
      });
      return `[${name}] ${keys.join(', ')}`;
    })
    .join('\n');
}

const fieldsArg = {
  type: 'array',
  items: { type: 'string', maxLength: 100 },
  maxItems: 30,
  description: 'Only these fields of each row (top level or `a.b`, e.g. ["amount","announced_date","company.name","investors"]); `id` is always kept.',
};
const viewArg = { type: 'string', enum: ['summary', 'full'], default: 'summary', description: 'summary: scalars, nested records as {id,name}, lists cut to 5 items with a count. full: every field.' };
const limitArg = { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT, description: `Rows per page (default ${DEFAULT_LIMIT}).` };
const cursorArg = { type: 'string', maxLength: 2048, description: 'page.next_cursor of the previous answer.' };

/** An operation tool's argument schema without the prose that points to HTTP paths. */
function argument(op: OperationTool, name: string, description?: string): Json {
  const { description: original, ...schema } = (op.inputSchema.properties as Record<string, Json>)[name]!;
  const text = description ?? (typeof original === 'string' && !/\/(data|reference|analytics)\b|GET |SPEC/.test(original) ? original.split('\n')[0] : undefined);
  return text ? { ...schema, description: text } : schema;
}

function object(properties: Json, required: string[] = []): McpTool['inputSchema'] {
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };
}

function pickArgs(args: Json, names: readonly string[]): Json {
  return Object.fromEntries(names.filter((n) => args[n] !== undefined).map((n) => [n, args[n]]));
}

export function agentToolset(doc: Document): McpTool[] {
  const ops = new Map(toolsFromDocument(doc).map((t) => [t.name, t]));
  const op = (id: string) => {
    const t = ops.get(id);
    if (!t) throw new Error(`No operation ${id} in the document`);
    return t;
  };
  const currency = argument(op('listTransactions'), 'currency', 'ISO 4217 code for money fields and money filter values (default USD).');
  const apiVersion = argument(op('listTransactions'), VERSION_ARGUMENT, 'Pins the API version; omit for the latest.');
  // the keys each list's sort parameter in the document allows, but `score`: it ranks a
  // `semantic_keyword` search, which list_records does not take
  const sortKeys = (id: string) => sortKeysOf((op(id).inputSchema.properties as Record<string, Json>).sort?.pattern).filter((k) => k !== 'score').join(', ');
  const filterArg = { type: 'string', maxLength: 4096, description: 'See list_records for the syntax and the keys of each scope.' };

  const listRows = async (ctx: ToolContext, id: string, args: Json, passed: readonly string[]) => {
    const outcome = await ctx.call(id, { limit: DEFAULT_LIMIT, ...pickArgs(args, passed) });
    return answer(outcome, { fields: args.fields as string[] | undefined, view: (args.view as 'summary' | 'full' | undefined) ?? 'summary', cursor: args.cursor });
  };
  const analytics = (name: string, title: string, opId: string, description: string, extra: Json = {}): McpTool => {
    const o = op(opId);
    const props: Json = {};
    for (const p of Object.keys(o.inputSchema.properties as Json)) props[p] = p === 'filter' ? { ...filterArg, description: 'Rounds to count (scope funding; see list_records).' } : argument(o, p);
    return readOnly({
      name,
      title,
      description,
      inputSchema: object({ ...props, ...extra }, (o.inputSchema.required as string[] | undefined) ?? []),
      run: (args, ctx) => ctx.call(opId, args).then((r) => answer(r)),
    });
  };

  return [
    readOnly({
      name: 'search_entities',
      title: 'Search entities by name',
      description: 'Find companies, investors, universities, government bodies/NGOs and people by name or domain. Returns ids for get_record, list_related and filters (uuid keys).',
      inputSchema: object({ q: argument(op('searchEntities'), 'q'), type: argument(op('searchEntities'), 'type'), limit: { ...limitArg, maximum: 50 }, cursor: cursorArg }, ['q']),
      run: (args, ctx) => ctx.call('searchEntities', { limit: DEFAULT_LIMIT, ...args }).then((r) => answer(r, { cursor: args.cursor })),
    }),
    readOnly({
      name: 'list_records',
      title: 'List records of a type',
      description:
        'Rows of one type with a filter, sort, fields and a cursor. Transactions are funding rounds: each row has amount, announced_date, standardized_round, company and investors (is_lead marks the lead investors). ' +
        'One credit per call for an API key (a refused call is free). Answers are cut to fit (see `truncated`).\n' +
        `${FILTER_SYNTAX}\nFilter keys by scope (transactions: funding; companies, investors, founders, people, universities, gov_ngo, entities: entity; funds: fund; valuations: valuation; news: news; jobs: job):\n${filterKeys()}`,
      inputSchema: object(
        {
          type: { type: 'string', enum: Object.keys(LISTS) },
          filter: { type: 'string', maxLength: 4096 },
          sort: { type: 'string', maxLength: 200, description: `Comma-separated sort keys, - for descending. ${Object.entries(LISTS).map(([t, l]) => `${t}: ${sortKeys(l.op)}`).join('; ')}.` },
          fields: fieldsArg,
          view: viewArg,
          limit: limitArg,
          cursor: cursorArg,
          include_total: { type: 'boolean', description: 'Also count every matching row (page.total).' },
          q: { type: 'string', maxLength: 200, description: 'news only: full-text search.' },
          currency,
          [VERSION_ARGUMENT]: apiVersion,
        },
        ['type'],
      ),
      run: (args, ctx) => {
        const list = LISTS[args.type as string]!;
        return listRows(ctx, list.op, args, ['filter', 'sort', 'limit', 'cursor', 'include_total', 'currency', VERSION_ARGUMENT, ...(args.type === 'news' ? ['q'] : [])]);
      },
    }),
    readOnly({
      name: 'get_record',
      title: 'Get one record by type and id',
      description: 'One record: a transaction, valuation, news item, job (numeric id), fund, or an entity (company, investor, person, university, gov_ngo; UUID or id). view=summary by default; use fields or view=full for more.',
      inputSchema: object({ type: { type: 'string', enum: Object.keys(RECORDS) }, id: { type: 'string', minLength: 1, maxLength: 100 }, fields: fieldsArg, view: viewArg, currency, [VERSION_ARGUMENT]: apiVersion }, ['type', 'id']),
      run: (args, ctx) =>
        ctx.call(RECORDS[args.type as string]!, pickArgs(args, ['id', 'currency', VERSION_ARGUMENT])).then((r) => answer(r, { fields: args.fields as string[] | undefined, view: (args.view as 'summary' | 'full') ?? 'summary' })),
    }),
    readOnly({
      name: 'list_related',
      title: 'List records related to a record',
      description: `Records related to one record, by relation (type:relation): ${Object.keys(RELATIONS).join(', ')}.`,
      inputSchema: object(
        {
          type: { type: 'string', enum: [...new Set(Object.keys(RELATIONS).map((k) => k.split(':')[0]!))] },
          id: { type: 'string', minLength: 1, maxLength: 100, description: 'UUID or id of the record.' },
          relation: { type: 'string', enum: [...new Set(Object.keys(RELATIONS).map((k) => k.split(':')[1]!))] },
          filter: filterArg,
          sort: { type: 'string', maxLength: 200 },
          fields: fieldsArg,
          view: viewArg,
          limit: limitArg,
          cursor: cursorArg,
          currency,
        },
        ['type', 'id', 'relation'],
      ),
      run: async (args, ctx) => {
        const id = RELATIONS[`${args.type}:${args.relation}`];
        if (!id) return ctx.invalid([{ path: 'arguments.relation', message: `is not a relation of ${args.type}: one of ${Object.keys(RELATIONS).filter((k) => k.startsWith(`${args.type}:`)).map((k) => k.split(':')[1]).join(', ')}` }]);
        const declared = (op(id).inputSchema.properties ?? {}) as Json;
        return listRows(ctx, id, args, ['id', 'filter', 'sort', 'limit', 'cursor', 'currency'].filter((n) => n in declared));
      },
    }),
    analytics('funding_heatmap', 'Funding heatmap', 'getFundingHeatmap', 'Funding rounds counted or summed on two dimensions (x by y), e.g. round_year by standardized_round. Costs one credit.'),
    analytics('funding_funnel', 'Funding funnel', 'getFundingFunnel', 'How companies progress through standardized rounds (counts and conversion per stage), optionally per dimension. Costs one credit.'),
    analytics('funding_timeseries', 'Funding over time', 'getTimeseries', 'A metric of funding rounds per interval (month, quarter, year), optionally per group. Costs one credit.'),
    (() => {
      const single = op('getAggregate');
      const multi = op('getAggregateMultiMetric');
      const props: Json = {};
      for (const p of Object.keys(single.inputSchema.properties as Json)) props[p] = p === 'filter' ? { ...filterArg, description: 'Scope funding for funding-rounds, else entity (see list_records).' } : argument(single, p);
      props.metrics = argument(multi, 'metrics', 'Several metrics at once (instead of metric).');
      return readOnly({
        name: 'funding_aggregate',
        title: 'Aggregate by dimensions',
        description: 'Group funding rounds or entities by 1..4 dimensions and compute a metric (or several with `metrics`). Costs one credit.',
        inputSchema: object(props, ['source', 'group_by']),
        run: async (args, ctx) => {
          if (args.metrics !== undefined && args.metric !== undefined) return ctx.invalid([{ path: 'arguments.metrics', message: 'and metric are exclusive' }]);
          return ctx.call(args.metrics !== undefined ? 'getAggregateMultiMetric' : 'getAggregate', args).then((r) => answer(r));
        },
      });
    })(),
    readOnly({
      name: 'filter_keys',
      title: 'Filter keys of a scope',
      description: 'The filter keys of a scope with their types, operators and descriptions (the list_records description has them in brief). Free.',
      inputSchema: object({ scope: argument(op('listFilterValues'), 'scope', 'Omit for every scope.') }),
      run: (args, ctx) => ctx.call('listFilters', args).then((r) => answer(r)),
    }),
    readOnly({
      name: 'filter_values',
      title: 'Values of a filter key',
      description: 'The values a filter key accepts (place ids, taxonomy ids, enum codes), optionally only those whose name contains `q` (e.g. key company.country, q germany). Free.',
      inputSchema: object(
        {
          key: argument(op('listFilterValues'), 'key', 'A filter key, e.g. company.country, standardized_round, sector.'),
          scope: argument(op('listFilterValues'), 'scope', 'Scope of the key (default funding, then entity).'),
          q: { type: 'string', minLength: 1, maxLength: 100, description: 'Only values whose name or code contains this (case-insensitive).' },
          limit: { ...limitArg, maximum: 1000, default: 50 },
          cursor: cursorArg,
        },
        ['key'],
      ),
      run: async (args, ctx) => {
        const q = typeof args.q === 'string' ? args.q.toLowerCase() : null;
        if (q === null) return ctx.call('listFilterValues', { limit: 50, ...args }).then((r) => answer(r, { cursor: args.cursor }));
        // names are matched here over one page of the most a page holds (places and taxonomies fit)
        const outcome = await ctx.call('listFilterValues', { ...pickArgs(args, ['key', 'scope', 'cursor']), limit: 1000 });
        if (!outcome.ok) return outcome.result;
        const rows = (outcome.body.data as { value: unknown; name?: string }[]).filter((v) => `${v.name ?? ''} ${String(v.value)}`.toLowerCase().includes(q));
        return answer({ ...outcome, body: { ...outcome.body, data: rows.slice(0, Number(args.limit ?? 50)) } });
      },
    }),
    readOnly({
      name: 'taxonomy',
      title: 'Taxonomy',
      description: 'Sectors, technologies, industry tags and business models with their ids (for the sector, technology, industry_tags, business_model and taxonomy_id filter keys). Free.',
      inputSchema: object({ type: argument(op('listTaxonomy'), 'type'), limit: { ...limitArg, maximum: 1000, default: 100 }, cursor: cursorArg }),
      run: (args, ctx) => ctx.call('listTaxonomy', { limit: 100, ...args }).then((r) => answer(r, { cursor: args.cursor })),
    }),
    readOnly({
      name: 'usage',
      title: 'Usage and credits',
      description: "The team's credit balance and its usage per day and operation (API keys with the manage:platform scope).",
      inputSchema: object({ from: { type: 'string', format: 'date', description: 'First day (YYYY-MM-DD).' }, to: { type: 'string', format: 'date', description: 'Last day (YYYY-MM-DD).' } }),
      run: (args, ctx) => ctx.call('getUsage', args).then((r) => answer(r)),
    }),
  ];
}
