/**
 * The lock plans (src/access/locked.ts) and list CSV columns (src/http/csv.ts) of the operations that
 * serve record documents, compiled from openapi.yaml once per process: the builder records where in a
 * document each lockable field sits, and the CSV record of a list's row. The seed and the command-line import have no router, so the response schemas' `$ref`s are
 * resolved here (local references, siblings of a `$ref` kept next to what it names).
 */
import { lockPlan, type Plan } from '../access/locked.js';
import { columnsFor, csvPlan, type Column } from '../http/csv.js';
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

function compile(): Compiled {
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

/** Compiles the plans now (a few seconds of parsing openapi.yaml), so that no lock is held meanwhile. */
export function compileLockPlans(): Compiled {
  return (plans ??= compile());
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
