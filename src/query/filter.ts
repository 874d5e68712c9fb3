/**
 * The filter expression parser (openapi.yaml `Filter`; limits in src/config.ts).
 * Syntax only: which keys exist, which operators a key allows and how values are typed is decided
 * later by the registries (src/query/compile.ts) and the version changes (src/versions/).
 *
 * One left-to-right pass with an explicit stack (no recursion, so no stack overflow whatever the
 * limits), linear in the input length; the limits are checked before any work they bound. Nothing
 * but `ApiError('FILTER_PARSE_ERROR')`, carrying the 0-based `position`, leaves `parseFilter`.
 */
import type { FilterOp } from '../db/listing.js';
import { ApiError } from '../errors.js';

export type { FilterOp } from '../db/listing.js';

/** Every operator the parser accepts, legacy ones included. */
export const FILTER_OPS: readonly FilterOp[] = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in_any', 'nin_any', 'in_all', 'nin_all', 'in', 'nin'];
/** Operators retired in version 2026-10-07 (`in_any`/`nin_any` replace them); the version layer decides. */
export const LEGACY_OPS: readonly FilterOp[] = ['in', 'nin'];
/** Operators of the current versions. */
export const CURRENT_OPS: readonly FilterOp[] = FILTER_OPS.filter((o) => !LEGACY_OPS.includes(o));

export type FilterNode =
  | { kind: 'cond'; key: string; op: FilterOp; values: string[]; list: boolean; pos: number }
  | { kind: 'and' | 'or'; children: FilterNode[]; pos: number };
export type FilterCondition = Extract<FilterNode, { kind: 'cond' }>;

export interface FilterLimits {
  /** Characters (UTF-16 code units) in the whole expression. */
  maxLength: number;
  /** Nested `and(`/`or(` levels. */
  maxDepth: number;
  /** Conditions in the whole expression. */
  maxConditions: number;
  /** Values in one `[...]` list. */
  maxValues: number;
}

export const DEFAULT_FILTER_LIMITS: Readonly<FilterLimits> = Object.freeze({ maxLength: 4096, maxDepth: 8, maxConditions: 100, maxValues: 500 });

const L = DEFAULT_FILTER_LIMITS;

/** The syntax in Markdown: the `filter` parameter's description in openapi.yaml (scripts/filter-syntax.ts renders it there). */
export const FILTER_SYNTAX_DOC = `A filter is a condition \`key[op]:value\`, or \`and(f1,f2,...)\` / \`or(f1,f2,...)\` over filters \
(at least one argument each), nested up to ${L.maxDepth} levels.

- **Keys**: letters, digits and \`_\`, not starting with a digit. A related-record key has one dot: \`investor.uuid\`.
- **Operators**: \`eq neq gt gte lt lte in_any nin_any\`, plus \`in_all nin_all\` on repeated related-record keys \
and the \`classification\` and \`roles\` flag sets. \`and\`, \`or\` and operators are lower-case.
- **Lists**: the set operators take a list in square brackets, values separated by commas: \
\`round_type[in_any]:[seed,series_a]\` (at least 1 and at most ${L.maxValues} values). A single value without brackets is a one-value list.
- **Values**: a bare value runs to the next \`,\`, \`)\` or \`]\`; spaces around it are dropped, spaces inside it are kept \
(\`standardized_round[eq]:Series A\`). To use any of \`, ( ) [ ] " \\\` in a value, double-quote the value \
(\`name[eq]:"Acme, Inc. (US)"\`, everything inside quotes is kept, spaces included) or put a backslash before the character \
(\`name[eq]:Acme\\, Inc.\`). A backslash escapes only these seven characters, inside quotes too: there, write \`\\"\` for \
a quote and \`\\\\\` for a backslash. The empty value is written \`""\`.
- **Whitespace** is allowed at the start and end, after \`(\`, \`[\` and \`:\`, and around \`,\`, \`)\` and \`]\`; not inside \`key[op]:\`.
- **Limits**: at most ${L.maxLength} characters and ${L.maxConditions} conditions. Any syntax error or exceeded limit \
is a 400 \`FILTER_PARSE_ERROR\` whose \`details.position\` is the 0-based character index of the problem.

Example: \`and(date[gte]:2020,or(round_type[in_any]:[seed,series_a],investor.uuid[eq]:3f0f1a52-6a4b-4c6e-9d7a-0b4e2f1c9a10))\`
Keys per scope: \`GET /reference/filters\`.`;

