/**
 * `npm run admin` (scripts/admin.mjs): in a development checkout it runs the sources without a build
 * and `--help` prints the usage; where tsx is gone (a pruned production install) it runs the build.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const LAUNCHER = path.join(ROOT, 'scripts', 'admin.mjs');

async function exec(file: string, args: string[], cwd: string) {
  try {
    const { stdout, stderr } = await run(file, args, { cwd, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run admin', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
  /** A checkout with only the launcher (and `dist` when given): no node_modules, so no tsx. */
  const bare = (dist?: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fdapi-admin-'));
    dirs.push(dir);
    fs.mkdirSync(path.join(dir, 'scripts'));
    fs.copyFileSync(LAUNCHER, path.join(dir, 'scripts', 'admin.mjs'));
    if (dist !== undefined) {
      fs.mkdirSync(path.join(dir, 'dist', 'src', 'admin'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'dist', 'src', 'admin', 'cli.js'), dist);
    }
    return dir;
  };

  it('prints the usage with --help from the sources of a development checkout', async () => {
    expect(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.admin).toBe('node scripts/admin.mjs');
    const r = await exec('npm', ['run', '-s', 'admin', '--', '--help'], ROOT);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('usage: npm run admin -- <command>');
    expect(r.stdout).toContain('signing-key create --out FILE');
    // without a command the usage is an error
    const none = await exec('npm', ['run', '-s', 'admin'], ROOT);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('usage: npm run admin');
  });

  it('runs the build where tsx is not installed, passing the arguments and the exit code', async () => {
    const dir = bare("process.stdout.write('built ' + process.argv.slice(2).join(' ')); process.exitCode = 3;");
    const r = await exec(process.execPath, [path.join(dir, 'scripts', 'admin.mjs'), 'key', 'list'], dir);
    expect(r.stdout).toBe('built key list');
    expect(r.code).toBe(3);
  });

  it('starts an import with the heap limit that keeps its memory near what it holds, other commands without it', async () => {
    const dir = bare("process.stdout.write(process.execArgv.join(' '));");
    const launch = (args: string[], env: NodeJS.ProcessEnv = {}) =>
      run(process.execPath, [path.join(dir, 'scripts', 'admin.mjs'), ...args], { cwd: dir, env: { ...process.env, NODE_OPTIONS: '', ...env } });
    expect((await launch(['import', '--format', 'ndjson', 'f.ndjson'])).stdout).toBe('--max-old-space-size=1024');
    expect((await launch(['verify'])).stdout).toBe('');
    // the operator's own limit wins
    expect((await launch(['import', 'f.ndjson'], { NODE_OPTIONS: '--max-old-space-size=2048' })).stdout).toBe('');
  });

  it('says what to do when there is neither a build nor tsx', async () => {
    const dir = bare();
    const r = await exec(process.execPath, [path.join(dir, 'scripts', 'admin.mjs'), '--help'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('make build');
  });
});
