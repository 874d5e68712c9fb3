import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Integration files that take long: several server processes, killed or faulted servers and
 * databases, fuzzing, a browser, the Python SDK. `SKIP_SLOW=1` leaves them out of a local run
 * (`SKIP_SLOW=1 make test-integration`); `make test`, and so CI, always runs them.
 */
export const SLOW_INTEGRATION = [
  'test/integration/cluster.test.ts',
  'test/integration/drain.test.ts',
  'test/integration/faults.test.ts',
  'test/integration/hostile.test.ts',
  'test/integration/leases-outage.test.ts',
  'test/integration/leases.test.ts',
  'test/integration/prism.test.ts',
  'test/integration/production.test.ts',
  'test/integration/python-sdk.test.ts',
  'test/integration/shutdown.test.ts',
  'test/integration/workers.test.ts',
  'test/docs/docs.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      // integration tests run on SQLite and on a real PostgreSQL started once per run; the docs page
      // test drives headless Chromium (make test installs Debian's chromium for it)
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'test/docs/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...(process.env.SKIP_SLOW === '1' ? SLOW_INTEGRATION : [])],
          globalSetup: ['test/global-setup.ts'],
          setupFiles: ['test/setup/warnings.ts'],
        },
      },
    ],
  },
});
