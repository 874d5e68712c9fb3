/** Memory a server process holds that nothing uses (docs/scaling.md, "Memory"). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import type { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteRunner } from '../../src/db/budget.js';
import { collectStartupGarbage } from '../../src/heap.js';

describe("a server process's memory", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fdapi-memory-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('collects the garbage left in the heap, also when called again', () => {
    let junk: { i: number; s: string }[] | null = Array.from({ length: 300_000 }, (_, i) => ({ i, s: `row ${i}` }));
    const held = v8.getHeapStatistics().used_heap_size;
    expect(junk.length).toBe(300_000);
    junk = null;
    collectStartupGarbage();
    const after = v8.getHeapStatistics().used_heap_size;
    expect(after).toBeLessThan(held - 10e6);
    collectStartupGarbage();
  });

  it("starts the SQLite query worker with a young generation of 8 MB", async () => {
    const file = path.join(dir, 'db.sqlite');
    const Database = (await import('better-sqlite3')).default;
    new Database(file).close();
    const runner = new SqliteRunner(file);
    try {
      expect(await runner.run('select 1 as n', [], 10_000)).toEqual([{ n: 1 }]);
      const worker = (runner as unknown as { worker: Worker }).worker;
      expect(worker.resourceLimits?.maxYoungGenerationSizeMb).toBe(8);
    } finally {
      await runner.close();
    }
  });
});
