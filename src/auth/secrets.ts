/**
 * Client secrets and passwords: stored as scrypt hashes, compared in constant time.
 *
 * On a request's path hashing is asynchronous (`verifySecret`, `hashSecretAsync`): scrypt runs on
 * libuv's thread pool, never on the event loop the API shares, and at most SCRYPT_CONCURRENCY run
 * at once so that a flood of sign-ins cannot take every pool thread either (file and DNS work use
 * them too). Past MAX_WAITING queued hashes the caller gets `HashingBusy` (an answer of 503).
 * `hashSecret` is synchronous for the seed and tests only.
 */
import crypto from 'node:crypto';
import { promisify } from 'node:util';

const KEYLEN = 32;
const COST = { N: 16384, r: 8, p: 1 };
const SCRYPT_CONCURRENCY = 2;
const MAX_WAITING = 512;

const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>;

export class HashingBusy extends Error {
  constructor() {
    super('Too many password checks waiting');
  }
}

let running = 0;
const waiting: (() => void)[] = [];

/** scrypt on the thread pool, at most SCRYPT_CONCURRENCY at a time. */
async function boundedScrypt(secret: string, salt: Buffer, keylen: number): Promise<Buffer> {
  if (running >= SCRYPT_CONCURRENCY) {
    if (waiting.length >= MAX_WAITING) throw new HashingBusy();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  try {
    return await scrypt(secret, salt, keylen, COST);
  } finally {
    // hand the slot straight to the next waiter, or free it
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

const format = (salt: Buffer, hash: Buffer) => `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;

/** Synchronous: for the seed and tests, never on a request's path. */
export function hashSecret(secret: string, salt: Buffer = crypto.randomBytes(16)): string {
  return format(salt, crypto.scryptSync(secret, salt, KEYLEN, COST));
}

export async function hashSecretAsync(secret: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  return format(salt, await boundedScrypt(secret, salt, KEYLEN));
}

let dummy: string | undefined;

/**
 * A hash of a random secret, used so that unknown clients cost the same time as wrong secrets: made
 * on first use, not when the module loads (a scrypt every command-line process paid, 0.1-0.3 s).
 */
export function dummyHash(): string {
  return (dummy ??= hashSecret(crypto.randomBytes(16).toString('hex')));
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, saltB64, hashB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, 'base64url');
  const actual = await boundedScrypt(secret, Buffer.from(saltB64, 'base64url'), expected.length || KEYLEN);
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}

export function randomToken(bytes = 24): string {
  return crypto.randomBytes(bytes).toString('base64url');
}
