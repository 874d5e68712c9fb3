/**
 * The changes logged since a rounds snapshot's position (src/db/snapshot.ts) applied to it, so a
 * process follows an import in a fraction of a second instead of loading a million rounds again.
 *
 * The change log (`change_log`, src/db/changes.ts, src/db/imports.ts) names every round created,
 * changed or withdrawn, and every entity whose place, sectors or investor types changed: those
 * entities' rounds, as the company and as an investor, read other fact values (src/db/facts.ts). The
 * import refreshes the facts of exactly those rounds in the transaction that logs them, and seq order
 * is commit order (src/db/changeFeed.ts), so the rows named after the snapshot's position are all
 * the rows that can differ. Each is read again as it is now (a withdrawn one is gone) and merged
 * into the columns in (company id, id) order, exactly where a fresh load puts it: the patched
 * snapshot is the one a load gives (test/integration/analytics-snapshot-delta.test.ts). Reading a row
 * again is idempotent, so a change committed while the snapshot loaded, or after the stamp was read,
 * is applied once more without harm.
 *
 * A full load instead: when the log no longer holds the changes (pruned past the position), when the
 * stamp moved without the log (a rollup rebuilt, a seed), and when the rounds to read are more than
 * `mostRounds`. SQL only, and the merge beside it.
 */
import type { Knex } from 'knex';
import { prunedThrough } from './changeFeed.js';
import { FACT_DIMENSIONS, FACTS_TABLE } from './facts.js';
import { normalizeRawResult } from './knex.js';
import { assembled, codesFor, ROUND_COLUMNS, coder, investorTypeIds, num, roundColumns, stampPosition, valuesFor, type FactColumn, type Layout, type RoundLabels, type Snapshot } from './snapshot.js';
import { factColumnOf, heldFactColumns } from './snapshotFacts.js';

/** Ids per statement: well under either database's bind limit. */
const IN = 1000;
const marks = (n: number) => new Array(n).fill('?').join(', ');

/**
 * Rounds to read again past which the snapshot is loaded instead. On `large` a round read by id (its
 * row and fact values, 1,000 ids a statement) costs 10-20 times a round of the load's sequential
 * scan, in CPU and in wall time, on both databases (bench/results/2026-11-27-snapdelta39.md), and the
 * merge touches every round once either way: past a twentieth of the rounds the load costs no more.
 * Never below 10,000, so a small database follows an import by a delta too.
 */
export const mostRounds = (n: number): number => Math.max(10_000, Math.floor(n / 20));

/** Why a snapshot was loaded rather than patched. */
export type Reload = 'no position' | 'stamp without changes' | 'log pruned' | 'too many rounds';

/** A round as the snapshot holds it, read again. */
interface RoundRow {
  id: number;
  company: number;
  year: number;
  month: number;
  amount: number;
  valuation: number;
  rt: unknown;
  rtc: unknown;
  sr: unknown;
}

/** What a delta read: the rounds named (ascending), the live ones among them as they are now, and the fact values of each. */
export interface Delta {
  named: Int32Array;
  rows: RoundRow[];
  facts: Map<string, Map<number, number[]>>;
  names: Map<string, Map<number, string>>;
  investorTypeIds: Map<string, number>;
}

async function inChunks<T>(ids: readonly number[], read: (part: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += IN) out.push(...(await read(ids.slice(i, i + IN))));
  return out;
}

// entity fields whose change moves its rounds' fact values: a place column, its sectors, its investor types
const MOVES_ROUNDS = `(kind = 'insert' or fields is null or fields like '%hq%' or fields like '%sectors%' or fields like '%investor_types%')`;

/** The ids of the rounds whose held values may differ between positions `from` and `to`; a reason to load instead. */
async function namedRounds(db: Knex, from: number, to: number, most: number): Promise<Int32Array | Reload> {
  if ((await prunedThrough(db)) > from) return 'log pruned';
  const logged = normalizeRawResult(
    await db.raw(`select type, record_id from change_log where seq > ? and seq <= ? and (type = 'transaction' or (type = 'entity' and ${MOVES_ROUNDS})) limit ?`, [from, to, most + 1]),
  );
  if (logged.length > most) return 'too many rounds';
  const rounds = new Set<number>();
  const entities: number[] = [];
  for (const r of logged) {
    if (r.type === 'transaction') rounds.add(Number(r.record_id));
    else entities.push(Number(r.record_id));
  }
  const of = (sql: string) => inChunks(entities, async (part) => normalizeRawResult(await db.raw(sql.replace('?', marks(part.length)), part)).map((r) => Number(r.id)));
  for (const id of await of('select id from transactions where company_id in (?)')) rounds.add(id);
  for (const id of await of('select transaction_id as id from transaction_investors where investor_id in (?)')) rounds.add(id);
  if (rounds.size > most) return 'too many rounds';
  return Int32Array.from(rounds).sort();
}

