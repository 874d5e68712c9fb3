/**
 * The export operations of openapi.yaml, generated from their lists. A list operation that can be exported
 * says so with
 *
 *   x-export: {path: /data/exports/transactions, operationId: exportTransactions, summary: Export funding rounds, noun: funding round}
 *
 * and the bundle gets, in a path item right after the list's, the export operation every list shares: the
 * list's tags, scopes, `x-export-rows-per-credit` and parameters less those of a page (`limit`, `cursor`,
 * `include_total`, `If-None-Match`) plus `ExportFormat` before the headers; the description below;
 * NDJSON and CSV responses whose examples are files named after the export (written by
 * scripts/csv-examples.ts); the errors of a stream. `x-export-of` names the list (src/pipeline/routing.ts).
 * The result is in the shorthand (src/openapi/shorthand.ts), which is expanded next.
 */
type Json = Record<string, any>;

const PARAMETERS = '#/components/parameters/';
/** A parameter written as the bare name of a component (the shorthand, src/openapi/shorthand.ts): its reference. */
export const parameterRef = (p: unknown): Json => (typeof p === 'string' ? { $ref: PARAMETERS + p } : (p as Json));
/** Parameters of a page that an export, which streams every row, has no use for. */
const PAGE_ONLY = new Set(['limit', 'cursor', 'include_total', 'If-None-Match']);
const ERRORS = [400, 401, 402, 403, 429, 500, 503, 504];
const EXAMPLES = 'openapi/examples/';

const description = (noun: string, list: string) => `Every ${noun} matching \`filter\` and \`sort\`, as \`${list}\` reads them (the same filter scope, sort
keys, tier, version and currency), streamed without pages: NDJSON (one row of \`${list}\`'s
\`data\` per line, then the trailer line \`{"_export": ...}\`) or CSV (\`format\`, or the \`Accept\`
header). Caps, credits and the trailer: see the \`format\` parameter.
`;

/** The sentence a list's `description` ends with, pointing to its export (added to the list by `expandExports`). */
export const exportNote = (operationId: string) => `Every matching row at once: \`${operationId}\`. The \`format=ndjson|csv\` query parameter and
\`Accept: application/x-ndjson|text/csv\` still stream that export here, for existing callers.
`;

/** The example files of an export operation, by what they show. */
export const exportExampleFiles = (operationId: string) => ({
  row: `${EXAMPLES}${operationId}.200.application-x-ndjson.row.json`,
  trailer: `${EXAMPLES}${operationId}.200.application-x-ndjson.trailer.json`,
  csv: `${EXAMPLES}${operationId}.200.csv`,
});

function exportOperation(list: Json, spec: Json, components: Json): Json {
  const { operationId, summary, noun } = spec;
  if (![operationId, summary, noun, spec.path].every((v) => typeof v === 'string'))
    throw new Error(`${list.operationId}: x-export needs path, operationId, summary and noun`);
  const declared = (p: Json): Json => (p.$ref ? components.parameters?.[String(p.$ref).slice(PARAMETERS.length)] ?? {} : p);
  // copies: tools that dereference in place must not see one object at two places of the document
  const params: Json[] = [...((list['x-parameters'] ?? []) as string[]), ...structuredClone(list.parameters ?? [])].map(parameterRef).filter(
    (p) => !PAGE_ONLY.has(declared(p).name),
  );
  const headersAt = params.findIndex((p) => declared(p).in === 'header');
  params.splice(headersAt < 0 ? params.length : headersAt, 0, { $ref: `${PARAMETERS}ExportFormat` });
  const files = exportExampleFiles(operationId);
  return {
    operationId,
    'x-export-of': list.operationId,
    ...(list['x-export-rows-per-credit'] === undefined ? {} : { 'x-export-rows-per-credit': list['x-export-rows-per-credit'] }),
    tags: structuredClone(list.tags),
    summary,
    description: description(noun, list.operationId),
    ...structuredClone(list['x-scopes'] ? { 'x-scopes': list['x-scopes'] } : { security: list.security }),
    parameters: params,
    responses: {
      '200': {
        description: 'Every matching row, then the trailer.',
        'x-headers': 'metered',
        content: {
          'application/x-ndjson': {
            schema: { $ref: '#/components/schemas/ExportLine' },
            examples: { row: { externalValue: files.row }, trailer: { externalValue: files.trailer } },
          },
          'text/csv': { schema: { type: 'string' }, examples: { default: { externalValue: files.csv } } },
        },
      },
      'x-shared': ERRORS,
    },
  };
}

/**
 * Adds the export operation of every list with `x-export` after the list's path item, ends the list's
 * description with the sentence naming it, and drops `x-export`.
 */
export function expandExports(doc: Json): Json {
  if (!doc.paths) return doc;
  const paths: Json = {};
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    paths[path] = item;
    for (const op of Object.values(item as Json)) {
      const spec = op && typeof op === 'object' ? (op as Json)['x-export'] : undefined;
      if (!spec) continue;
      delete (op as Json)['x-export'];
      (op as Json).description = `${(op as Json).description ?? ''}${exportNote(spec.operationId)}`;
      if (spec.path in doc.paths || spec.path in paths) throw new Error(`x-export of ${(op as Json).operationId}: ${spec.path} is written out already`);
      paths[spec.path] = { get: exportOperation(op as Json, spec, doc.components ?? {}) };
    }
  }
  doc.paths = paths;
  return doc;
}
