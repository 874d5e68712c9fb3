import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors.js';
import { unsafeInput } from '../../src/pipeline/body.js';
import { errorStatus } from '../../src/pipeline/errors.js';
import { legacyTarget } from '../../src/pipeline/redirect.js';
import { requestId } from '../../src/pipeline/requestLog.js';
import { resolveVersion } from '../../src/versions/resolve.js';
import { AT } from '../helpers/exchange.js';

describe('request id stage', () => {
  it('keeps a well-formed caller id and replaces any other', () => {
    expect(requestId('abc-123:x.y_z')).toBe('abc-123:x.y_z');
    for (const bad of [undefined, '', 'a b', 'x'.repeat(129), 'id\n']) expect(requestId(bad)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('redirect stage', () => {
  it('moves /api/* to the path without the prefix, keeping the query', () => {
    expect(legacyTarget('/api/data/companies', '/api/data/companies?limit=5')).toBe('/data/companies?limit=5');
    expect(legacyTarget('/api', '/api')).toBe('/');
    expect(legacyTarget('/data/companies', '/data/companies')).toBeNull();
    expect(legacyTarget('/apix', '/apix')).toBeNull();
  });

  it('never leaves this origin', () => {
    expect(legacyTarget('/api//evil.example', '/api//evil.example')).toBe('/evil.example');
    expect(legacyTarget('/api/\\evil.example', '/api/\\evil.example')).toBe('/evil.example');
  });
});

describe('body stage', () => {
  it('refuses percent-encoding that is no UTF-8 and NUL in the query or body', () => {
    expect(unsafeInput('/data/%C3', {}, undefined)?.code).toBe('VALIDATION_ERROR');
    expect(unsafeInput('/data/x', { q: 'a\u0000b' }, undefined)?.code).toBe('VALIDATION_ERROR');
    expect(unsafeInput('/data/x', {}, { label: 'ok', nested: ['\u0000'] })?.code).toBe('VALIDATION_ERROR');
    expect(unsafeInput('/data/caf%C3%A9', { q: 'café' }, { label: 'ok' })).toBeNull();
  });
});

describe('error mapping', () => {
  it('answers validation errors with 422 to clients pinned before 2026-10-09, 400 otherwise', () => {
    const err = new ApiError('VALIDATION_ERROR', 'bad');
    expect(errorStatus(err, resolveVersion('2026-10-07', AT))).toBe(422);
    expect(errorStatus(err, resolveVersion(undefined, AT))).toBe(400);
    expect(errorStatus(err, undefined)).toBe(400);
    expect(errorStatus(new ApiError('NOT_FOUND', 'gone'), resolveVersion('2026-10-07', AT))).toBe(404);
  });
});