/** Reads the delta between the snapshot's position and the stamp's: the named rounds as they are now, with the fact values of the columns it holds. */
export async function readDelta(db: Knex, snap: Snapshot, stamp: string, most = mostRounds(snap.n)): Promise<Delta | Reload> {
  const [from, to] = [snap.position, stampPosition(stamp)];
  if (!Number.isFinite(from) || !Number.isFinite(to) || to < from) return 'no position';
  if (to === from) return 'stamp without changes';
  const named = await namedRounds(db, from, to, most);
  if (!(named instanceof Int32Array)) return named;
  const ids = [...named];
  const rows = (
    await inChunks(ids, async (part) =>
      normalizeRawResult(
        await db.raw(
          `select ${ROUND_COLUMNS} from transactions
           where deleted_at is null and id in (${marks(part.length)})`,
          part,
        ),
      ),
    )
  ).map((r): RoundRow => ({
    id: Number(r.id), company: Number(r.company_id), year: r.year === null ? 0 : Number(r.year), month: r.month === null ? 0 : Number(r.month),
    amount: num(r.amount_usd), valuation: num(r.valuation_usd), rt: r.round_type, rtc: r.round_type_code, sr: r.standardized_round,
  }));
  rows.sort((a, b) => a.company - b.company || a.id - b.id);
  const held = heldFactColumns(snap);
  const facts = new Map<string, Map<number, number[]>>();
  const names = new Map<string, Map<number, string>>();
  const live = rows.map((r) => r.id);
  for (const [name, column] of held) {
    const d = FACT_DIMENSIONS[name]!;
    const byRound = new Map<number, number[]>();
    const fresh = new Set<number>();
    for (const f of await inChunks(live, async (part) => normalizeRawResult(await db.raw(`select round_id, value_id from ${FACTS_TABLE} where dim = ? and round_id in (${marks(part.length)})`, [d.dim, ...part])))) {
      const [round, value] = [Number(f.round_id), Number(f.value_id)];
      byRound.set(round, [...(byRound.get(round) ?? []), value]);
      if (!column.codeOf.has(value)) fresh.add(value);
    }
    facts.set(name, byRound);
    // the names of values the column has not met (a city, a sector the import created)
    const table = d.names.split(' ')[0]!;
    const found = await inChunks([...fresh], async (part) => normalizeRawResult(await db.raw(`select id, name from ${table} where id in (${marks(part.length)})`, part)));
    names.set(name, new Map(found.map((r) => [Number(r.id), String(r.name)])));
  }
  return { named, rows, facts, names, investorTypeIds: await investorTypeIds(db) };
}

/** A piece of the merged order: the kept old positions `[from, from + len)` at `q` on, or (`from` < 0) the row read `-1 - from` at `q`. */
interface Piece {
  q: number;
  from: number;
  len: number;
}

/**
 * The merged order in pieces: runs of the old positions kept, and each row read where (company id,
 * id) puts it (a binary search over the old positions, which are in that order). Copying runs
 * whole, not round by round, is most of what makes a delta cheap.
 */
function mergePlan(snap: Snapshot, idAt: Int32Array, drop: Uint8Array, rows: readonly RoundRow[]): Piece[] {
  const { n, company, companyIds } = snap;
  const before = (p: number, row: RoundRow) => companyIds[company[p]!]! < row.company || (companyIds[company[p]!]! === row.company && idAt[p]! < row.id);
  const pieces: Piece[] = [];
  let [p, q] = [0, 0];
  const keep = (to: number) => {
    let start = p;
    for (let x = p; x <= to; x++) {
      if (x < to && !drop[x]) continue;
      if (x > start) {
        pieces.push({ q, from: start, len: x - start });
        q += x - start;
      }
      start = x + 1;
    }
    p = to;
  };
  rows.forEach((row, j) => {
    let [lo, hi] = [p, n];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (before(mid, row)) lo = mid + 1;
      else hi = mid;
    }
    keep(lo);
    pieces.push({ q: q++, from: -1 - j, len: 1 });
  });
  keep(n);
  return pieces;
}

