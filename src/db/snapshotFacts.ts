/**
 * The fact dimensions' columns of the rounds snapshot (src/db/snapshot.ts): each dimension's value
 * codes per round, read from the fact table on first use and kept with the snapshot, and the labels
 * by name its SQL joins.
 */
import type { Knex } from 'knex';
import { FACT_DIMENSIONS, FACTS_TABLE } from './facts.js';
import { normalizeRawResult } from './knex.js';
import { CHUNK, openReader, PairsBuilder, type FactColumn, type Layout, type RoundLabels, type Snapshot } from './snapshot.js';

const ready = new WeakMap<Snapshot, Map<string, FactColumn>>();

/** A fact dimension's value codes and labels per round, loaded once per snapshot. */
export function factColumn(db: Knex, snap: Snapshot, name: string): Promise<FactColumn> {
  let column = snap.facts.get(name);
  if (!column) {
    column = loadFactColumn(db, snap, name);
    snap.facts.set(name, column);
    column.then(
      (c) => {
        if (snap.facts.get(name) === column) heldFactColumns(snap).set(name, c);
      },
      () => snap.facts.delete(name),
    );
  }
  return column;
}

/** The fact columns of the snapshot loaded so far, by dimension name (one still loading is not among them). */
export function heldFactColumns(snap: Snapshot): Map<string, FactColumn> {
  let held = ready.get(snap);
  if (!held) ready.set(snap, (held = new Map()));
  return held;
}

async function loadFactColumn(db: Knex, snap: Snapshot, name: string): Promise<FactColumn> {
  const d = FACT_DIMENSIONS[name]!;
  const table = d.names.split(' ')[0]!;
  const names = new Map(normalizeRawResult(await db.raw(`select id, name from ${table}`)).map((r) => [Number(r.id), String(r.name)]));
  const pairs = new PairsBuilder();
  const codeOf = new Map<number, number>();
  const idOfCode: number[] = [];
  const hi = snap.positionOf.length;
  const reader = await openReader(db);
  try {
    for (let from = 0; from < hi; from += CHUNK) {
      await reader.each(
        `select value_id, string_agg(cast(round_id as text), ',') as tids from ${FACTS_TABLE} where dim = ? and round_id >= ? and round_id < ? group by value_id`,
        [d.dim, from, from + CHUNK],
        (r) => {
          const value = Number(r[0]);
          let code = codeOf.get(value);
          const tids = String(r[1]);
          let id = 0;
          for (let i = 0; i <= tids.length; i++) {
            const c = i < tids.length ? tids.charCodeAt(i) : 44;
            if (c !== 44) {
              id = id * 10 + (c - 48);
              continue;
            }
            const at = id < hi ? snap.positionOf[id]! : -1;
            if (at >= 0) {
              if (code === undefined) codeOf.set(value, (code = idOfCode.push(value) - 1));
              pairs.add(at, code);
            }
            id = 0;
          }
        },
      );
    }
  } finally {
    reader.close();
  }
  return factColumnOf(name, pairs.build(snap.n, idOfCode.length), snap.n, codeOf, idOfCode, (id) => names.get(id));
}

/**
 * A fact dimension's column from its value codes per round over `n` rounds, with the labels by name,
 * as the dimension's SQL joins them (`nameOf` undefined: no name row, no label).
 */
export function factColumnOf(name: string, layout: Layout, n: number, codeOf: ReadonlyMap<number, number>, idOfCode: readonly number[], nameOf: (id: number) => string | undefined): FactColumn {
  const d = FACT_DIMENSIONS[name]!;
  const ids: RoundLabels = { labels: [], ...layout };
  const label = new Map<string, number>();
  const labels: string[] = [];
  const map = Int32Array.from(idOfCode, (id) => {
    const nm = nameOf(id);
    if (nm === undefined) return -1;
    let code = label.get(nm);
    if (code === undefined) label.set(nm, (code = labels.push(nm) - 1));
    return code;
  });
  const named: RoundLabels = { ...ids, labels, map };
  // the investor dimensions count a label once per round: a copy only when a round has two values of one label
  if (!d.distinct || !ids.offsets || !hasRepeatedLabel(ids, map, n)) return { codeOf, idOfCode, labelOfCode: map, ids, named };
  const deduped = new PairsBuilder();
  const { offsets, values } = ids as Required<RoundLabels>;
  for (let r = 0; r < n; r++) {
    for (let i = offsets[r]!; i < offsets[r + 1]!; i++) {
      const code = map[values[i]!]!;
      let seen = code < 0;
      for (let j = offsets[r]!; j < i && !seen; j++) seen = map[values[j]!] === code;
      if (!seen) deduped.add(r, code);
    }
  }
  return { codeOf, idOfCode, labelOfCode: map, ids, named: { labels, ...deduped.build(n, labels.length) } };
}

/** Whether a round has two values of one label. */
function hasRepeatedLabel(ids: RoundLabels, map: Int32Array, n: number): boolean {
  const { offsets, values } = ids as Required<RoundLabels>;
  for (let r = 0; r < n; r++) {
    for (let i = offsets[r]! + 1; i < offsets[r + 1]!; i++) {
      const code = map[values[i]!]!;
      for (let j = offsets[r]!; j < i; j++) if (code >= 0 && map[values[j]!] === code) return true;
    }
  }
  return false;
}
