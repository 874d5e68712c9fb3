/** Shared by the catalogue-*.test.ts suites: follows next_cursor to the end (at most `max` pages). */
import { expect } from 'vitest';
import type { Harness } from '../helpers/harness.js';

export async function walk(h: Harness, url: string, max = 60): Promise<any[]> {
  const rows: any[] = [];
  let next: string | null = url;
  for (let i = 0; next && i < max; i++) {
    const r: any = await h.get(next);
    expect(r.status, `${next} ${JSON.stringify(r.body).slice(0, 300)}`).toBe(200);
    rows.push(...r.body.data);
    next = r.body.page.next_cursor ? `${url}${url.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(r.body.page.next_cursor)}` : null;
  }
  return rows;
}
