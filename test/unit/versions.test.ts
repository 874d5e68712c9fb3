import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors.js';
import { resolveVersion, supportedVersions, versionHeaders, versionTable } from '../../src/versions/resolve.js';
import { loadDocument } from '../../src/openapi/served.js';
import { downgraded } from '../../src/versions/changes/index.js';
import { renderInto } from '../../src/versions/render.js';
import { bundledDocument, OPENAPI_PATH } from '../../src/openapi/bundle.js';
import { LATEST_VERSION, VERSIONS } from '../../src/versions/table.js';

const at = (d: string) => new Date(`${d}T12:00:00Z`);
const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as ApiError).code;
  }
  return 'ok';
};

describe('API-Version resolution', () => {
  it('defaults to the latest version', () => {
    expect(resolveVersion(undefined, at('2026-11-23')).date).toBe('2026-10-09');
    expect(resolveVersion('', at('2026-11-23')).status).toBe('current');
  });

  it('refuses malformed values and dates that are no version, listing the supported ones', () => {
    for (const v of ['2026-1-1', 'latest', '2026-02-30', '2026-10-10']) {
      expect(code(() => resolveVersion(v, at('2026-10-20'))), v).toBe('VALIDATION_ERROR');
    }
    try {
      resolveVersion('2026-10-10', at('2026-10-20'));
    } catch (e) {
      expect((e as ApiError).message).toContain('2026-10-09, 2026-10-07');
    }
  });

  it('serves a pin until its sunset: the table date, else 30 days after its successor', () => {
    expect(resolveVersion('2026-10-07', at('2026-11-07')).status).toBe('deprecated');
    expect(code(() => resolveVersion('2026-10-07', at('2026-11-08')))).toBe('VALIDATION_ERROR');
    const sep = versionTable(at('2026-10-15')).find((v) => v.date === '2026-09-01')!;
    expect(sep.sunset).toBe('2026-11-01');
    expect(sep.status).toBe('deprecated');
    expect(code(() => resolveVersion('2026-09-01', at('2026-11-01')))).toBe('VALIDATION_ERROR');
  });

  it('refuses every old pin with today\'s clock', () => {
    expect(supportedVersions(at('2026-11-23'))).toEqual(['2026-10-09']);
    for (const v of VERSIONS.slice(1)) expect(code(() => resolveVersion(v.date, at('2026-11-23'))), v.date).toBe('VALIDATION_ERROR');
  });

  it('writes Deprecation (RFC 9745) and Sunset (RFC 8594) for deprecated pins only', () => {
    const h = versionHeaders(resolveVersion('2026-10-07', at('2026-10-20')));
    expect(h['API-Version']).toBe('2026-10-07');
    expect(h.Deprecation).toBe(`@${Date.parse('2026-10-09T00:00:00Z') / 1000}`);
    expect(h.Sunset).toBe('Sun, 08 Nov 2026 00:00:00 GMT');
    expect(versionHeaders(resolveVersion(undefined, at('2026-10-20')))).toEqual({ 'API-Version': '2026-10-09' });
  });
});

describe('version dates', () => {
  /** Source files of the server, walked from `dir`. */
  const sources = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));

  it('are written once, in the version table: code names them by its constants', () => {
    const dates = new Set(VERSIONS.map((v) => v.date));
    const literals: string[] = [];
    for (const file of [...sources('src'), ...sources('handlers')]) {
      if (file === path.join('src', 'versions', 'table.ts')) continue;
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/['"`](\d{4}-\d{2}-\d{2})['"`]/g)) if (dates.has(m[1]!)) literals.push(`${file}: ${m[0]}`);
    }
    expect(literals).toEqual([]);
  });
});

describe('the 422 of pinned validation failures in the served document', () => {
  type Doc = { paths: Record<string, Record<string, { responses?: Record<string, { $ref?: string }> }>> };
  /** `method path` of every operation whose validation failures the document answers 422 (not the idempotency 422). */
  const pinned422 = (doc: Doc) =>
    Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.entries(item).filter(([, op]) => op.responses?.['422'] && !op.responses['422'].$ref?.endsWith('/IdempotencyKeyReused')).map(([m]) => `${m} ${p}`));
  const operations = (doc: Doc) => Object.values(doc.paths).flatMap((item) => Object.values(item).filter((op) => op.responses)).length;

  it('is declared by no operation while only 2026-10-09 and later are served', () => {
    expect(pinned422(loadDocument(at('2026-11-27')) as unknown as Doc)).toEqual([]);
  });

  it('is declared by every operation while a version before 2026-10-09 is served', () => {
    const doc = loadDocument(at('2026-10-20')) as unknown as Doc;
    const idempotent = Object.values(doc.paths).flatMap((item) => Object.values(item)).filter((op) => op.responses?.['422']?.$ref?.endsWith('/IdempotencyKeyReused')).length;
    expect(pinned422(doc).length).toBe(operations(doc) - idempotent);
  });
});

describe('the operations a pinned version rewrites (record documents go out as stored for the others)', () => {
  it('are those of the changes the pin predates', () => {
    expect(downgraded('2026-10-08', 'listTransactions')).toBe(true);
    expect(downgraded('2026-10-08', 'getTransaction')).toBe(true);
    expect(downgraded('2026-10-08', 'listFunds')).toBe(true);
    expect(downgraded('2026-10-08', 'listCompanies')).toBe(false);
    expect(downgraded('2026-10-08', 'getCompany')).toBe(false);
    expect(downgraded(LATEST_VERSION, 'listTransactions')).toBe(false);
  });
});

describe('the version table of the contract', () => {
  it('is rendered into the bundle from the table, with a row per version, and not kept in openapi.yaml', () => {
    const description = String(bundledDocument().info.description);
    for (const v of VERSIONS) expect(description).toContain(`| ${v.date}${v.date === LATEST_VERSION ? ' (latest)' : ''} |`);
    const text = fs.readFileSync(OPENAPI_PATH, 'utf8');
    expect(text).toMatch(/<!-- versions:start[^\n]*-->\n *<!-- versions:end -->/);
  });

  it('is emptied out of openapi.yaml when one was written into it', () => {
    const text = fs.readFileSync(OPENAPI_PATH, 'utf8');
    const written = text.replace(/(<!-- versions:start[^\n]*-->\n)/, '$1    | 2000-01-01 | | stale |\n');
    expect(written).not.toBe(text);
    expect(renderInto(written)).not.toContain('stale');
  });
});
