/**
 * The lock plans (src/access/locked.ts) and list CSV columns (src/http/csv.ts) of the operations that
 * serve record documents, compiled from openapi.yaml: the builder records where in a document each
 * lockable field sits, and the CSV record of a list's row. The seed and the command-line import have no router, so the response schemas' `$ref`s are
 * resolved here (local references, siblings of a `$ref` kept next to what it names).
 *
 * Compiling parses and bundles openapi.yaml (most of a second, in every importing process), so
 * `make generate` stores the result in generated/record-plans.json with the SHA-256 of the
 * openapi.yaml it came from (`npx tsx src/documents/plans.ts [--check]`); a process takes the stored
 * plans when that hash is its openapi.yaml's, and compiles them itself otherwise (an edited
 * openapi.yaml, a build without the file). `make check-generated` and the unit tests hold the stored
 * file to what the code compiles.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lockPlan, type Plan } from '../access/locked.js';
import { columnsFor, csvPlan, type Column } from '../http/csv.js';
import { OPENAPI_PATH, ROOT } from '../openapi/bundle.js';
import { loadDocument } from '../openapi/served.js';

type Node = Record<string, unknown>;

function resolver(root: Node): (node: unknown) => unknown {
  const byRef = new Map<string, Node>();
  const target = (ref: string): unknown => ref.slice(2).split('/').reduce<unknown>((n, k) => (n as Node | undefined)?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], root);
  const deref = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(deref);
    if (!node || typeof node !== 'object') return node;
    const { $ref, ...rest } = node as Node;
    if (typeof $ref === 'string' && $ref.startsWith('#/')) {
      let named = byRef.get($ref);
      if (!named) {
        // registered before it is filled: a schema that refers to itself resolves to the same object
        named = {};
        byRef.set($ref, named);
        Object.assign(named, deref(target($ref)));
      }
      return Object.keys(rest).length ? { ...named, ...(deref(rest) as Node) } : named;
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, deref(v)]));
  };
  return deref;
}

interface Compiled {
  locks: Map<string, Plan | null>;
  /** A list's CSV columns without a `view` (the columns of its export in CSV). */
  csv: Map<string, Column[] | null>;
}

let plans: Compiled | null = null;

/** The compiled plans as stored in generated/record-plans.json. */
interface Stored {
  openapi_sha256: string;
  locks: Record<string, Plan | null>;
  csv: Record<string, Column[] | null>;
}

export const PLANS_PATH = path.join(ROOT, 'generated', 'record-plans.json');

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The file's text for these plans of the openapi.yaml with this hash. */
export function storedText(compiled: Compiled, openapiSha256: string): string {
  const stored: Stored = { openapi_sha256: openapiSha256, locks: Object.fromEntries(compiled.locks), csv: Object.fromEntries(compiled.csv) };
  return `${JSON.stringify(stored)}\n`;
}

/** The stored plans when they are of this openapi.yaml, else null. */
function stored(openapiSha256: string): Compiled | null {
  let s: Stored;
  try {
    s = JSON.parse(fs.readFileSync(PLANS_PATH, 'utf8')) as Stored;
  } catch {
    return null;
  }
  if (s.openapi_sha256 !== openapiSha256) return null;
  return { locks: new Map(Object.entries(s.locks)), csv: new Map(Object.entries(s.csv)) };
}

export function compile(): Compiled {
  const doc = loadDocument(new Date()) as unknown as Node;
  const deref = resolver(doc);
  const out: Compiled = { locks: new Map(), csv: new Map() };
  for (const item of Object.values((doc.paths ?? {}) as Record<string, Node>)) {
    for (const op of Object.values(item) as Node[]) {
      if (!op || typeof op !== 'object' || typeof op.operationId !== 'string') continue;
      const responses = (op.responses ?? {}) as Record<string, Node>;
      const ok = (responses['200'] ?? responses['201']) as { content?: Record<string, { schema?: unknown }> } | undefined;
      const schema = deref(ok?.content?.['application/json']?.schema);
      out.locks.set(op.operationId, lockPlan(schema));
      const csv = csvPlan(schema);
      out.csv.set(op.operationId, csv && columnsFor(csv, undefined));
    }
  }
  return out;
}

/** The plans, stored or compiled now (then most of a second of parsing openapi.yaml), so that no lock is held meanwhile. */
export function compileLockPlans(): Compiled {
  return (plans ??= stored(sha256(fs.readFileSync(OPENAPI_PATH, 'utf8'))) ?? compile());
}

/** The lock plan of an operation's success body; null when it locks nothing. */
export function operationLockPlan(operationId: string): Plan | null {
  const plan = compileLockPlans().locks.get(operationId);
  if (plan === undefined) throw new Error(`openapi.yaml has no operation ${operationId}`);
  return plan;
}

/** A list's CSV columns (without a `view`); null when its answer has no rows. */
export function listCsvColumns(operationId: string): Column[] | null {
  const columns = compileLockPlans().csv.get(operationId);
  if (columns === undefined) throw new Error(`openapi.yaml has no operation ${operationId}`);
  return columns;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const text = storedText(compile(), sha256(fs.readFileSync(OPENAPI_PATH, 'utf8')));
  if (process.argv.includes('--check')) {
    const have = fs.existsSync(PLANS_PATH) ? fs.readFileSync(PLANS_PATH, 'utf8') : '';
    if (have !== text) {
      console.error(`${path.relative(ROOT, PLANS_PATH)} is stale: run make generate`);
      process.exit(1);
    }
    console.log(`${path.relative(ROOT, PLANS_PATH)} is up to date`);
  } else {
    fs.writeFileSync(PLANS_PATH, text);
    console.log(`wrote ${path.relative(ROOT, PLANS_PATH)}`);
  }
}
