/**
 * The identity provider's signing key: an ES256 key pair kept as a private JWK in a file
 * (SIGNING_KEY_FILE), so that every process of one deployment signs and verifies with the same key.
 * The public half is published as JWKS. Outside production the file is generated on first start;
 * in production it is created beforehand (`npm run admin -- signing-key create --out FILE`) and put
 * where every replica reads it, since a key made silently on an ephemeral disk stops the tokens
 * verifying after a restart or on the next replica.
 *
 * Beside it, without CURSOR_SECRET (development), a random cursor secret of this install
 * (`cursor-secret` in the key's directory), so that no two installs share one and nobody can sign
 * a cursor with a published default.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';

export const SIGNING_ALG = 'ES256';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export class SigningKeyExistsError extends Error {}

/** Writes a new private key to `file` (mode 0600), never over an existing file; its kid. */
export async function createSigningKeyFile(file: string): Promise<string> {
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const jwk = await exportJWK(privateKey);
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  try {
    fs.writeFileSync(file, JSON.stringify(jwk), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new SigningKeyExistsError(`${file} already exists`);
    throw err;
  }
  const { d: _d, ...pub } = jwk;
  return calculateJwkThumbprint(pub);
}

function readJwk(file: string): JWK | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as JWK;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

async function readOrCreateJwk(file: string): Promise<JWK> {
  const existing = readJwk(file);
  if (existing) return existing;
  try {
    await createSigningKeyFile(file);
  } catch (err) {
    // another process created it first: use theirs
    if (!(err instanceof SigningKeyExistsError)) throw err;
  }
  return readJwk(file)!;
}

export const signingKeyExists = (file: string): boolean => fs.existsSync(file);

/** The key in `file`; with `create` (outside production) a new one is written there when there is none. */
export async function loadSigningKey(file: string, opts: { create: boolean } = { create: true }): Promise<SigningKey> {
  const jwk = opts.create ? await readOrCreateJwk(file) : readJwk(file);
  if (!jwk) throw new Error(`The signing key file ${file} (SIGNING_KEY_FILE) does not exist: create it with npm run admin -- signing-key create --out ${file}`);
  const { d: _d, ...pub } = jwk;
  const kid = await calculateJwkThumbprint(pub);
  const privateKey = (await importJWK({ ...jwk, alg: SIGNING_ALG }, SIGNING_ALG)) as CryptoKey;
  return { kid, privateKey, publicJwk: { ...pub, kid, alg: SIGNING_ALG, use: 'sig' } };
}

/** The file of the generated cursor secret: beside the signing key. */
export const cursorSecretFile = (signingKeyFile: string) => path.join(path.dirname(path.resolve(signingKeyFile)), 'cursor-secret');

/** Reads the install's cursor secret, creating a random one on first start. */
export function loadCursorSecret(signingKeyFile: string): string {
  const file = cursorSecretFile(signingKeyFile);
  const read = () => fs.readFileSync(file, 'utf8').trim();
  try {
    return read();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = crypto.randomBytes(32).toString('base64url');
  try {
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    // another process created it first: use theirs
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw err;
  }
}
