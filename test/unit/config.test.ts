/**
 * The configuration schema (SETTINGS in src/config.ts) is the one list of settings: loadConfig
 * reads exactly the server's variables it declares, the Makefile the ones marked `make`, and
 * README.md's table is its rendering.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { README, renderReadme } from '../../scripts/config-table.js';
import { ConfigError, configTable, loadConfig, SETTINGS } from '../../src/config.js';

/** The variable names loadConfig reads from `env`. */
function readsOf(env: Record<string, string>): Set<string> {
  const read = new Set<string>();
  const proxy = new Proxy(env, {
    get(target, name) {
      if (typeof name === 'string') read.add(name);
      return target[name as string];
    },
  });
  loadConfig(proxy);
  return read;
}

describe('configuration schema', () => {
  it("README.md's configuration table is the schema's rendering", () => {
    const readme = fs.readFileSync(README, 'utf8');
    expect(readme).toContain(configTable());
    expect(renderReadme(readme)).toBe(readme);
  });

  it('loadConfig reads every server setting of the schema and nothing else', () => {
    const server = Object.entries(SETTINGS).filter(([, s]) => !('make' in s)).map(([n]) => n).sort();
    expect([...readsOf({})].sort()).toEqual(server);
    // production reads the same names
    expect([...readsOf({ NODE_ENV: 'production', CURSOR_SECRET: 'x' })].sort()).toEqual(server);
  });

  it('the settings marked make are the Makefile’s', () => {
    const makefile = fs.readFileSync(new URL('../../Makefile', import.meta.url), 'utf8');
    for (const [name, s] of Object.entries(SETTINGS)) if ('make' in s) expect(makefile).toMatch(new RegExp(`\\$\\(${name}\\)|^${name} \\?=`, 'm'));
  });

  it('uses the schema defaults and refuses bad values with the variable named', () => {
    const cfg = loadConfig({});
    expect(cfg.port).toBe(Number(SETTINGS.PORT.default));
    expect(cfg.databaseUrl).toBe(SETTINGS.DATABASE_URL.default);
    expect(cfg.shutdownDelayMs).toBe(0);
    expect(() => loadConfig({ WORKERS: 'two' })).toThrow(new ConfigError('WORKERS must be a whole number, got "two"'));
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/CURSOR_SECRET is required/);
  });

  it('webhook and change feed settings: defaults, a retention of at least 30 days, no private targets in production', () => {
    expect(loadConfig({}).webhooks).toEqual({ allowPrivate: false, retryBaseMs: 30_000, retryWindowMs: 90_000_000, disableAfterMs: 259_200_000, timeoutMs: 10_000, pollMs: 1000 });
    expect(loadConfig({}).changeRetentionDays).toBe(30);
    expect(() => loadConfig({ CHANGE_RETENTION_DAYS: '7' })).toThrow(/CHANGE_RETENTION_DAYS/);
    expect(() => loadConfig({ NODE_ENV: 'production', CURSOR_SECRET: 'x', WEBHOOK_ALLOW_PRIVATE: 'on' })).toThrow(/WEBHOOK_ALLOW_PRIVATE=on is for development and tests/);
  });
});
