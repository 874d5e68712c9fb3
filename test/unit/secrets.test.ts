/** Password hashing never holds the event loop: scrypt runs on the thread pool, a few at a time. */
import { describe, expect, it } from 'vitest';
import { dummyHash, hashSecret, hashSecretAsync, verifySecret } from '../../src/auth/secrets.js';

/** Whether a timer callback ran while `work` was under way (it cannot if the work holds the loop). */
async function yieldsWhile(work: () => Promise<unknown> | unknown): Promise<boolean> {
  let ticked = false;
  setImmediate(() => (ticked = true));
  const pending = work();
  const tickedBefore = ticked;
  await pending;
  return !tickedBefore && ticked;
}

describe('secrets', () => {
  it('verifies a password without holding the event loop', async () => {
    const stored = hashSecret('right');
    expect(await yieldsWhile(() => verifySecret('wrong', stored))).toBe(true);
    expect(await verifySecret('right', stored)).toBe(true);
    expect(await verifySecret('wrong', stored)).toBe(false);
    expect(await verifySecret('x', 'not-a-hash')).toBe(false);
  });

  it('hashes a new secret without holding the event loop, in the stored format', async () => {
    let stored = '';
    expect(await yieldsWhile(async () => (stored = await hashSecretAsync('fresh')))).toBe(true);
    expect(stored).toMatch(/^scrypt\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(await verifySecret('fresh', stored)).toBe(true);
  });

  it('serves many concurrent checks through the bounded pool, each with its own answer', async () => {
    const stored = hashSecret('right');
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => verifySecret(i % 3 === 0 ? 'right' : 'wrong', i % 2 ? stored : dummyHash())));
    expect(answers).toEqual(Array.from({ length: 12 }, (_, i) => i % 3 === 0 && i % 2 === 1));
  });
});
