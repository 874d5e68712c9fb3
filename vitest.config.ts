import { defineConfig } from 'vitest/config';

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
        test: { name: 'integration', include: ['test/integration/**/*.test.ts', 'test/docs/**/*.test.ts'], globalSetup: ['test/global-setup.ts'] },
      },
    ],
  },
});
