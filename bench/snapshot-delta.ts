/**
 * What following an import costs a process's rounds snapshot (src/db/snapshotDelta.ts) on the bench
 * database (`large` by default), read-only: the snapshot loaded in full (rounds and the fact columns
 * a dashboard asks for), then patched by the changes the change log names past a position set back
 * by `--rounds` (1,100) logged round changes (an incremental import of 1,000 changed and 100
 * withdrawn rounds logs that many), i.e. those rounds read again and merged in, and the patched
 * snapshot checked equal to the loaded one; `--rounds` takes a list (default 1,100 and 20,000) to see what
 * a delta costs per round. Alternating: load, deltas x `--runs` per size, load. Wall and CPU
 * per phase; the snapshot's bytes per round, column by column.
 *
 *   BENCH_PG_RUNNING=1 tsx bench/snapshot-delta.ts [--db sqlite|postgres] [--rounds N,M] [--runs N] [--out FILE]
 */
import path from 'node:path';
import type { Knex } from 'knex';
import { createDb, normalizeRawResult } from '../src/db/knex.js';
import { loadSnapshot, snapshotStamp, type FactColumn, type RoundLabels, type Snapshot } from '../src/db/snapshot.js';
import { factColumn, heldFactColumns } from '../src/db/snapshotFacts.js';
import { applyDelta, readDelta } from '../src/db/snapshotDelta.js';
import { log, machineNote, median, round, ROOT, startPostgres, target, writeJson } from './lib.js';

const FACTS = ['sector', 'country', 'continent', 'investor_type'];

interface Phase {
  wallMs: number;
  cpuMs: number;
}

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : process.argv[i + 1]!;
};

async function timed<T>(f: () => Promise<T>): Promise<{ value: T; wallMs: number; cpuMs: number }> {
  const [t0, c0] = [performance.now(), process.cpuUsage()];
  const value = await f();
  const c = process.cpuUsage(c0);
  return { value, wallMs: round(performance.now() - t0, 1), cpuMs: round((c.user + c.system) / 1000, 1) };
}

async function loaded(db: Knex): Promise<Snapshot> {
  const snap = await loadSnapshot(db, (await snapshotStamp(db))!);
  for (const f of FACTS) await factColumn(db, snap, f);
  return snap;
}

const labelBytes = (c: RoundLabels) => [c.single, c.offsets, c.values, c.map].reduce((a, x) => a + (x?.byteLength ?? 0), 0);

/** Bytes per round of each column the snapshot holds (a fact column's names shared with its ids count once). */
function bytesPerRound(snap: Snapshot): Record<string, number> {
  const per = (b: number) => round(b / snap.n, 2);
  const out: Record<string, number> = {};
  for (const k of ['company', 'year', 'month', 'amount', 'valuation'] as const) out[k] = per(snap[k].byteLength);
  for (const k of ['roundType', 'roundTypeCode', 'standardizedRound'] as const) out[k] = per(snap[k].codes.byteLength);
  // the round type's codes serve its code too when they name each other one to one
  if (snap.roundTypeCode.codes === snap.roundType.codes) out.roundTypeCode = 0;
  out.companyIds = per(snap.companyIds.byteLength);
  out.positionOf = per(snap.positionOf.byteLength);
  for (const [name, c] of heldFactColumns(snap)) {
    const shared = c.named.single === c.ids.single && c.named.offsets === c.ids.offsets;
    out[`fact ${name}`] = per(labelBytes(c.ids) + (shared ? (c.named.map?.byteLength ?? 0) : labelBytes(c.named)));
  }
  out.total = round(Object.values(out).reduce((a, x) => a + x, 0), 2);
  return out;
}

/** The position `rounds` logged round changes before the snapshot's. */
async function positionBefore(db: Knex, snap: Snapshot, rounds: number): Promise<number> {
  const row = normalizeRawResult(
    await db.raw(`select min(seq) as seq from (select seq from change_log where type = 'transaction' and seq <= ? order by seq desc limit ?) x`, [snap.position, rounds]),
  )[0];
  return Number(row?.seq ?? 1) - 1;
}

function expectEqual(a: Snapshot, b: Snapshot): void {
  for (const k of ['n'] as const) if (a[k] !== b[k]) throw new Error(`patched ${k} ${a[k]} != loaded ${b[k]}`);
  for (const k of ['company', 'year', 'month', 'amount', 'valuation'] as const) {
    for (let r = 0; r < a.n; r++) if (!Object.is(a[k][r], b[k][r])) throw new Error(`patched ${k} differs at ${r}`);
  }
}