/**
 * The snapshot with the delta applied, as a new snapshot (requests under way keep reading the one
 * they started with): the named rounds taken out, the live ones merged in at their (company id, id)
 * place, the dense company numbers and positions counted again, and each fact column it holds laid
 * out again with the rounds' values read. Codes of strings and fact values already met keep their
 * numbers; new ones are appended.
 */
export function applyDelta(snap: Snapshot, stamp: string, delta: Delta): Snapshot {
  const { n, positionOf, companyIds } = snap;
  const { named, rows } = delta;
  const idAt = new Int32Array(n);
  for (let id = 0; id < positionOf.length; id++) if (positionOf[id]! >= 0) idAt[positionOf[id]!] = id;
  const drop = new Uint8Array(n);
  let dropped = 0;
  for (const id of named) {
    const p = id < positionOf.length ? positionOf[id]! : -1;
    if (p >= 0) [drop[p], dropped] = [1, dropped + 1];
  }
  const pieces = mergePlan(snap, idAt, drop, rows);
  const m = n - dropped + rows.length;
  const out = roundColumns(m);
  const [rt, rtc, sr] = [coder(snap.roundType.values), coder(snap.roundTypeCode.values), coder(snap.standardizedRound.values)];
  const ids = new Int32Array(m);
  const companies = new Int32Array(companyIds.length + rows.length);
  let [dense, last] = [-1, NaN];
  for (const { q, from, len } of pieces) {
    if (from < 0) {
      const row = rows[-1 - from]!;
      if (row.company !== last) {
        [dense, last] = [dense + 1, row.company];
        companies[dense] = row.company;
      }
      out.company[q] = dense;
      [out.year[q], out.month[q], out.amount[q], out.valuation[q]] = [row.year, row.month, row.amount, row.valuation];
      [out.rt[q], out.rtc[q], out.sr[q]] = [rt.code(row.rt), rtc.code(row.rtc), sr.code(row.sr)];
      ids[q] = row.id;
      continue;
    }
    const end = from + len;
    // within a run the dense numbers move by one offset: they step where the old ones step
    if (companyIds[snap.company[from]!] !== last) dense++;
    const shift = dense - snap.company[from]!;
    for (let p = from; p < end; p++) {
      const d = snap.company[p]! + shift;
      out.company[q + p - from] = d;
      companies[d] = companyIds[snap.company[p]!]!;
    }
    [dense, last] = [snap.company[end - 1]! + shift, companyIds[snap.company[end - 1]!]!];
    out.year.set(snap.year.subarray(from, end), q);
    out.month.set(snap.month.subarray(from, end), q);
    out.amount.set(snap.amount.subarray(from, end), q);
    out.valuation.set(snap.valuation.subarray(from, end), q);
    out.rt.set(snap.roundType.codes.subarray(from, end), q);
    out.rtc.set(snap.roundTypeCode.codes.subarray(from, end), q);
    out.sr.set(snap.standardizedRound.codes.subarray(from, end), q);
    ids.set(idAt.subarray(from, end), q);
  }
  let hi = positionOf.length - 1;
  for (const r of rows) hi = Math.max(hi, r.id);
  const positions = new Int32Array(hi + 1).fill(-1);
  for (let q = 0; q < m; q++) positions[ids[q]!] = q;
  const next = assembled(stamp, m, out, { rt: rt.values, rtc: rtc.values, sr: sr.values }, companies.slice(0, dense + 1), positions, delta.investorTypeIds);
  for (const [name, column] of heldFactColumns(snap)) {
    const patched = patchedColumn(name, column, pieces, m, rows, delta.facts.get(name)!, delta.names.get(name)!);
    next.facts.set(name, Promise.resolve(patched));
    heldFactColumns(next).set(name, patched);
  }
  return next;
}

/**
 * Codes per round over the merged rounds: an old round's copied from `old` (a run at a time), a row
 * read's `fresh(j)`; one per round while no round has two, as a load lays them out.
 */
