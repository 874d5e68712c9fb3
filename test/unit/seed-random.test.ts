/**
 * The seed's date helpers (seeds/random.ts) compute civil dates by integer arithmetic: the same
 * dates and instants as Date's UTC fields and toISOString, over every day the generator can use.
 */
import { describe, expect, it } from 'vitest';
import { instant, Rng, yearOf, ymd } from '../../seeds/random.js';

const DAY_MS = 86_400_000;

describe('seed date helpers', () => {
  it('give Date’s UTC year, month and day for every day from 1890 to 2110', () => {
    const wrong: number[] = [];
    for (let day = -29_220; day <= 51_500; day++) {
      const t = new Date(day * DAY_MS);
      const r = ymd(day);
      if (r.y !== t.getUTCFullYear() || r.m !== t.getUTCMonth() + 1 || r.d !== t.getUTCDate() || yearOf(day) !== r.y) wrong.push(day);
    }
    expect(wrong).toEqual([]);
  });

  it('write an instant as toISOString does, drawing the same values from the stream', () => {
    const ours = new Rng(7, 'instants');
    const theirs = new Rng(7, 'instants');
    for (let i = 0; i < 50_000; i++) {
      const day = -3_000 + ((i * 7_919) % 25_000);
      const ms = day * DAY_MS + theirs.int(0, 86_399) * 1000 + theirs.int(0, 999);
      expect(instant(day, ours)).toBe(new Date(ms).toISOString());
    }
  });
});