const KEY = /[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?/y;
const OP = /[A-Za-z0-9_]*/y;
/** Characters a value must escape or quote (the backslash escapes exactly these). */
const SPECIAL = ',()[]"\\';
const SPECIAL_RE = /[,()[\]"\\]/;
const isWs = (ch: string | undefined): boolean => ch !== undefined && /\s/.test(ch);

/** Shortened and JSON-quoted, so that NUL, control characters and long garbage stay readable. */
function show(text: string, max = 40): string {
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}...` : text);
}

/** `message` reads "<problem> at position N" and may go on after it (`more`). */
function fail(message: string, position: number, extra: Record<string, string | number> = {}, more = ''): never {
  throw new ApiError('FILTER_PARSE_ERROR', `${message} at position ${position}${more}`, { position, ...extra });
}

interface Group {
  kind: 'and' | 'or';
  children: FilterNode[];
  pos: number;
}

class Parser {
  private i = 0;
  private conditions = 0;
  /** Open `and(`/`or(` groups, and where the condition being read starts (for the missing-comma hint). */
  private depth = 0;
  private conditionStart = 0;

  constructor(
    private readonly s: string,
    private readonly limits: FilterLimits,
  ) {}

  /** What stands at the current position, for messages. */
  private found(at = this.i): string {
    const cp = this.s.codePointAt(at);
    return cp === undefined ? 'the end of the filter' : show(String.fromCodePoint(cp));
  }

  private expected(what: string, at = this.i): never {
    fail(`Expected ${what}`, at, {}, `, found ${this.found(at)}`);
  }

  private ws(): void {
    while (isWs(this.s[this.i])) this.i++;
  }

  private eat(ch: string, context: string): void {
    if (this.s[this.i] !== ch) this.expected(`"${ch}" ${context}`);
    this.i++;
  }

  parse(): FilterNode {
    const stack: Group[] = [];
    for (;;) {
      this.ws();
      const start = this.i;
      KEY.lastIndex = start;
      const word = KEY.exec(this.s)?.[0];
      if (word === undefined) this.expected('a filter key, "and(" or "or("');
      this.i += word.length;
      let j = this.i;
      while (isWs(this.s[j])) j++;
      if (this.s[j] === '(') {
        const kind = word.toLowerCase();
        if (kind !== 'and' && kind !== 'or') fail(`Unknown combinator ${show(word)}; expected "and(" or "or("`, start);
        if (kind !== word) fail(`Combinators are lower-case: write "${kind}(" instead of "${word}("`, start);
        if (stack.length >= this.limits.maxDepth) fail(`Filter nesting exceeds ${this.limits.maxDepth} levels`, start, { limit: this.limits.maxDepth });
        stack.push({ kind, children: [], pos: start });
        this.depth = stack.length;
        this.i = j + 1;
        continue;
      }
      let node: FilterNode = this.condition(word, start);
      // close every group this node completes, until a "," asks for a sibling or the input ends
      for (;;) {
        this.ws();
        const top = stack[stack.length - 1];
        if (!top) {
          if (this.i < this.s.length) fail(`Unexpected ${this.found()} after the end of the filter`, this.i, {}, this.listHint(node));
          return node;
        }
        top.children.push(node);
        const ch = this.s[this.i];
        if (ch === ',') {
          this.i++;
          break;
        }
        if (ch !== ')') this.expected(`"," or ")" after an argument of ${top.kind}(...)`);
        this.i++;
        stack.pop();
        this.depth = stack.length;
        node = top;
      }
    }
  }

  /**
   * After `key[op]:a` a "," most likely starts the rest of a list written without brackets
   * (`year[in_any]:2021,2022`): the message then shows the bracket form.
   */
  private listHint(node: FilterNode): string {
    if (node.kind !== 'cond' || node.list || this.s[this.i] !== ',' || ['gt', 'gte', 'lt', 'lte'].includes(node.op)) return '';
    const rest = this.s.slice(this.i + 1).split(',').map((v) => v.trim());
    if (rest.some((v) => v === '' || SPECIAL_RE.test(v))) return '';
    const op = node.op === 'eq' ? 'in_any' : node.op === 'neq' ? 'nin_any' : node.op;
    return `; a list of values takes square brackets: ${node.key}[${op}]:[${[...node.values.map(printValue), ...rest].join(',')}]`;
  }

  private condition(key: string, start: number): FilterCondition {
    this.conditionStart = start;
    if (++this.conditions > this.limits.maxConditions) {
      fail(`Filter has more than ${this.limits.maxConditions} conditions`, start, { limit: this.limits.maxConditions });
    }
    if (this.s[this.i] === '.') {
      fail(key.includes('.') ? 'A filter key has at most one "."' : `Expected a name after ${show(`${key}.`)}`, key.includes('.') ? this.i : this.i + 1);
    }
    this.eat('[', `after filter key ${show(key)}`);
    const opPos = this.i;
    OP.lastIndex = opPos;
    const token = OP.exec(this.s)?.[0] ?? '';
    if (token === '') this.expected('an operator after "["');
    const op = FILTER_OPS.find((o) => o === token);
    if (!op) fail(`Unknown operator ${show(token)}; operators: ${CURRENT_OPS.join(', ')}`, opPos, { operator: token.slice(0, 40) });
    this.i += token.length;
    this.eat(']', `after operator "${op}"`);
    this.eat(':', `after ${show(`${key}[${op}]`, 60)}`);
    this.ws();
    if (this.s[this.i] !== '[') return { kind: 'cond', key, op, values: [this.value(false)], list: false, pos: start };
    const open = this.i++;
    this.ws();
    if (this.s[this.i] === ']') fail('A value list needs at least one value (write [""] for the empty value)', open);
    const values: string[] = [];
    for (;;) {
      this.ws();
      if (values.length >= this.limits.maxValues) fail(`A value list has more than ${this.limits.maxValues} values`, this.i, { limit: this.limits.maxValues });
      values.push(this.value(true));
      this.ws();
      if (this.s[this.i] !== ',') break;
      this.i++;
    }
    this.eat(']', 'or "," after a list value');
    return { kind: 'cond', key, op, values, list: true, pos: start };
  }

  /**
   * A bare value that runs into `key[` or `and(`/`or(` after a space is two arguments written with
   * a space instead of a comma (`and(year[gte]:2024 amount[gt]:10)`): say so at the second one.
   */
  private missingComma(valueStart: number): void {
    const ch = this.s[this.i];
    const raw = this.s.slice(valueStart, this.i);
    const m = (ch === '[' ? /\s([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?)$/ : /\s(and|or)\s*$/).exec(raw);
    if (!m || (ch !== '[' && ch !== '(')) return;
    const at = valueStart + m.index + 1;
    const next = ch === '[' ? `${m[1]}${/^\[[A-Za-z0-9_]*\]?/.exec(this.s.slice(this.i))![0]}` : `${m[1]}(`;
    const fix =
      this.depth > 0
        ? ': the arguments of and(...) and or(...) are separated by commas, as in and(a,b)'
        : `: combine two conditions with and(a,b): and(${this.s.slice(this.conditionStart, at).trim()},${this.s.slice(at).trim()})`;
    fail(`Missing "," before ${show(next)}`, at, {}, fix);
  }

  /** The escaped character after a backslash at `this.i` (and steps over both). */
  private escaped(): string {
    const next = this.s[this.i + 1];
    if (next === undefined || !SPECIAL.includes(next)) {
      fail(`A backslash escapes only , ( ) [ ] " \\ but is followed by ${this.found(this.i + 1)}`, this.i);
    }
    this.i += 2;
    return next;
  }

  /** One value: quoted, or bare up to `,` `)` `]` (surrounding whitespace trimmed). */
  private value(inList: boolean): string {
    const start = this.i;
    let out = '';
    if (this.s[start] === '"') {
      this.i++;
      for (;;) {
        const ch = this.s[this.i];
        if (ch === undefined) fail('Unterminated quoted value (no closing ")', start);
        if (ch === '"') break;
        if (ch === '\\') out += this.escaped();
        else {
          out += ch;
          this.i++;
        }
      }
      this.i++;
      return out;
    }
    for (;;) {
      const ch = this.s[this.i];
      if (ch === undefined || ch === ',' || ch === ')' || ch === ']') break;
      if (ch === '\\') out += this.escaped();
      else if (SPECIAL.includes(ch)) {
        this.missingComma(start);
        fail(`Unexpected ${show(ch)} in a value: escape it with a backslash or double-quote the value`, this.i);
      } else {
        out += ch;
        this.i++;
      }
    }
    // escapes never produce whitespace, so this trims only unescaped whitespace
    const v = out.trimEnd();
    if (v === '') this.expected(`a value${inList ? ' in the list' : ''} (the empty value is written "")`, start);
    return v;
  }
}

/** Parses a filter expression; throws `ApiError('FILTER_PARSE_ERROR')` with `details.position`. */
export function parseFilter(input: string, limits: Partial<FilterLimits> = {}): FilterNode {
  const l: FilterLimits = { ...DEFAULT_FILTER_LIMITS, ...limits };
  if (typeof input !== 'string') fail('The filter must be a string', 0);
  if (input.length > l.maxLength) fail(`Filter expression exceeds ${l.maxLength} characters`, l.maxLength, { limit: l.maxLength });
  return new Parser(input, l).parse();
}

function printValue(v: string): string {
  const bare = v !== '' && !isWs(v[0]) && !isWs(v[v.length - 1]) && !SPECIAL_RE.test(v);
  return bare ? v : `"${v.replace(/[\\"]/g, '\\$&')}"`;
}

function printCondition(c: FilterCondition): string {
  const v = c.list ? `[${c.values.map(printValue).join(',')}]` : printValue(c.values[0] ?? '');
  return `${c.key}[${c.op}]:${v}`;
}

/**
 * The canonical text of a tree: no optional whitespace, values bare when they can be and quoted
 * otherwise. It parses back to an equal tree (positions aside); cursors are bound to it.
 */
export function printFilter(node: FilterNode): string {
  let out = '';
  const todo: (FilterNode | string)[] = [node];
  for (let item = todo.pop(); item !== undefined; item = todo.pop()) {
    if (typeof item === 'string') out += item;
    else if (item.kind === 'cond') out += printCondition(item);
    else {
      out += `${item.kind}(`;
      todo.push(')');
      for (let k = item.children.length - 1; k >= 0; k--) todo.push(item.children[k]!, ...(k > 0 ? [','] : []));
    }
  }
  return out;
}

/** `printFilter(parseFilter(input))`: equal for any two spellings of the same filter. */
export function normalizeFilter(input: string, limits: Partial<FilterLimits> = {}): string {
  return printFilter(parseFilter(input, limits));
}

/** Calls `fn` on every condition, left to right. */
export function walkConditions(node: FilterNode, fn: (cond: FilterCondition) => void): void {
  const todo: FilterNode[] = [node];
  for (let n = todo.pop(); n !== undefined; n = todo.pop()) {
    if (n.kind === 'cond') fn(n);
    else for (let k = n.children.length - 1; k >= 0; k--) todo.push(n.children[k]!);
  }
}
