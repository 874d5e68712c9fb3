/**
 * The bench's seed targets: seeding a named scale seeds that scale (it once seeded the default,
 * `large`, into a file and marker named for the scale asked), and a marker of another scale under a
 * target's name is not reused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-target-'));
process.env.BENCH_DIR = dir;
delete process.env.BENCH_SCALE;

// the seed itself is not under test: what matters is which scale it is asked for
const seeded: { scale: string; seed: number }[] = [];
vi.mock('../../seeds/index.js', () => ({
  seedDatabase: async (_db: unknown, opts: { scale: string; seed: number }) => {
    seeded.push({ scale: opts.scale, seed: opts.seed });
    return [];
  },
}));

const { SCALE, seedFresh, seededResult, target } = await import('../../bench/lib.js');

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('bench seed targets', () => {
  it('seeds the scale and seed its target names, whatever the default scale', async () => {
    expect(SCALE).toBe('large');
    const t = target('sqlite', null, 'tiny', 7);
    const result = await (seedFresh as (t: unknown, pg: null) => Promise<{ scale: string; seed: number }>)(t, null);
    expect(seeded).toEqual([{ scale: 'tiny', seed: 7 }]);
    expect(result).toMatchObject({ scale: 'tiny', seed: 7 });
    expect(seededResult(t)).toMatchObject({ scale: 'tiny', seed: 7 });
  });

  it('does not reuse a marker that records another scale than its name', () => {
    const t = target('sqlite', null, 'demo', 7);
    fs.writeFileSync(t.sqliteFile, '');
    fs.writeFileSync(t.marker, JSON.stringify({ kind: 'sqlite', scale: 'large', seed: 42, rows: 1 }));
    expect(seededResult(t)).toBeNull();
  });
});
