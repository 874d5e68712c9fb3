/** `make fuzz`: the long fast-check runs of this folder (FUZZ_RUNS, default 100,000), outside `make test`. */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/fuzz/**/*.fuzz.test.ts'],
    testTimeout: 1_800_000,
    pool: 'forks',
    maxWorkers: 1,
  },
});
