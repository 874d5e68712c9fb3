/**
 * Wording openapi.yaml would otherwise repeat, written once and put back when the document is bundled
 * (part of its shorthand, src/openapi/shorthand.ts):
 *
 * - a sort parameter of `components.parameters` as `{x-sort: [date, amount, id]}`: `sort` in the query,
 *   its description and pattern listing those keys, the first one descending the default
 *   (`x-sort: {keys: [...], note: '...'}` adds a sentence after the default);
 * - `x-notes: [parent]` on an operation: the paragraphs `components.x-notes` names, appended to its
 *   `description` in that order;
 * - a list with `x-export` gets the sentence that points to its export operation at the end of its
 *   `description` (`exportNote`, src/openapi/exports.ts).
 *
 * `expandPhrases` writes them out in a parsed document; `foldPhrases` turns the long form of each in
 * the document's text back into the shorthand (`shorten`, `make generate`).
 */
import YAML from 'yaml';
import { exportNote } from './exports.js';

type Json = Record<string, any>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const TIES = 'Ties are broken by a unique key of the row. Any other key is a 400 `VALIDATION_ERROR` naming the allowed keys.';

/** The sort parameter allowing `keys` (ascending, or descending with `-`), by default the first one descending. */
function sortParameter(keys: string[], note?: string): Json {
  const alt = keys.join('|');
  const listed = keys.map((k) => `\`${k}\``).join(', ');
  return {
    name: 'sort',
    in: 'query',
    description: `Comma-separated sort keys, each one of ${listed}; prefix \`-\` for descending. Default \`-${keys[0]}\`. ${note ? `${note} ` : ''}${TIES}`,
    schema: { type: 'string', maxLength: 200, pattern: `^(?:-?(?:${alt}))?(?:,(?:-?(?:${alt}))?)*$`, example: `-${keys[0]}` },
  };
}

type SortSpec = string[] | { keys: string[]; note?: string };

function sortOf(name: string, spec: SortSpec): Json {
  const { keys, note } = Array.isArray(spec) ? { keys: spec, note: undefined } : spec;
  if (!Array.isArray(keys) || !keys.length || !keys.every((k) => typeof k === 'string' && /^\w+$/.test(k)) || (note !== undefined && typeof note !== 'string'))
    throw new Error(`x-sort of ${name}: a list of sort keys, or {keys, note}`);
  return sortParameter(keys, note);
}

/** The shorthand of a sort parameter that `sortParameter` writes out as `param`, if it is one. */
function sortSpecOf(param: Json): SortSpec | undefined {
  const m = /^\^\(\?:-\?\(\?:([\w|]+)\)\)/.exec(String(param?.schema?.pattern ?? ''));
  if (!m) return undefined;
  const keys = m[1]!.split('|');
  const note = /Default `-\w+`\. (.*) Ties are broken/.exec(String(param.description ?? ''))?.[1];
  const long = sortParameter(keys, note);
  return YAML.stringify(long) === YAML.stringify(param) ? (note ? { keys, note } : keys) : undefined;
}

/** The paragraphs of a note appended to a description. */
function withNotes(description: unknown, names: unknown, notes: Json, where: string): string {
  if (!Array.isArray(names)) throw new Error(`x-notes of ${where}: a list of names of components.x-notes`);
  let text = typeof description === 'string' ? description : '';
  for (const name of names) {
    if (typeof notes[name] !== 'string') throw new Error(`x-notes of ${where}: ${name} is not a note of components.x-notes`);
    text += notes[name];
  }
  return text;
}

/** Writes out the sort parameters and notes of a parsed document in place, and drops `components.x-notes`. */
export function expandPhrases(doc: Json): void {
  const components = (doc.components ?? {}) as Json;
  for (const [name, param] of Object.entries((components.parameters ?? {}) as Json))
    if (param && typeof param === 'object' && 'x-sort' in param) {
      const { 'x-sort': spec, ...rest } = param as Json;
      components.parameters[name] = { ...sortOf(name, spec), ...rest };
    }
  const notes = (components['x-notes'] ?? {}) as Json;
  for (const items of [doc.paths, doc.webhooks])
    for (const item of Object.values((items ?? {}) as Json))
      for (const m of METHODS) {
        const op = (item as Json)?.[m] as Json | undefined;
        if (!op || op['x-notes'] === undefined) continue;
        op.description = withNotes(op.description, op['x-notes'], notes, String(op.operationId));
        delete op['x-notes'];
      }
  delete components['x-notes'];
}

