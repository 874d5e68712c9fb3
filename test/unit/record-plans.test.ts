/**
 * The record documents' plans stored by `make generate` (generated/record-plans.json,
 * src/documents/plans.ts) are what openapi.yaml and the code compile now, keyed by the hash of that
 * openapi.yaml; a process takes them instead of parsing openapi.yaml.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compile, compileLockPlans, PLANS_PATH, storedText } from '../../src/documents/plans.js';
import { OPENAPI_PATH } from '../../src/openapi/bundle.js';

describe('record documents plans', () => {
  const sha = createHash('sha256').update(fs.readFileSync(OPENAPI_PATH, 'utf8')).digest('hex');
  const compiled = compile();

  it('are stored as compiled from the present openapi.yaml (else: make generate)', () => {
    expect(fs.readFileSync(PLANS_PATH, 'utf8')).toBe(storedText(compiled, sha));
  });

  it('taken from the file are the compiled ones', () => {
    const taken = compileLockPlans();
    expect([...taken.locks.keys()]).toEqual([...compiled.locks.keys()]);
    expect(taken.locks.get('getTransaction')).toEqual(compiled.locks.get('getTransaction'));
    expect(taken.csv.get('listTransactions')).toEqual(compiled.csv.get('listTransactions'));
    expect(taken.csv.get('listTransactions')?.length).toBeGreaterThan(5);
  });
});
