/**
 * Expands the per-subtype record schemas of openapi.yaml from their one source, so every generator
 * sees flat objects (an `allOf` with sibling `properties`/`required` loses fields or nullability in
 * several of them). `make generate` applies it (src/versions/render.ts), `make check-generated` checks it.
 *
 * A schema with `x-flatten: {from: Base, properties: {name: schema, ...}}` is rewritten as a copy of
 * `Base` (its keys except `description`) with the named properties replaced; its own `description`
 * and `x-flatten` stay. Edit the base, then `make generate`.
 *
 * The hand-written document keeps only the stub (`description` and `x-` keys: `stubFlattened`, which
 * `make generate` applies); the copy is made when the document is bundled (src/openapi/bundle.ts).
 */
import YAML, { isMap, type Pair, type Scalar, type YAMLMap } from 'yaml';

type Range = [number, number, number];
const keyOf = (p: Pair) => String((p.key as Scalar).value);
const flow = (v: unknown) => YAML.stringify(v, { collectionStyle: 'flow', lineWidth: 0, flowCollectionPadding: false }).trim();

export function flattenInto(text: string): string {
  return rewriteFlattened(text, true);
}

/** The document with every `x-flatten` schema cut back to its own keys (the copy is the bundle's). */
export function stubFlattened(text: string): string {
  return rewriteFlattened(text, false);
}

function rewriteFlattened(text: string, copy: boolean): string {
  const doc = YAML.parseDocument(text);
  const schemas = doc.getIn(['components', 'schemas']);
  if (!isMap(schemas)) return text;
  const edits: { from: number; to: number; text: string }[] = [];
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
  let out = text;
  for (const e of edits.sort((a, b) => b.from - a.from)) out = out.slice(0, e.from) + e.text + out.slice(e.to);
  return out;
}

