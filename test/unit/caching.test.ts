/** Entity tags, Last-Modified and the cache policy of src/http/caching.ts, without a server. */
import { describe, expect, it } from 'vitest';
import { cachePolicy, matches, represent } from '../../src/http/caching.js';

const page = (rows: unknown[]) => ({ status: 200, body: { data: rows, page: { limit: 2 } } });

describe('HTTP caching', () => {
  it('chooses the policy by path: public reference and documents, private data, none for probes and writes', () => {
    expect(cachePolicy('get', '/reference/filters')).toBe('public');
    expect(cachePolicy('get', '/openapi.yaml')).toBe('public');
    expect(cachePolicy('get', '/data/transactions/{id}')).toBe('private');
    expect(cachePolicy('get', '/platform/usage')).toBe('private');
    expect(cachePolicy('get', '/system/health')).toBeNull();
    expect(cachePolicy('post', '/platform/api-keys')).toBeNull();
  });

  it('compares If-None-Match weakly, over a list; `*` names no held copy and matches nothing', () => {
    expect(matches('"a"', '"a"')).toBe(true);
    expect(matches(' W/"a" ', '"a"')).toBe(true);
    expect(matches('"x", "a"', '"a"')).toBe(true);
    expect(matches('*', '"a"')).toBe(false);
    expect(matches('"ab"', '"a"')).toBe(false);
    expect(matches('a', '"a"')).toBe(false);
  });

  it('tags the exact bytes per version and dates a page by its latest row', () => {
    const rows = [
      { id: 1, updated_at: '2026-01-02T03:04:05.678Z' },
      { id: 2, updated_at: '2026-03-01T00:00:00.000Z' },
    ];
    const a = represent('private', page(rows), '2026-10-09', undefined);
    expect(a.payload.toString()).toBe(JSON.stringify(page(rows).body));
    expect(a.headers.ETag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(a.headers['Last-Modified']).toBe('Sun, 01 Mar 2026 00:00:00 GMT');
    expect(a.headers['Cache-Control']).toBe('private, no-cache');
    expect(represent('private', page(rows), '2026-10-09', undefined).headers.ETag).toBe(a.headers.ETag);
    expect(represent('private', page(rows), '2026-09-01', undefined).headers.ETag).not.toBe(a.headers.ETag);
    expect(represent('private', page([rows[0], { ...rows[1], id: 3 }]), '2026-10-09', undefined).headers.ETag).not.toBe(a.headers.ETag);
    expect(represent('private', page(rows), '2026-10-09', a.headers.ETag).notModified).toBe(true);
    // a row without updated_at leaves the page undated
    expect(represent('private', page([...rows, { id: 4 }]), '2026-10-09', undefined).headers['Last-Modified']).toBeUndefined();
    expect(represent('public', { status: 200, body: 'a: 1\n', contentType: 'application/yaml' }, '2026-10-09', undefined).headers['Cache-Control']).toBe('public, max-age=3600');
  });
});