// ---- the fold, on the text ----

export const indentOf = (line: string) => line.length - line.trimStart().length;

/** The lines after `at` that belong to the block opened there (deeper indentation, or blank). */
export function blockEnd(lines: string[], at: number): number {
  const base = indentOf(lines[at]!);
  let end = at + 1;
  while (end < lines.length && (lines[end]!.trim() === '' || indentOf(lines[end]!) > base)) end++;
  while (end > at + 1 && lines[end - 1]!.trim() === '') end--;
  return end;
}

const quoted = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Sort parameters of `components.parameters` written out: `x-sort`. */
function foldSorts(lines: string[]): string[] {
  const out: string[] = [];
  let section = '';
  let sub = '';
  for (let i = 0; i < lines.length; ) {
    const line = lines[i]!;
    if (/^[a-z]/.test(line)) section = line.replace(/:.*/, '');
    else if (/^ {2}[\w-]+:/.test(line)) sub = line.trim().replace(/:.*/, '');
    const m = section === 'components' && sub === 'parameters' ? /^ {4}(\w+):$/.exec(line) : null;
    if (m) {
      const end = blockEnd(lines, i);
      const spec = sortSpecOf(YAML.parse(lines.slice(i + 1, end).join('\n')) as Json);
      if (spec) {
        out.push(
          ...(Array.isArray(spec)
            ? [`    ${m[1]}: {x-sort: [${spec.join(', ')}]}`]
            : [line, '      x-sort:', `        keys: [${spec.keys.join(', ')}]`, `        note: ${quoted(spec.note!)}`]),
        );
        i = end;
        continue;
      }
    }
    out.push(line);
    i++;
  }
  return out;
}

/** The lines of `text` as the body of a literal block indented by `indent`. */
const blockLines = (text: string, indent: string) => text.slice(0, -1).split('\n').map((l) => (l ? indent + l : ''));

/** `body` less `tail` at its end, or undefined when it does not end with it. */
const without = (body: string[], tail: string[]) =>
  body.length > tail.length && body.slice(-tail.length).join('\n') === tail.join('\n') ? body.slice(0, -tail.length) : undefined;

/**
 * The end of a literal-block `description` that is exactly a note's text: the note named in
 * `x-notes` (added after the description, or to the list there) instead; the sentence naming the
 * export of a list with `x-export` dropped.
 */
function foldNotes(lines: string[], notes: Json): string[] {
  const entries = Object.entries(notes).filter(([, t]) => typeof t === 'string' && t.endsWith('\n')) as [string, string][];
  const out: string[] = [];
  let section = '';
  let exportId: string | undefined;
  for (let i = 0; i < lines.length; ) {
    const line = lines[i]!;
    if (/^[a-z]/.test(line)) section = line.replace(/:.*/, '');
    if (/^ {0,4}\S/.test(line)) exportId = undefined;
    const exported = /^ {6}x-export: (.*)$/.exec(line);
    if (exported) exportId = (YAML.parse(exported[1]!) as Json)?.operationId;
    const m = section === 'paths' || section === 'webhooks' ? /^( {6})description: \|$/.exec(line) : null;
    if (!m) {
      out.push(line);
      i++;
      continue;
    }
    const end = blockEnd(lines, i);
    const bodyIndent = `${m[1]}  `;
    let body = lines.slice(i + 1, end);
    const found: string[] = [];
    for (let again = true; again; ) {
      again = false;
      for (const [name, text] of entries) {
        const rest = without(body, blockLines(text, bodyIndent));
        if (rest) {
          body = rest;
          found.unshift(name);
          again = true;
        }
      }
    }
    if (exportId) body = without(body, blockLines(exportNote(exportId), bodyIndent)) ?? body;
    out.push(line, ...body);
    i = end;
    if (!found.length) continue;
    const existing = /^ {6}x-notes: \[(.*)\]$/.exec(lines[i] ?? '');
    const names = [...found, ...(existing ? existing[1]!.split(',').map((s) => s.trim()) : [])];
    out.push(`${m[1]}x-notes: [${names.join(', ')}]`);
    if (existing) i++;
  }
  return out;
}

/** The text with sort parameters and description notes written out folded into their shorthand. */
export function foldPhrases(text: string): string {
  const notes = (((YAML.parse(text) as Json).components ?? {})['x-notes'] ?? {}) as Json;
  return foldNotes(foldSorts(text.split('\n')), notes).join('\n');
}
