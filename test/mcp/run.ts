/**
 * Runs test/mcp/check.py (the Python `mcp` package, not our code) against a real server over a fresh
 * tiny seed: sign-in by discovery, and the development key for the header setup. Exit code = the check's.
 *
 *   tsx test/mcp/run.ts [--db sqlite|postgres]
 */
import { exitWith, startSeededServer } from '../contract/seeded-server.js';
import { spawnCounted } from '../tally.js';

const args = process.argv.slice(2);
const db = args[args.indexOf('--db') + 1] === 'postgres' ? 'postgres' : 'sqlite';

exitWith(async () => {
  const metricsToken = 'mcp-check-metrics';
  const seeded = await startSeededServer({ db, name: 'mcp', env: { METRICS_TOKEN: metricsToken } });
  try {
    const env = { ...process.env, BASE_URL: seeded.server.baseUrl, TOKEN: seeded.token, CLIENT_ID: 'dev-client', METRICS_TOKEN: metricsToken };
    // check.py prints one `ok` or `FAIL` line per check
    return await spawnCounted(`mcp-${db}`, '.venv/bin/python', ['test/mcp/check.py'], env, (output) => ({
      passed: output.match(/^ok /gm)?.length ?? 0,
      failed: output.match(/^FAIL /gm)?.length ?? 0,
    }));
  } finally {
    await seeded.close();
  }
});
