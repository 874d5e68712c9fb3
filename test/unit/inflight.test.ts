/** The shutdown's wait for request work still running (src/http/inflight.ts). */
import { describe, expect, it } from 'vitest';
import { InFlight } from '../../src/http/inflight.js';

const deferred = () => {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe('InFlight', () => {
  it('is idle at once when nothing runs', async () => {
    expect(await new InFlight().idle(1_000)).toBe(true);
  });

  it('waits until every tracked piece of work has settled, failures included', async () => {
    const f = new InFlight();
    const a = deferred();
    const b = deferred();
    f.track(a.promise);
    f.track(b.promise).catch(() => undefined);
    expect(f.size).toBe(2);
    let idle: boolean | null = null;
    const waiting = f.idle(5_000).then((v) => (idle = v));
    a.resolve();
    await a.promise;
    await Promise.resolve();
    expect(idle).toBeNull();
    b.reject(new Error('refused'));
    await waiting;
    expect(idle).toBe(true);
    expect(f.size).toBe(0);
  });

  it('gives up after the timeout and says so', async () => {
    const f = new InFlight();
    f.track(new Promise(() => undefined));
    expect(await f.idle(50)).toBe(false);
    expect(f.size).toBe(1);
  });

  it('returns the tracked promise unchanged', async () => {
    const f = new InFlight();
    await expect(f.track(Promise.resolve(42))).resolves.toBe(42);
    await expect(f.track(Promise.reject(new Error('x')))).rejects.toThrow('x');
  });
});
