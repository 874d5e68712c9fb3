/**
 * The seed's INSERT batches on SQLite (seeds/insert-sql.mjs): every value once and in order, in
 * full statements and then power-of-two ones, so a table has a few statement sizes to prepare.
 */
import { describe, expect, it } from 'vitest';
import { statementsOf } from '../../seeds/insert-sql.mjs';

describe('seed INSERT batches', () => {
  it('cut a buffer into full statements and power-of-two leftovers, values in order', () => {
    const cols = ['a', 'b', 'c'];
    const sizes = new Set<number>();
    for (const rows of [0, 1, 2, 3, 999, 1000, 1001, 2047, 4999, 5000, 5003]) {
      const values = Array.from({ length: rows * cols.length }, (_, i) => i);
      const parts = statementsOf(cols, values);
      expect(parts.flatMap((p) => p.values)).toEqual(values);
      for (const p of parts) {
        expect(p.values).toHaveLength(p.rows * cols.length);
        expect(p.rows === 1000 || Number.isInteger(Math.log2(p.rows))).toBe(true);
        sizes.add(p.rows);
      }
    }
    expect(sizes.size).toBeLessThanOrEqual(11);
  });
});
