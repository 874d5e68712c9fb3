import { describe, expect, it } from 'vitest';
import { junitCounts } from '../tally.js';

describe('the closing tally of make test', () => {
  it('reads passed and failed checks from a JUnit report, errors as failures and skips apart', () => {
    const xml = '<?xml version="1.0"?><testsuites><testsuite name="pytest" errors="1" failures="2" skipped="3" tests="60" time="1.2"></testsuite></testsuites>';
    expect(junitCounts(xml)).toEqual({ passed: 54, failed: 3 });
  });

  it('has no counts for a report without a test suite', () => {
    expect(junitCounts('<testsuites></testsuites>')).toBeUndefined();
  });
});
