/**
 * Runs test/mcp/check.py (the Python `mcp` package, not our code) against a real server over a fresh
 * tiny seed with the development key. Exit code = the check's.
 *
 *   tsx test/mcp/run.ts [--db sqlite|postgres]
 */
import { spawn } from 'node:child_process';
import { exitWith, startSeededServer } from '../contract/seeded-server.js';

const args = process.argv.slice(2);
const db = args[args.indexOf('--db') + 1] === 'postgres' ? 'postgres' : 'sqlite';

exitWith(async () => {
  const seeded = await startSeededServer({ db, name: 'mcp' });
  try {
    const child = spawn('.venv/bin/python', ['test/mcp/check.py'], {
      stdio: 'inherit',
      env: { ...process.env, BASE_URL: seeded.server.baseUrl, TOKEN: seeded.token, CLIENT_ID: 'dev-client' },
    });
    return await new Promise<number>((resolve, reject) => {
      child.on('error', reject);
      child.on('exit', (code) => resolve(code ?? 1));
    });
  } finally {
    await seeded.close();
  }
});
