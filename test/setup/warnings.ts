/**
 * Warnings the product must not raise, failed in the test file that raised them: pg's queueing of a
 * query behind a running one on the same client (deprecated, removed in pg 9; src/db/together.ts).
 */
import { afterAll, expect } from 'vitest';

// deep enough to name the product's frames under knex's and pg's
Error.stackTraceLimit = 60;

const FORBIDDEN = [/already executing a query/];
const seen: string[] = [];
process.on('warning', (w) => {
  if (FORBIDDEN.some((re) => re.test(w.message))) seen.push(`${w.name}: ${w.message}\n${w.stack ?? ''}`);
});

afterAll(() => {
  expect(seen).toEqual([]);
});
