/**
 * The counts of every suite `make test` runs, added up into one closing line. CI judges a run whose
 * output ends without a known test runner's summary by its exit code alone; this last line says how
 * many checks ran, in the plain form `N passed, N failed` that any reader (human or CI) can take in.
 *
 * Each suite records its own counts in test/artifacts/tally/<suite>.json while it runs:
 * vitest through its JSON reporter, pytest through its JUnit report, the spawned checkers
 * (schemathesis, the MCP check, the client generators) through `recordTally`.
 *
 *   tsx test/tally.ts reset     forget the counts of an earlier run; note when this run started
 *   tsx test/tally.ts summary   print each suite's counts, when it ended (its counts' file written)
 *                               and the stretch since the suite that ended before it (the steps
 *                               make ran between them included), then the closing line; exit 1 if a
 *                               suite is missing or any check failed
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const TALLY_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'artifacts', 'tally');

/** The suites `make test` runs, in its order; the summary fails when one of them left no counts. */
const SUITES = ['generators', 'pytest', 'vitest', 'schemathesis-sqlite', 'schemathesis-postgres', 'mcp-sqlite', 'mcp-postgres'];

interface Counts {
  passed: number;
  failed: number;
}

export function recordTally(suite: string, counts: Counts): void {
  fs.mkdirSync(TALLY_DIR, { recursive: true });
  fs.writeFileSync(path.join(TALLY_DIR, `${suite}.json`), JSON.stringify(counts));
}

/**
 * Runs a checker with its standard output passed through and read: `count` turns the whole output
 * into counts (undefined when the checker printed none, which is then one failure unless it exited 0).
 */
export function spawnCounted(
  suite: string,
  command: string,
  argv: string[],
  env: NodeJS.ProcessEnv,
  count: (output: string) => Counts | undefined,
): Promise<number> {
  const child = spawn(command, argv, { stdio: ['inherit', 'pipe', 'inherit'], env });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    output += chunk.toString('utf8');
  });
  return new Promise<number>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      const status = code ?? 1;
      const counts = count(output) ?? { passed: 0, failed: status === 0 ? 0 : 1 };
      // a checker that exits non-zero counts at least one failure, whatever it printed
      recordTally(suite, status !== 0 && counts.failed === 0 ? { ...counts, failed: 1 } : counts);
      resolve(status);
    });
  });
}

/** Written by `reset`: its modification time is when the run started. */
const STARTED = path.join(TALLY_DIR, 'started');

function read(suite: string): (Counts & { endedMs: number }) | undefined {
  const file = path.join(TALLY_DIR, `${suite}.json`);
  if (!fs.existsSync(file)) return undefined;
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  const endedMs = fs.statSync(file).mtimeMs;
  if (suite === 'vitest') return { passed: Number(data.numPassedTests), failed: Number(data.numFailedTests), endedMs };
  return { passed: Number(data.passed), failed: Number(data.failed), endedMs };
}

/** Minutes and seconds, `m:ss`. */
export function minutes(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * Each suite's end after the run's start and its stretch: the time since the suite that ended
 * before it (or the start), in the order the suites ended. Empty without the start's note.
 */
export function timings(started: number | undefined, ended: ReadonlyMap<string, number>): Map<string, string> {
  const out = new Map<string, string>();
  if (started === undefined) return out;
  let previous = started;
  for (const [suite, at] of [...ended].sort((a, b) => a[1] - b[1])) {
    out.set(suite, `ended ${minutes(at - started)} after the start, ${minutes(at - previous)} since the one before`);
    previous = at;
  }
  return out;
}

/** pytest's JUnit report: `<testsuite tests=N failures=F errors=E skipped=S>`. */
export function junitCounts(xml: string): Counts | undefined {
  const suite = /<testsuite\b[^>]*>/.exec(xml)?.[0];
  if (!suite) return undefined;
  const attr = (name: string) => Number(new RegExp(`\\b${name}="(\\d+)"`).exec(suite)?.[1] ?? 0);
  const failed = attr('failures') + attr('errors');
  return { passed: attr('tests') - failed - attr('skipped'), failed };
}

function summary(): number {
  const pytest = path.join(TALLY_DIR, 'pytest.xml');
  if (fs.existsSync(pytest)) {
    const counts = junitCounts(fs.readFileSync(pytest, 'utf8'));
    if (counts) {
      recordTally('pytest', counts);
      // pytest ended when it wrote its report, not now
      const { atime, mtime } = fs.statSync(pytest);
      fs.utimesSync(path.join(TALLY_DIR, 'pytest.json'), atime, mtime);
    }
  }
  let passed = 0;
  let failed = 0;
  const missing: string[] = [];
  const found = new Map<string, NonNullable<ReturnType<typeof read>>>();
  for (const suite of SUITES) {
    const counts = read(suite);
    if (counts) found.set(suite, counts);
    else missing.push(suite);
  }
  const started = fs.existsSync(STARTED) ? fs.statSync(STARTED).mtimeMs : undefined;
  const when = timings(started, new Map([...found].map(([suite, c]) => [suite, c.endedMs])));
  for (const [suite, counts] of found) {
    const at = when.get(suite);
    console.log(`  ${suite.padEnd(24)} ${counts.passed} passed, ${counts.failed} failed${at ? `  (${at})` : ''}`);
    passed += counts.passed;
    failed += counts.failed;
  }
  if (started !== undefined) console.log(`  the whole run: ${minutes(Date.now() - started)}`);
  if (missing.length) console.log(`  no counts from: ${missing.join(', ')}`);
  console.log(`${passed} passed, ${failed + missing.length} failed`);
  return failed + missing.length === 0 ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const command = process.argv[2];
  if (command === 'reset') {
    fs.rmSync(TALLY_DIR, { recursive: true, force: true });
    fs.mkdirSync(TALLY_DIR, { recursive: true });
    fs.writeFileSync(STARTED, '');
  }
  else if (command === 'summary') process.exit(summary());
  else {
    console.error('usage: tsx test/tally.ts reset|summary');
    process.exit(2);
  }
}
