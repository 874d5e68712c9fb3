/**
 * README's shell blocks, pasted as a newcomer would: the first call and the browser sign-in's code
 * exchange run in bash against a fresh server, with README's ports replaced by the server's. Every
 * curl reports its HTTP status (a wrapper adds `-w` to stderr) and each must be 2xx; the start-up
 * banner's sign-in URL must open the sign-in page.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { DEMO_PKCE_CHALLENGE, DEMO_USERS } from '../../src/auth/demo.js';
import { startupBanner } from '../../src/banner.js';
import { forEachDatabase, type Harness } from '../helpers/harness.js';
import { REDIRECT, send } from '../helpers/signin.js';

const run = promisify(execFile);
const README = fs.readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');

/** The ```sh blocks of the README section under `## heading`. */
function shellBlocks(heading: string): string[] {
  const start = README.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`README has no section "${heading}"`);
  const end = README.indexOf('\n## ', start + 1);
  const section = README.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

/** Runs a block as pasted into bash (stopping at the first failure); the HTTP status of every curl call. */
async function paste(h: Harness, block: string): Promise<{ statuses: number[]; calls: number; stdout: string }> {
  const { baseUrl, authUrl } = h.server;
  const script = block.replaceAll('http://localhost:3000', baseUrl).replaceAll('http://localhost:3001', authUrl);
  const calls = script.split('\n').filter((l) => !l.trimStart().startsWith('#')).join('\n').match(/\bcurl /g)?.length ?? 0;
  const wrapper = `curl() { command curl -w '%{stderr}HTTP %{http_code}\\n' "$@"; }\n`;
  const { stdout, stderr } = await run('bash', ['-euo', 'pipefail', '-c', wrapper + script], { timeout: 20_000 });
  const statuses = [...stderr.matchAll(/^HTTP (\d{3})$/gm)].map((m) => Number(m[1]));
  return { statuses, calls, stdout };
}

forEachDatabase('README, pasted', (h) => {
  it('runs the first-call block: every call answers 2xx', async () => {
    const [block] = shellBlocks('First call');
    expect(block).toBeDefined();
    const { statuses, calls, stdout } = await paste(h(), block!);
    expect(calls).toBe(4);
    expect(statuses).toHaveLength(calls);
    for (const s of statuses) expect(s).toBeGreaterThanOrEqual(200), expect(s).toBeLessThan(300);
    // step 2's filter reached the server intact: Series A rounds came back
    expect(stdout).toContain('"standardized_round":"Series A"');
  });

  it("prints a sign-in URL that opens the sign-in page, and README's code exchange works with it", async () => {
    const { server } = h();
    const banner = startupBanner(server).join('\n');
    for (const u of DEMO_USERS) expect(banner).toMatch(new RegExp(`${u.email}\\s+${u.password}\\s`));
    const url = banner.match(/^\s*(http\S+\/authorize\?\S+)$/m)?.[1];
    expect(url).toBeDefined();
    const page = await send(url!);
    expect(page.status).toBe(200);
    expect(page.text).toContain('name="password"');

    // what the browser does with the demo user's password on that page
    const form = new URLSearchParams({ ...Object.fromEntries(new URL(url!).searchParams), username: DEMO_USERS[0].email, password: DEMO_USERS[0].password });
    expect(form.get('code_challenge')).toBe(DEMO_PKCE_CHALLENGE);
    const signedIn = await send(`${server.authUrl}/authorize`, { method: 'POST', body: form.toString(), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(signedIn.status).toBe(302);
    const to = new URL(String(signedIn.headers.location));
    expect(`${to.origin}${to.pathname}`).toBe(REDIRECT);
    const code = to.searchParams.get('code')!;

    const [block] = shellBlocks('Browser sign-in');
    expect(block).toContain('CODE=paste-the-code-here');
    const { statuses, calls } = await paste(h(), block!.replace('CODE=paste-the-code-here', `CODE=${code}`));
    expect(calls).toBe(2);
    expect(statuses).toEqual([200, 200]);
  });
});
