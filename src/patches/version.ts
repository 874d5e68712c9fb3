/**
 * The startup check of a patched library: a patch replaces or wraps code the library does not
 * document, so it is written against one release line. On another version the server refuses to
 * start rather than run a patch over internals that may have changed.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The installed version of a package. */
export function installedVersion(pkg: string): string {
  return (require(`${pkg}/package.json`) as { version: string }).version;
}

/** Throws unless the installed version of `pkg` matches `expected` (`5.20.1`, or `3.` for a release line). */
export function requireVersion(pkg: string, expected: string, patch: string): void {
  const version = installedVersion(pkg);
  const ok = expected.endsWith('.') ? version.startsWith(expected) : version === expected;
  if (!ok) {
    throw new Error(
      `${patch} is written against ${pkg} ${expected.endsWith('.') ? `${expected}x` : expected}, found ${version}: ` +
        `check the patch against the new version (src/patches/, its test in test/unit/patches.test.ts), then update the expected version`,
    );
  }
}
