import { describe, expect, it } from 'vitest';
import { junitCounts, minutes, timings } from '../tally.js';

describe('the closing tally of make test', () => {
  it('reads passed and failed checks from a JUnit report, errors as failures and skips apart', () => {
    const xml = '<?xml version="1.0"?><testsuites><testsuite name="pytest" errors="1" failures="2" skipped="3" tests="60" time="1.2"></testsuite></testsuites>';
    expect(junitCounts(xml)).toEqual({ passed: 54, failed: 3 });
  });

  it('has no counts for a report without a test suite', () => {
    expect(junitCounts('<testsuites></testsuites>')).toBeUndefined();
  });

  it('says when each suite ended after the start and how long since the one that ended before it, in the order they ended', () => {
    const start = 1_000_000;
    const ended = new Map([
      ['vitest', start + 1_400_000],
      ['generators', start + 95_000],
      ['schemathesis-postgres', start + 1_900_500],
      ['schemathesis-sqlite', start + 1_880_000],
    ]);
    expect([...timings(start, ended)]).toEqual([
      ['generators', 'ended 1:35 after the start, 1:35 since the one before'],
      ['vitest', 'ended 23:20 after the start, 21:45 since the one before'],
      ['schemathesis-sqlite', 'ended 31:20 after the start, 8:00 since the one before'],
      ['schemathesis-postgres', 'ended 31:41 after the start, 0:21 since the one before'],
    ]);
    expect(timings(undefined, ended).size).toBe(0);
    expect(minutes(59_499)).toBe('0:59');
    expect(minutes(3_600_000)).toBe('60:00');
  });
});
