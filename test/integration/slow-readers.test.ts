/**
 * Slow readers (issue "Hardening, round 3", item 2): clients that ask for large answers and never
 * read them. One key's heavy requests are capped (429 past the cap, before any work), an answer
 * whose client takes none of its bytes for SEND_TIMEOUT_MS is cut off and its slot freed, and the
 * server keeps answering meanwhile. The sockets come from test/helpers/stalled.py (a 4 KB receive
 * buffer and a 536-byte MSS each, which Node cannot set; with loopback's 64 KB MSS the kernel's send
 * buffer alone took most of an answer nobody read, and whether a slot stayed held was luck), bounded
 * in count and time. Memory figures of the same run at full size are bench/slow-readers.ts's.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { forEachDatabase, type Harness } from '../helpers/harness.js';
import { teamKey } from '../helpers/principals.js';

const HELPER = path.join(path.dirname(fileURLToPath(import.meta.url)), '../helpers/stalled.py');
const SEND_TIMEOUT_MS = 1500;
/**
 * The exports case's send timeout: its first probe must meet the stalled exports still holding their
 * slots, and it comes only once the slowest of them has sent its first page (a database round trip
 * each, over a second on a busy PostgreSQL), by when the first may have stalled for as long.
 */
const EXPORT_SEND_TIMEOUT_MS = 5000;
const PER_KEY = 4;
const SOCKETS = 12;

interface Stalled {
  status: string;
  length: number | null;
  body_bytes: number;
  closed: boolean;
}

/**
 * Opens `count` stalled sockets asking `url` and waits until each has the first bytes of its answer
 * (so every request has been admitted or refused, and none of the probes that follow takes a slot
 * first); `read()` reads them all to their end.
 */
async function stalled(h: Harness, url: string, count: number, headers: Record<string, string>) {
  const child = spawn('python3', [HELPER, new URL(h.server.baseUrl).port, String(count), url, JSON.stringify(headers)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout });
  const next = () => new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`stalled.py exited with ${code}`)));
  });
  expect(await next()).toBe('sent');
  const answered = next();
  child.stdin.write('wait\n');
  expect(await answered).toBe('answered');
  return {
    async read(): Promise<Stalled[]> {
      const out = next();
      child.stdin.write('read\n');
      return JSON.parse(await out) as Stalled[];
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it holds or `ms` pass. */
async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(100);
  }
  return false;
}

/**
 * Whether, within 15 s, PER_KEY heavy requests at once are all answered 200: every slot the stalled
 * answers held is free, so each was cut (its timer starts at its last write, which differs between
 * them by the time the server took to answer each). Reading them before then would read an uncut one
 * to its end.
 */
const allSlotsFree = (probe: () => Promise<number>) =>
  until(async () => (await Promise.all(Array.from({ length: PER_KEY }, probe))).every((s) => s === 200), 15_000);

// a server of its own: its send timeout is EXPORT_SEND_TIMEOUT_MS
forEachDatabase(
  'slow readers, exports',
  (h) => {
    it('cuts an export nobody reads after the send timeout and frees its slot', async () => {
      const k = await teamKey(h(), ['read:transactions'], 100_000);
      const url = '/data/transactions?format=ndjson';
      const readers = await stalled(h(), url, PER_KEY, k.headers);
      // an export's body is NDJSON, not the harness's JSON: its status only, the body let go at once so a
      // probe takes no longer than its headers (a whole export read per probe outlasted the send timeout
      // on a busy machine, and the stalled exports were cut before a probe could meet them)
      const exportStatus = async () => {
        const r = await fetch(h().server.baseUrl + url, { headers: k.headers });
        await r.body?.cancel();
        return r.status;
      };
      // the PER_KEY stalled exports hold the key's slots: each has most of its bytes in this process
      expect(await until(async () => (await exportStatus()) === 429, 10_000)).toBe(true);
      expect((await h().get('/system/live')).status).toBe(200);
      await sleep(EXPORT_SEND_TIMEOUT_MS);
      expect(await allSlotsFree(exportStatus)).toBe(true);
      const results = await readers.read();
      const whole = await fetch(h().server.baseUrl + url, { headers: k.headers });
      expect(whole.status).toBe(200);
      const text = await whole.text();
      expect(JSON.parse(text.trim().split('\n').at(-1)!)._export.complete).toBe(true);
      // each stalled export was cut: its connection ended before the export was whole (the chunked
      // framing only adds to a whole export's bytes)
      for (const r of results) {
        expect(r.status).toMatch(/^HTTP\/1\.1 200/);
        expect(r.closed).toBe(true);
        expect(r.body_bytes).toBeLessThan(Buffer.byteLength(text));
      }
    }, 60_000);
  },
  { SEND_TIMEOUT_MS: String(EXPORT_SEND_TIMEOUT_MS), HEAVY_REQUESTS_PER_KEY: String(PER_KEY), HEAVY_REQUESTS_PER_ADDRESS: '64' },
);

