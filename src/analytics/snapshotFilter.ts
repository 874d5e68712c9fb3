/**
 * A funding filter evaluated over the rounds snapshot (src/db/snapshot.ts) instead of in SQL: the
 * rounds it keeps, as a mask. Each condition is read off its key's definition in the `funding` scope
 * (src/db/transactions.ts): the key's `snapshot` says which column or fact dimension holds it, its
 * type says how its values are typed, and src/query/definition.ts says what the operator means
 * (the same rules compile.ts renders as SQL). A key without `snapshot`, or an operator the snapshot
 * does not hold, makes the whole filter null: it runs in SQL. The filter was compiled (and so
 * validated) first.
 */
import type { Knex } from 'knex';
import { filterEnums } from '../db/refCache.js';
import { type Coded, type Snapshot } from '../db/snapshot.js';
import { factColumn } from '../db/snapshotFacts.js';
import type { FilterKey } from '../db/listing.js';
import type { Money } from '../money/fx.js';
import { placeId } from '../query/compile.js';
import { columnRule, comparisonTerms, enumMatch, isNegated, moneyTerms, termsTest } from '../query/definition.js';
import type { FilterNode } from '../query/filter.js';
import { SCOPES, scopeKey } from '../query/registry.js';

type Cond = Extract<FilterNode, { kind: 'cond' }>;
const POINT_OPS = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte']);
const MEMBER_OPS = new Set(['eq', 'neq', 'in_any', 'nin_any']);

/** A numeric column's positive test on a value: terms for a single value, membership for a list. */
function numericTest(c: Cond, k: FilterKey, money: Money): ((v: number) => boolean) | null {
  const xs = c.values.map((v) => Number(v.trim()));
  if (!POINT_OPS.has(c.op)) {
    if (k.type === 'money' || !MEMBER_OPS.has(c.op)) return null;
    const set = new Set(xs);
    return (v) => set.has(v);
  }
  return termsTest(k.type === 'money' ? moneyTerms(c.op, money.toUsd(xs[0]!)) : comparisonTerms(c.op, xs[0]!));
}

/** A numeric column's mask (years hold 0 for none, amounts NaN), by the null rule of definition.ts. */
function numericMask(op: Cond['op'], values: Int16Array | Float64Array, meets: (v: number) => boolean): Uint8Array {
  const { absent, flip } = columnRule(op);
  const mask = new Uint8Array(values.length);
  const years = values instanceof Int16Array;
  for (let r = 0; r < values.length; r++) {
    const v = values[r]!;
    mask[r] = (years ? v === 0 : Number.isNaN(v)) ? absent : (meets(v) ? 1 : 0) ^ flip;
  }
  return mask;
}

/** A coded string column's mask: membership of the stored values the condition names, by the null rule. */
function codedMask(column: Coded, c: Cond, k: FilterKey): Uint8Array | null {
  if (!MEMBER_OPS.has(c.op) || !k.values) return null;
  const wanted = c.values.map((v) => enumMatch(k.values!, v, k.enumStores));
  if (wanted.some((w) => w === undefined)) return null;
  const keep = new Uint8Array(column.values.length);
  for (const w of wanted) if (column.values.includes(w!)) keep[column.values.indexOf(w!)] = 1;
  const { absent, flip } = columnRule(c.op);
  const { codes } = column;
  const mask = new Uint8Array(codes.length);
  for (let r = 0; r < codes.length; r++) {
    const code = codes[r]!;
    mask[r] = code < 0 ? absent : keep[code]! ^ flip;
  }
  return mask;
}

/** A column key: the rounds whose own value meets the condition. */
function columnCondition(snap: Snapshot, c: Cond, k: FilterKey, column: NonNullable<Extract<FilterKey['snapshot'], { column: string }>>['column'], money: Money) {
  const held = snap[column];
  if ('codes' in held) return codedMask(held, c, k);
  const meets = numericTest(c, k, money);
  return meets && numericMask(c.op, held, meets);
}

/** The ids of the values a related condition names, as its fact dimension stores them. */
async function relatedIds(db: Knex, snap: Snapshot, c: Cond, k: FilterKey): Promise<number[] | null> {
  if (k.type === 'enum' && k.valuesFrom === 'investor_types') {
    const values = (await filterEnums(db)).investor_types ?? [];
    const found = c.values.map((v) => snap.investorTypeIds.get(enumMatch(values, v)?.toLowerCase() ?? ''));
    return found.some((x) => x === undefined) ? null : (found as number[]);
  }
  // a country or continent may be named by code or name: the id it stands for, as the SQL reads it
  const named = k.type === 'place' && c.values.some((v) => !/^\s*-?\d+\s*$/.test(v));
  const enums = named ? await filterEnums(db) : undefined;
  return c.values.map((v) => (k.type === 'place' ? placeId(k, v, enums) : Number(v.trim())));
}

/** A related key: an EXISTS over the round's values of a fact dimension (its negation holds for rounds without any). */
async function relatedCondition(db: Knex, snap: Snapshot, c: Cond, k: FilterKey, fact: string): Promise<Uint8Array | null> {
  if (!MEMBER_OPS.has(c.op)) return null;
  const ids = await relatedIds(db, snap, c, k);
  if (!ids) return null;
  const column = await factColumn(db, snap, fact);
  // the wanted values' codes (a value no round has matches none)
  const keep = new Uint8Array(column.codeOf.size);
  for (const id of ids) {
    const code = column.codeOf.get(id);
    if (code !== undefined) keep[code] = 1;
  }
  const positive = !isNegated(c.op);
  const mask = new Uint8Array(snap.n);
  const { single, offsets, values } = column.ids;
  for (let r = 0; r < snap.n; r++) {
    let any = false;
    if (single) any = single[r]! >= 0 && keep[single[r]!] === 1;
    else for (let i = offsets![r]!; i < offsets![r + 1]! && !any; i++) any = keep[values![i]!] === 1;
    if (any === positive) mask[r] = 1;
  }
  return mask;
}

async function condMask(db: Knex, snap: Snapshot, c: Cond, money: Money): Promise<Uint8Array | null> {
  const k = scopeKey(SCOPES.funding!, c.key);
  const held = k?.snapshot;
  if (!k || !held) return null;
  if ('fact' in held) return relatedCondition(db, snap, c, k, held.fact);
  return columnCondition(snap, c, k, held.column, money);
}

/** The rounds the filter's tree keeps, as a mask (null: the snapshot cannot evaluate it). */
export async function filterMask(db: Knex, snap: Snapshot, n: FilterNode, money: Money): Promise<Uint8Array | null> {
  if (n.kind === 'cond') return condMask(db, snap, n, money);
  let out: Uint8Array | null = null;
  for (const ch of n.children) {
    const m = await filterMask(db, snap, ch, money);
    if (!m) return null;
    if (!out) out = m;
    else if (n.kind === 'and') for (let r = 0; r < snap.n; r++) out[r]! &= m[r]!;
    else for (let r = 0; r < snap.n; r++) out[r]! |= m[r]!;
  }
  return out;
}