async function main() {
  const kind = arg('db', 'sqlite') as 'sqlite' | 'postgres';
  const sizes = arg('rounds', '1100,20000').split(',').map(Number);
  const runs = Number(arg('runs', '5'));
  const out = path.resolve(arg('out', path.join(ROOT, 'bench', 'results', `${new Date().toISOString().slice(0, 10)}-snapdelta39-${kind}.json`)));
  const pg = kind === 'postgres' ? await startPostgres() : null;
  const t = target(kind, pg);
  const db = createDb({ dbClient: kind, databaseUrl: t.databaseUrl, sqliteFile: t.sqliteFile, dbPoolMax: 4 });
  const machine = machineNote();
  try {
    log(`${kind}: loading the snapshot`);
    const first = await timed(() => loaded(db));
    const snap = first.value;
    // the process's memory with the snapshot held (after a collection when node runs with --expose-gc)
    (globalThis as { gc?: () => void }).gc?.();
    const mem = process.memoryUsage();
    const memory = { rssMb: round(mem.rss / 2 ** 20, 1), heapUsedMb: round(mem.heapUsed / 2 ** 20, 1), arrayBuffersMb: round(mem.arrayBuffers / 2 ** 20, 1) };
    log(JSON.stringify(memory));
    const deltas: { loggedRoundChanges: number; from: number; named: number; live: number; read: Phase; merge: Phase }[] = [];
    let patched: Snapshot | null = null;
    for (const size of sizes) {
      const from = await positionBefore(db, snap, size);
      for (let i = 0; i < runs; i++) {
        // the loaded snapshot, as if it had been loaded at `from`
        const behind: Snapshot = { ...snap, position: from };
        for (const [name, c] of heldFactColumns(snap)) heldFactColumns(behind).set(name, c);
        const read = await timed(() => readDelta(db, behind, snap.stamp, 1e9));
        if (typeof read.value === 'string') throw new Error(`no delta: ${read.value}`);
        const delta = read.value;
        const merge = await timed(async () => applyDelta(behind, snap.stamp, delta));
        patched = merge.value;
        deltas.push({ loggedRoundChanges: size, from, named: delta.named.length, live: delta.rows.length, read: { wallMs: read.wallMs, cpuMs: read.cpuMs }, merge: { wallMs: merge.wallMs, cpuMs: merge.cpuMs } });
        log(JSON.stringify(deltas.at(-1)));
      }
    }
    expectEqual(patched!, snap);
    const second = await timed(() => loaded(db));
    const loads = [first, second].map((l) => ({ wallMs: l.wallMs, cpuMs: l.cpuMs }));
    log(JSON.stringify(loads));
    const facts: FactColumn[] = [...heldFactColumns(snap).values()];
    const result = {
      db: kind,
      machine,
      rounds: snap.n,
      facts: FACTS,
      factPairs: Object.fromEntries([...heldFactColumns(snap)].map(([n, c]) => [n, c.ids.values?.length ?? c.ids.single!.length])),
      position: snap.position,
      loads,
      deltas,
      median: {
        loadWallMs: median(loads.map((l) => l.wallMs)),
        loadCpuMs: median(loads.map((l) => l.cpuMs)),
        loadCpuUsPerRound: round((median(loads.map((l) => l.cpuMs)) * 1000) / snap.n, 2),
        deltas: sizes.map((size) => {
          const of = deltas.filter((d) => d.loggedRoundChanges === size);
          const named = of[0]!.named;
          return {
            loggedRoundChanges: size, named,
            wallMs: median(of.map((d) => d.read.wallMs + d.merge.wallMs)), cpuMs: median(of.map((d) => d.read.cpuMs + d.merge.cpuMs)),
            readWallMs: median(of.map((d) => d.read.wallMs)), readCpuUsPerRound: round((median(of.map((d) => d.read.cpuMs)) * 1000) / named, 2),
            readWallUsPerRound: round((median(of.map((d) => d.read.wallMs)) * 1000) / named, 2), mergeCpuMs: median(of.map((d) => d.merge.cpuMs)),
          };
        }),
      },
      memory,
      bytesPerRound: bytesPerRound(snap),
      snapshotMb: round((bytesPerRound(snap).total! * snap.n) / 1e6, 1),
      heldFacts: facts.length,
    };
    writeJson(out, result);
    log(`wrote ${out}`);
  } finally {
    await db.destroy();
    await pg?.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