forEachDatabase(
  'slow readers',
  (h) => {
    it('caps one key\'s heavy requests, cuts answers nobody reads after the send timeout, and keeps serving', async () => {
      const k = await teamKey(h(), ['read:transactions'], 100_000);
      const heavy = '/data/transactions?limit=2000';
      const readers = await stalled(h(), heavy, SOCKETS, k.headers);
      // once the server has answered the sockets, PER_KEY answers of ~3 MB sit unread and hold the key's slots
      let refused = await h().get(heavy, k.headers);
      expect(await until(async () => (refused = await h().get(heavy, k.headers)).status === 429, 10_000)).toBe(true);
      expect(refused.body.error.code).toBe('RATE_LIMITED');
      expect(refused.headers.get('retry-after')).toBe('1');
      // meanwhile: the server answers, the same key's light requests pass
      expect((await h().get('/system/live')).status).toBe(200);
      expect((await h().get('/data/transactions?limit=10', k.headers)).status).toBe(200);
      // another key is not held up by this one
      const other = await teamKey(h(), ['read:transactions'], 100);
      expect((await h().get(heavy, other.headers)).status).toBe(200);

      // past the send timeout the unread answers are cut and their slots free again
      await sleep(SEND_TIMEOUT_MS);
      expect(await allSlotsFree(async () => (await h().get(heavy, k.headers)).status)).toBe(true);

      const results = await readers.read();
      const served = results.filter((r) => r.status.startsWith('HTTP/1.1 200'));
      const limited = results.filter((r) => r.status.startsWith('HTTP/1.1 429'));
      expect(served.length + limited.length).toBe(SOCKETS);
      expect(limited.length).toBeGreaterThan(0);
      // the unread answers were cut: the connection ended before the answer was whole
      const cut = served.filter((r) => r.closed && r.body_bytes < r.length!);
      expect(cut.length).toBeGreaterThanOrEqual(PER_KEY);
      for (const r of limited) expect(r.body_bytes).toBe(r.length);
    }, 60_000);

    it('stays up and answers /system/live under stalled exports and concurrent MCP batches at once', async () => {
      const k = await teamKey(h(), ['read:transactions'], 100_000);
      const readers = await stalled(h(), '/data/transactions?format=ndjson', SOCKETS, k.headers);
      const list = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' });
      const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'list_records', arguments: { type: 'transactions', limit: 100 } } });
      const batch = (size: number) => Array.from({ length: size }, (_, i) => (i % 2 ? list(i) : call(i)));
      const mcp = (body: unknown) =>
        fetch(`${h().server.baseUrl}/mcp`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: `Bearer ${h().token}`, 'X-Client-Id': 'dev-client' },
          body: JSON.stringify(body),
        }).then(async (r) => ({ status: r.status, text: await r.text() }));
      // the attack's shape (100 messages, refused whole) and full legal batches, all at once
      const answers = Promise.all(Array.from({ length: 10 }, (_, i) => mcp(batch(i % 2 ? 100 : 10))));
      expect((await h().get('/system/live')).status).toBe(200);
      for (const a of await answers) {
        expect([200, 400, 429]).toContain(a.status);
        if (a.status === 200) expect((JSON.parse(a.text) as unknown[]).length).toBe(10);
      }
      expect((await h().get('/system/live')).status).toBe(200);
      await sleep(SEND_TIMEOUT_MS);
      const results = await readers.read();
      expect(results).toHaveLength(SOCKETS);
      expect((await h().get('/system/live')).status).toBe(200);
    }, 60_000);
  },
  { SEND_TIMEOUT_MS: String(SEND_TIMEOUT_MS), HEAVY_REQUESTS_PER_KEY: String(PER_KEY), HEAVY_REQUESTS_PER_ADDRESS: '64' },
);
