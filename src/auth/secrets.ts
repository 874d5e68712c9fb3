/** Client secrets and passwords: stored as scrypt hashes, compared in constant time. */
import crypto from 'node:crypto';

const KEYLEN = 32;
const COST = { N: 16384, r: 8, p: 1 };

export function hashSecret(secret: string, salt: Buffer = crypto.randomBytes(16)): string {
  const hash = crypto.scryptSync(secret, salt, KEYLEN, COST);
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/** A hash of a random secret, used so that unknown clients cost the same time as wrong secrets. */
export const DUMMY_HASH = hashSecret(crypto.randomBytes(16).toString('hex'));

export function verifySecret(secret: string, stored: string): boolean {
  const [scheme, saltB64, hashB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, 'base64url');
  const actual = crypto.scryptSync(secret, Buffer.from(saltB64, 'base64url'), expected.length || KEYLEN, COST);
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}

export function randomToken(bytes = 24): string {
  return crypto.randomBytes(bytes).toString('base64url');
}
