/**
 * Row generation alone, without a database: runs the seed's generators at BENCH_SCALE (default demo)
 * into a writer whose flushes only hash the values, and prints the CPU seconds, peak RSS and a
 * fingerprint per table (row count and hash of every value in generation order), so that a change
 * to the generators can be timed and shown to produce the same rows.
 *
 *   tsx bench/seed-gen.ts [--json] [--no-hash]   (BENCH_SCALE, BENCH_SEED; run with --cpu-prof to profile)
 *
 * --no-hash drops the buffers unhashed (the hashing costs about a fifth of the generation's time).
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import knex from 'knex';
import { createCtx, type ScaleName } from '../seeds/context.js';
import { DEFAULT_SEED, generate } from '../seeds/index.js';
import { buildReference } from '../seeds/reference.js';
import type { BulkWriter } from '../seeds/writer.js';

const scale = (process.env.BENCH_SCALE ?? 'demo') as ScaleName;
const seed = Number(process.env.BENCH_SEED ?? DEFAULT_SEED);

/** Replaces the writer's flush by hashing (and dropping) its buffers. */
function hashingFlush(w: BulkWriter, hashing: boolean): Map<string, { rows: number; hash: crypto.Hash }> {
  const seen = new Map<string, { rows: number; hash: crypto.Hash }>();
  const inner = w as unknown as { buffers: Map<string, unknown[]>; buffered: number; tables: Record<string, readonly string[]> };
  w.flush = async () => {
    for (const [table, buf] of inner.buffers) {
      if (buf.length === 0) continue;
      let s = seen.get(table);
      if (!s) seen.set(table, (s = { rows: 0, hash: crypto.createHash('sha1') }));
      s.rows += buf.length / inner.tables[table]!.length;
      if (hashing) s.hash.update(JSON.stringify(buf));
      inner.buffers.set(table, []);
    }
    inner.buffered = 0;
  };
  return seen;
}

async function main() {
  const db = knex({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
  const cpu = process.cpuUsage();
  const started = performance.now();
  const ctx = createCtx(db, seed, scale, buildReference(), false);
  const seen = hashingFlush(ctx.w, !process.argv.includes('--no-hash'));
  await generate(ctx);
  await ctx.w.flush();
  const used = process.cpuUsage(cpu);
  const out = {
    scale,
    seed,
    seconds: Math.round(performance.now() - started) / 1000,
    cpuSeconds: Math.round((used.user + used.system) / 1e4) / 100,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    tables: Object.fromEntries([...seen].map(([t, s]) => [t, `${s.rows}:${s.hash.digest('hex').slice(0, 16)}`])),
  };
  await db.destroy();
  if (process.argv.includes('--json')) console.log(JSON.stringify(out, null, 2));
  else {
    console.log(`generate ${scale} (seed ${seed}): ${out.seconds} s, cpu ${out.cpuSeconds} s, peak ${out.peakRssMb} MB`);
    for (const [t, f] of Object.entries(out.tables)) console.log(`  ${t.padEnd(24)} ${f}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
