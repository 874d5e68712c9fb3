/**
 * A tool's arguments are checked against its input schema before anything is dispatched: an
 * argument the schema does not name, a value of the wrong type or outside its enum is a tool error
 * at once (nothing runs, nothing is charged). Numbers and booleans may come as strings, as they
 * would in a query string. Arguments nested deeper than MAX_ARGUMENT_DEPTH are refused before any
 * recursive code (validation, serialization) sees them.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';

export const MAX_ARGUMENT_DEPTH = 16;

export interface ArgumentProblem {
  path: string;
  message: string;
}

/** The nesting depth of a JSON value, walked without recursion and stopped past `limit`. */
export function depthExceeds(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d >= limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, d + 1]);
  }
  return false;
}

function problemOf(e: ErrorObject): ArgumentProblem {
  const at = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (e.keyword === 'additionalProperties') {
    const name = (e.params as { additionalProperty: string }).additionalProperty;
    return { path: `arguments.${at ? `${at}.` : ''}${name}`, message: 'is not an argument of this tool' };
  }
  if (e.keyword === 'required') return { path: `arguments.${(e.params as { missingProperty: string }).missingProperty}`, message: 'is required' };
  const allowed = e.keyword === 'enum' ? `: one of ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')}` : '';
  return { path: `arguments${at ? `.${at}` : ''}`, message: `${e.message ?? 'is invalid'}${allowed}` };
}

export class ArgumentValidator {
  // coercion (string -> number/boolean, a value -> a one-item list) mutates the arguments, which is
  // what the dispatch wants
  private readonly ajv = new Ajv({ allErrors: true, coerceTypes: 'array', strict: false, useDefaults: false, validateFormats: false });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly schemas: ReadonlyMap<string, object>) {}

  /** The problems of `args` for tool `name` (empty when they are valid; `args` coerced in place). */
  check(name: string, args: Record<string, unknown>): ArgumentProblem[] {
    if (depthExceeds(args, MAX_ARGUMENT_DEPTH)) return [{ path: 'arguments', message: `nests deeper than ${MAX_ARGUMENT_DEPTH} levels` }];
    let validate = this.compiled.get(name);
    if (!validate) {
      const schema = this.schemas.get(name);
      if (!schema) return [];
      validate = this.ajv.compile(schema);
      this.compiled.set(name, validate);
    }
    if (validate(args)) return [];
    const problems = (validate.errors ?? []).map(problemOf);
    // one line per argument: the first problem Ajv reports for it
    return problems.filter((p, i) => problems.findIndex((q) => q.path === p.path) === i);
  }
}
