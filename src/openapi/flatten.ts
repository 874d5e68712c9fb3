/**
 * Expands the per-subtype record schemas of openapi.yaml from their one source, so every generator
 * sees flat objects (an `allOf` with sibling `properties`/`required` loses fields or nullability in
 * several of them). `make generate` applies it (src/versions/render.ts), `make check-generated` checks it.
 *
 * A schema with `x-flatten: {from: Base, properties: {name: schema, ...}}` is rewritten as a copy of
 * `Base` (its keys except `description`) with the named properties replaced; its own `description`
 * and `x-flatten` stay. Edit the base, then `make generate`.
 *
 * A schema with `x-merge: {of: [A, B, ...], properties: {name: schema, ...}}` is rewritten as one
 * object with the properties of all of them (in the order met, the first one's text), required where
 * every one requires it: a row that is one of several shapes, as one object, which every generator
 * reads (several cannot tell the members of a `oneOf`/`anyOf` apart, docs/clients.md). A property the
 * members declare differently must be named in `properties` with the schema that covers them all.
 *
 * The hand-written document keeps only the stub (`description` and `x-` keys, for `x-flatten` and `x-merge` alike: `stubFlattened`, which
 * `make generate` applies); the copy is made when the document is bundled (src/openapi/bundle.ts).
 */
import YAML, { isMap, type Pair, type Scalar, type YAMLMap } from 'yaml';

type Range = [number, number, number];
const keyOf = (p: Pair) => String((p.key as Scalar).value);
const flow = (v: unknown) => YAML.stringify(v, { collectionStyle: 'flow', lineWidth: 0, flowCollectionPadding: false }).trim();

export function flattenInto(text: string): string {
  return rewriteFlattened(text, true);
}

/** The document with every `x-flatten` and `x-merge` schema cut back to its own keys (the copy is the bundle's). */
export function stubFlattened(text: string): string {
  return stubMerged(rewriteFlattened(text, false));
}

function rewriteFlattened(text: string, copy: boolean): string {
  const doc = YAML.parseDocument(text);
  const schemas = doc.getIn(['components', 'schemas']);
  if (!isMap(schemas)) return text;
  const edits: Edit[] = [];
  for (const pair of schemas.items) {
    const schema = pair.value as YAMLMap;
    const spec = schema.get('x-flatten', true);
    if (!isMap(spec)) continue;
    const { from, properties = {} } = spec.toJSON() as { from: string; properties?: Record<string, unknown> };
    const base = schemas.get(from, true);
    if (!isMap(base)) throw new Error(`x-flatten of ${keyOf(pair)}: no schema ${from}`);
    // the text of the base's keys, with the overridden properties swapped in
    const copied: string[] = [];
    for (const item of copy ? base.items : []) {
      const k = keyOf(item);
      if (k === 'description' || k.startsWith('x-')) continue;
      const start = (item.key as Scalar).range![0];
      const end = (item.value as { range?: Range }).range![2];
      let part = text.slice(start, end);
      if (k === 'properties') {
        const props = item.value as YAMLMap;
        const subs: { from: number; to: number; text: string }[] = [];
        for (const [name, value] of Object.entries(properties)) {
          const p = props.items.find((i) => keyOf(i) === name);
          if (!p) throw new Error(`x-flatten of ${keyOf(pair)}: ${from} has no property ${name}`);
          subs.push({ from: (p.key as Scalar).range![0] - start, to: (p.value as { range?: Range }).range![1] - start, text: `${name}: ${flow(value)}` });
        }
        for (const s of subs.sort((a, b) => b.from - a.from)) part = part.slice(0, s.from) + s.text + part.slice(s.to);
      }
      copied.push(part.replace(/\n*$/, '\n'));
    }
    const own = schema.items.filter((i) => keyOf(i) === 'description' || keyOf(i).startsWith('x-'));
    const indent = ' '.repeat((schema.items[0]!.key as Scalar).range![0] - text.lastIndexOf('\n', (schema.items[0]!.key as Scalar).range![0]) - 1);
    const ownText = own.map((i) => text.slice((i.key as Scalar).range![0], (i.value as { range?: Range }).range![2]).replace(/\n*$/, '\n'));
    const first = (schema.items[0]!.key as Scalar).range![0];
    const last = (schema.items.at(-1)!.value as { range?: Range }).range![2];
    const body = [...ownText, ...copied].map((t, i) => (i === 0 ? t : indent + t)).join('');
    edits.push({ from: first, to: last, text: body.replace(/\n*$/, '\n') });
  }
  return applyEdits(text, edits);
}

