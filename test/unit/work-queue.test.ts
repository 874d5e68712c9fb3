import { describe, expect, it } from 'vitest';
import { HeavySlots } from '../../src/access/heavy.js';
import { WorkQueue } from '../../src/access/workQueue.js';

describe('WorkQueue (heavy work of a process)', () => {
  it('runs at most `concurrency` units at once, in arrival order, and all of them', async () => {
    const q = new WorkQueue(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const unit = (i: number) => async () => {
      running++;
      peak = Math.max(peak, running);
      order.push(i);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      return i;
    };
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => q.run(unit(i))));
    expect(results).toEqual([...Array(10).keys()]);
    expect(peak).toBe(2);
    expect(order).toEqual([...Array(10).keys()]);
    expect(q.load).toEqual({ running: 0, waiting: 0 });
  });

  it('after a unit that kept the event loop busy, leaves it free for many turns before the next', async () => {
    // the loop accepts one connection per turn: turns between heavy units are what lets a burst of
    // connections (and the probes behind it) in
    const q = new WorkQueue(1);
    const hold = (ms: number) => async () => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    const first = q.run(hold(40));
    const second = q.run(async () => void (counting = false));
    setImmediate(count);
    await Promise.all([first, second]);
    expect(turns).toBeGreaterThan(5);
  });

  it('keeps the pause after a busy unit also for a unit that arrives only once it has ended', async () => {
    // on SQLite a unit never waits for I/O, so no other request is read while it runs and the next
    // one arrives after it has ended, with nobody waiting: it must still wait out the pause
    const q = new WorkQueue(1);
    await q.run(async () => {
      const until = performance.now() + 40;
      while (performance.now() < until);
    });
    expect(q.load).toEqual({ running: 1, waiting: 0 });
    const started = performance.now();
    let at = 0;
    await q.run(async () => void (at = performance.now()));
    expect(at - started).toBeGreaterThanOrEqual(30);
    await new Promise((r) => setTimeout(r, 10));
    expect(q.load).toEqual({ running: 0, waiting: 0 });
  });

  it('gives the event loop a turn between units that never wait for I/O', async () => {
    const q = new WorkQueue(1);
    const seen: string[] = [];
    const busy = (name: string) => async () => void seen.push(name);
    const first = q.run(busy('a'));
    const second = q.run(busy('b'));
    setImmediate(() => seen.push('io'));
    await Promise.all([first, second]);
    expect(seen).toEqual(['a', 'io', 'b']);
  });

  it('does not run a unit whose client left while it waited, and passes its place on', async () => {
    const q = new WorkQueue(1);
    let release!: () => void;
    const held = q.run(() => new Promise<void>((r) => (release = r)));
    const gone = new AbortController();
    let ran = false;
    const abandoned = q.run(async () => void (ran = true), gone.signal);
    const after = q.run(async () => 'next');
    gone.abort();
    release();
    await held;
    await expect(abandoned).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(ran).toBe(false);
    expect(await after).toBe('next');
  });
});

describe('HeavySlots (heavy requests per caller and address)', () => {
  it('refuses past either cap with 429 and frees a slot once, on release', () => {
    const slots = new HeavySlots({ perKey: 2, perAddress: 3 });
    const a1 = slots.take('key-a', '10.0.0.1');
    slots.take('key-a', '10.0.0.1');
    expect(() => slots.take('key-a', '10.0.0.1')).toThrow(expect.objectContaining({ code: 'RATE_LIMITED' }));
    slots.take('key-b', '10.0.0.1');
    // the address is full whatever the key
    expect(() => slots.take('key-c', '10.0.0.1')).toThrow(expect.objectContaining({ code: 'RATE_LIMITED' }));
    a1();
    a1();
    expect(slots.size).toBe(2);
    expect(() => slots.take('key-a', '10.0.0.1')).not.toThrow();
    expect(() => new HeavySlots({ perKey: 0, perAddress: 0 }).take(null, 'x')).not.toThrow();
  });
});
