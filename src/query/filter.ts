/**
 * The filter expression parser (syntax only; keys and types are checked by the registries).
 *
 * Linear time, no recursion deeper than the nesting limit, and nothing but FILTER_PARSE_ERROR
 * (with the 0-based position) leaves it, whatever the input.
 */
import { ApiError } from '../errors.js';

export type FilterOp = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'in_any' | 'nin_any' | 'in_all' | 'nin_all' | 'in' | 'nin';

export const FILTER_OPS: readonly FilterOp[] = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in_any', 'nin_any', 'in_all', 'nin_all', 'in', 'nin'];
/** Operators accepted only from clients pinned before 2026-10-07. */
export const LEGACY_OPS: readonly FilterOp[] = ['in', 'nin'];

export type FilterNode =
  | { kind: 'cond'; key: string; op: FilterOp; values: string[]; list: boolean; pos: number }
  | { kind: 'and' | 'or'; children: FilterNode[]; pos: number };

export interface FilterLimits {
  maxLength: number;
  maxDepth: number;
  maxConditions: number;
  maxValues: number;
}

export const DEFAULT_FILTER_LIMITS: FilterLimits = { maxLength: 4096, maxDepth: 8, maxConditions: 100, maxValues: 500 };

export const FILTER_SYNTAX_DOC = `Filter expression: a condition \`key[op]:value\`, or \`and(e1,e2,...)\` / \`or(e1,e2,...)\` of
expressions, nested up to 8 levels (at most 100 conditions, 4096 characters). Operators: \`eq neq gt gte
lt lte in_any nin_any\`, plus \`in_all nin_all\` on repeated related-record keys and the
\`classification\` and \`roles\` flag sets. Related-record keys are dotted: \`investor.uuid\`.
Set operators take a list in brackets: \`round_type[in_any]:[seed,series_a]\` (at most 500 values).
A bare value runs to the next \`,\` \`)\` or \`]\` and is trimmed; inside it a backslash escapes the
next character (\`\\,\` \`\\)\` \`\\]\` \`\\\\\`). Or double-quote the value: \`name[eq]:"Acme, Inc. (US)"\`,
where \`\\"\` and \`\\\\\` are the only escapes. \`and\`/\`or\` are lower-case.`;