function relaid(old: RoundLabels, pieces: readonly Piece[], m: number, fresh: (j: number) => readonly number[], codes: number): Layout {
  const multi = !old.single || pieces.some((x) => x.from < 0 && fresh(-1 - x.from).length > 1);
  if (!multi) {
    const single = codesFor(codes - 1, m);
    for (const { q, from, len } of pieces) {
      if (from < 0) single[q] = fresh(-1 - from)[0] ?? -1;
      else single.set(old.single!.subarray(from, from + len), q);
    }
    return { single };
  }
  const offsets = new Int32Array(m + 1);
  for (const { q, from, len } of pieces) {
    if (from < 0) offsets[q + 1] = offsets[q]! + fresh(-1 - from).length;
    else if (old.single) for (let i = 0; i < len; i++) offsets[q + i + 1] = offsets[q + i]! + (old.single[from + i]! >= 0 ? 1 : 0);
    else for (let i = 0, base = offsets[q]! - old.offsets![from]!; i < len; i++) offsets[q + i + 1] = old.offsets![from + i + 1]! + base;
  }
  const values = valuesFor(codes - 1, offsets[m]!);
  for (const { q, from, len } of pieces) {
    if (from < 0) values.set(fresh(-1 - from), offsets[q]!);
    else if (!old.single) values.set(old.values!.subarray(old.offsets![from]!, old.offsets![from + len]!), offsets[q]!);
    else for (let i = 0; i < len; i++) if (old.single[from + i]! >= 0) values[offsets[q + i]!] = old.single[from + i]!;
  }
  return { offsets, values };
}

/**
 * A fact column over the merged rounds: codes of values met keep their numbers, new values get the
 * next ones; labels likewise. An investor dimension counts a label once per round: its deduplicated
 * labels are laid out the same way, and built again whole only when a round read has a label twice
 * and the column had no deduplicated copy yet.
 */
function patchedColumn(name: string, column: FactColumn, pieces: readonly Piece[], m: number, rows: readonly RoundRow[], facts: Map<number, number[]>, names: Map<number, string>): FactColumn {
  const codeOf = new Map(column.codeOf);
  const idOfCode = [...column.idOfCode];
  const codesOf = rows.map((r) =>
    (facts.get(r.id) ?? []).map((value) => {
      let code = codeOf.get(value);
      if (code === undefined) codeOf.set(value, (code = idOfCode.push(value) - 1));
      return code;
    }),
  );
  const ids = relaid(column.ids, pieces, m, (j) => codesOf[j]!, idOfCode.length);
  const labels = [...column.named.labels];
  const labelAt = new Map(labels.map((l, i) => [l, i]));
  const labelOfCode = new Int32Array(idOfCode.length);
  labelOfCode.set(column.labelOfCode);
  for (let c = column.labelOfCode.length; c < idOfCode.length; c++) {
    const nm = names.get(idOfCode[c]!);
    let label = nm === undefined ? -1 : labelAt.get(nm);
    if (label === undefined) labelAt.set(nm!, (label = labels.push(nm!) - 1));
    labelOfCode[c] = label;
  }
  const shared = column.named.single === column.ids.single && column.named.offsets === column.ids.offsets;
  // a round read's labels, each once
  const labelsOf = codesOf.map((codes) => [...new Set(codes.map((c) => labelOfCode[c]!).filter((l) => l >= 0))]);
  const repeated = FACT_DIMENSIONS[name]!.distinct && labelsOf.some((ls, j) => ls.length < codesOf[j]!.filter((c) => labelOfCode[c]! >= 0).length);
  if (shared && repeated) return factColumnOf(name, ids, m, codeOf, idOfCode, (id) => labels[labelOfCode[codeOf.get(id)!]!]);
  const named: RoundLabels = shared ? { ...ids, labels, map: labelOfCode } : { labels, ...relaid(column.named, pieces, m, (j) => labelsOf[j]!, labels.length) };
  return { codeOf, idOfCode, labelOfCode, ids: { labels: [], ...ids }, named };
}

/** The snapshot brought to the stamp by the changes logged since its position, or why it must be loaded instead. */
export async function patchSnapshot(db: Knex, snap: Snapshot, stamp: string, most?: number): Promise<Snapshot | Reload> {
  const delta = await readDelta(db, snap, stamp, most);
  return typeof delta === 'string' ? delta : applyDelta(snap, stamp, delta);
}