type Edit = { from: number; to: number; text: string };

function applyEdits(text: string, edits: Edit[]): string {
  let out = text;
  for (const e of edits.sort((a, b) => b.from - a.from)) out = out.slice(0, e.from) + e.text + out.slice(e.to);
  return out;
}

/** The text of a map entry, from its key to the end of its value, ending in one newline. */
const entryText = (text: string, p: Pair) => text.slice((p.key as Scalar).range![0], (p.value as { range?: Range }).range![2]).replace(/\n*$/, '\n');

export function mergeInto(text: string): string {
  const doc = YAML.parseDocument(text);
  const schemas = doc.getIn(['components', 'schemas']);
  if (!isMap(schemas)) return text;
  const edits: Edit[] = [];
  for (const pair of schemas.items) {
    const schema = pair.value as YAMLMap;
    const spec = schema.get('x-merge', true);
    if (!isMap(spec)) continue;
    const name = keyOf(pair);
    const { of, properties = {} } = spec.toJSON() as { of: string[]; properties?: Record<string, unknown> };
    const members = of.map((m) => {
      const member = schemas.get(m, true);
      const props = isMap(member) ? member.get('properties', true) : null;
      if (!isMap(member) || !isMap(props)) throw new Error(`x-merge of ${name}: no object schema ${m}`);
      return { props: props.items as Pair[], required: (member.toJSON() as { required?: string[] }).required ?? [] };
    });
    const props = new Map<string, { text: string; json: string }>();
    for (const m of members) {
      for (const p of m.props) {
        const k = keyOf(p);
        const json = JSON.stringify((p.value as YAMLMap).toJSON());
        const seen = props.get(k);
        if (seen && seen.json !== json && !(k in properties)) throw new Error(`x-merge of ${name}: property ${k} differs between ${of.join(', ')}: name it in properties`);
        if (!seen) props.set(k, { text: entryText(text, p), json });
      }
    }
    for (const k of Object.keys(properties)) if (!props.has(k)) throw new Error(`x-merge of ${name}: no member has property ${k}`);
    const required = members[0]!.required.filter((r) => members.every((m) => m.required.includes(r)));
    const keyStart = (schema.items[0]!.key as Scalar).range![0];
    const indent = ' '.repeat(keyStart - text.lastIndexOf('\n', keyStart) - 1);
    const own = schema.items.filter((i) => keyOf(i) === 'description' || keyOf(i).startsWith('x-')).map((i) => entryText(text, i));
    const body = [
      ...own,
      'type: object\n',
      'additionalProperties: false\n',
      `required: [${required.join(', ')}]\n`,
      'properties:\n',
      ...[...props].map(([k, p]) => `${indent}  ${k in properties ? `${k}: ${flow(properties[k])}\n` : p.text}`),
    ].map((t, i) => (i === 0 ? t : t.startsWith(indent) ? t : indent + t)).join('');
    edits.push({ from: keyStart, to: (schema.items.at(-1)!.value as { range?: Range }).range![2], text: body.replace(/\n*$/, '\n') });
  }
  return applyEdits(text, edits);
}


/** Every `x-merge` schema cut back to its own keys (`description` and `x-` keys). */
function stubMerged(text: string): string {
  const doc = YAML.parseDocument(text);
  const schemas = doc.getIn(['components', 'schemas']);
  if (!isMap(schemas)) return text;
  const edits: Edit[] = [];
  for (const pair of schemas.items) {
    const schema = pair.value as YAMLMap;
    if (!isMap(schema.get('x-merge', true))) continue;
    const keyStart = (schema.items[0]!.key as Scalar).range![0];
    const indent = ' '.repeat(keyStart - text.lastIndexOf('\n', keyStart) - 1);
    const own = schema.items.filter((i) => keyOf(i) === 'description' || keyOf(i).startsWith('x-')).map((i) => entryText(text, i));
    const body = own.map((t, i) => (i === 0 ? t : indent + t)).join('');
    edits.push({ from: keyStart, to: (schema.items.at(-1)!.value as { range?: Range }).range![2], text: body });
  }
  return applyEdits(text, edits);
}