const KEY = /[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?/y;
const WORD = /[A-Za-z_]+/y;

function fail(message: string, pos: number, extra: Record<string, string | number> = {}): never {
  throw new ApiError('FILTER_PARSE_ERROR', `${message} at position ${pos}`, { position: pos, ...extra });
}

class Parser {
  private i = 0;
  private conditions = 0;

  constructor(
    private readonly s: string,
    private readonly limits: FilterLimits,
  ) {}

  private ws(): void {
    while (this.i < this.s.length && /\s/.test(this.s[this.i]!)) this.i++;
  }

  private expect(ch: string, what: string): void {
    if (this.s[this.i] !== ch) fail(`Expected "${ch}" ${what}`, this.i);
    this.i++;
  }

  parse(): FilterNode {
    this.ws();
    const node = this.expr(1);
    this.ws();
    if (this.i < this.s.length) fail(`Unexpected "${this.s[this.i]}"`, this.i);
    return node;
  }

  private expr(depth: number): FilterNode {
    const start = this.i;
    KEY.lastIndex = this.i;
    const m = KEY.exec(this.s);
    if (!m) fail(this.i >= this.s.length ? 'Expected a condition or and(...)/or(...), found the end' : `Expected a filter key, and( or or(, found "${this.s[this.i]}"`, this.i);
    const word = m[0];
    this.i += word.length;
    if ((word === 'and' || word === 'or') && this.peekNonWs() === '(') {
      if (depth > this.limits.maxDepth) fail(`Filter nesting exceeds ${this.limits.maxDepth} levels`, start, { limit: this.limits.maxDepth });
      this.ws();
      this.i++; // (
      const children: FilterNode[] = [];
      for (;;) {
        this.ws();
        children.push(this.expr(depth + 1));
        this.ws();
        if (this.s[this.i] === ',') {
          this.i++;
          continue;
        }
        this.expect(')', `to close ${word}(`);
        break;
      }
      return { kind: word, children, pos: start };
    }
    return this.condition(word, start);
  }

  private peekNonWs(): string | undefined {
    let j = this.i;
    while (j < this.s.length && /\s/.test(this.s[j]!)) j++;
    return this.s[j];
  }

  private condition(key: string, start: number): FilterNode {
    if (++this.conditions > this.limits.maxConditions) {
      fail(`Filter has more than ${this.limits.maxConditions} conditions`, start, { limit: this.limits.maxConditions });
    }
    this.expect('[', `after filter key "${key}"`);
    const opPos = this.i;
    WORD.lastIndex = this.i;
    const op = WORD.exec(this.s)?.[0] ?? '';
    if (!FILTER_OPS.includes(op as FilterOp)) fail(`Unknown operator "${op}"; operators: ${FILTER_OPS.filter((o) => !LEGACY_OPS.includes(o)).join(', ')}`, opPos);
    this.i += op.length;
    this.expect(']', `after operator "${op}"`);
    this.expect(':', `after "${key}[${op}]"`);
    this.ws();
    if (this.s[this.i] === '[') {
      this.i++;
      const values: string[] = [];
      this.ws();
      if (this.s[this.i] === ']') {
        this.i++;
        return { kind: 'cond', key, op: op as FilterOp, values, list: true, pos: start };
      }
      for (;;) {
        if (values.length >= this.limits.maxValues) fail(`A list has more than ${this.limits.maxValues} values`, this.i, { limit: this.limits.maxValues });
        values.push(this.value());
        this.ws();
        if (this.s[this.i] === ',') {
          this.i++;
          this.ws();
          continue;
        }
        this.expect(']', 'to close the value list');
        break;
      }
      return { kind: 'cond', key, op: op as FilterOp, values, list: true, pos: start };
    }
    return { kind: 'cond', key, op: op as FilterOp, values: [this.value()], list: false, pos: start };
  }

  private value(): string {
    const start = this.i;
    if (this.s[this.i] === '"') {
      this.i++;
      let out = '';
      for (;;) {
        const ch = this.s[this.i];
        if (ch === undefined) fail('Unterminated quoted value', start);
        this.i++;
        if (ch === '"') return out;
        if (ch === '\\') {
          const next = this.s[this.i];
          if (next !== '"' && next !== '\\') fail('Only \\" and \\\\ escapes are allowed in quoted values', this.i - 1);
          out += next;
          this.i++;
        } else out += ch;
      }
    }
    let out = '';
    let lastEscaped = 0;
    while (this.i < this.s.length) {
      const ch = this.s[this.i]!;
      if (ch === ',' || ch === ')' || ch === ']') break;
      if (ch === '"' || ch === '(' || ch === '[') fail(`Unexpected "${ch}" in a value (quote or escape it)`, this.i);
      if (ch === '\\') {
        const next = this.s[this.i + 1];
        if (next === undefined) fail('Dangling escape', this.i);
        out += next;
        this.i += 2;
        lastEscaped = out.length;
        continue;
      }
      out += ch;
      this.i++;
    }
    // trim unescaped surrounding whitespace
    const head = out.length - out.trimStart().length;
    let end = out.length;
    while (end > Math.max(lastEscaped, head) && /\s/.test(out[end - 1]!)) end--;
    const v = out.slice(head, end);
    if (v === '') fail('Expected a value (an empty value must be quoted: "")', start);
    return v;
  }
}

export function parseFilter(input: string, limits: Partial<FilterLimits> = {}): FilterNode {
  const l = { ...DEFAULT_FILTER_LIMITS, ...limits };
  if (input.length > l.maxLength) fail(`Filter expression exceeds ${l.maxLength} characters`, l.maxLength, { limit: l.maxLength });
  return new Parser(input, l).parse();
}

const BARE = /^[^\s,()[\]"\\](?:[^,()[\]"\\]*[^\s,()[\]"\\])?$/;

function printValue(v: string): string {
  return BARE.test(v) ? v : `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** The canonical form of a filter: parses back to an equal tree; used to bind cursors. */
export function printFilter(node: FilterNode): string {
  if (node.kind !== 'cond') return `${node.kind}(${node.children.map(printFilter).join(',')})`;
  const v = node.list ? `[${node.values.map(printValue).join(',')}]` : printValue(node.values[0] ?? '');
  return `${node.key}[${node.op}]:${v}`;
}

export function normalizeFilter(input: string): string {
  return printFilter(parseFilter(input));
}

export function walkConditions(node: FilterNode, fn: (c: Extract<FilterNode, { kind: 'cond' }>) => void): void {
  if (node.kind === 'cond') fn(node);
  else node.children.forEach((c) => walkConditions(c, fn));
}
