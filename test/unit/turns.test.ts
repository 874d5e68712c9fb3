/**
 * src/http/turns.ts: a probe that connects behind a burst of connections waiting in the listen
 * backlog is served before the burst's requests, not after all of them; every request is served.
 * The burst is made real: a child process connects while this process's event loop is held, so
 * the kernel queues every connection before the server has accepted any (no timing is asserted).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { serveInTurns } from '../../src/http/turns.js';

const BURST = 120;

/** Connects BURST sockets, each sending GET /work/<i>, then one sending the probe; then writes the marker file. */
const CLIENT = `
const net = require('net');
const [port, n, marker] = [Number(process.argv[1]), Number(process.argv[2]), process.argv[3]];
const send = (path) => new Promise((resolve) => {
  const s = net.connect(port, '127.0.0.1', () => { s.write('GET ' + path + ' HTTP/1.1\\r\\nHost: x\\r\\nConnection: close\\r\\n\\r\\n'); resolve(); });
  s.on('data', () => {}); s.on('error', () => {});
});
(async () => {
  for (let i = 0; i < n; i++) await send('/work/' + i);
  await send('/system/live');
  require('fs').writeFileSync(marker, 'sent');
})();
`;

let server: http.Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

/** The order in which the app started the burst's requests and the probe. */
async function startOrder(take: (server: http.Server, app: http.RequestListener) => void): Promise<string[]> {
  const started: string[] = [];
  let done!: () => void;
  const all = new Promise<void>((r) => (done = r));
  server = http.createServer();
  take(server, (req, res) => {
    started.push(req.url!);
    // each request costs the loop a little, as a refused request does
    const until = performance.now() + 0.3;
    while (performance.now() < until);
    res.end('ok');
    if (started.length === BURST + 1) done();
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const marker = path.join(os.tmpdir(), `turns-${process.pid}-${Date.now()}`);
  const child = spawn(process.execPath, ['-e', CLIENT, String((server.address() as AddressInfo).port), String(BURST), marker], { stdio: 'ignore' });
  // the loop is held while the child connects (the kernel completes each handshake): every
  // connection waits in the backlog, the probe last
  for (const until = performance.now() + 30_000; !fs.existsSync(marker) && performance.now() < until; ) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
  fs.rmSync(marker, { force: true });
  await all;
  child.kill();
  return started;
}

describe('requests in turns', () => {
  it('a plain server starts the probe after the whole burst ahead of it (the defect)', async () => {
    const order = await startOrder((s, app) => s.on('request', app));
    expect(order.indexOf('/system/live')).toBe(BURST);
  });

  it('serveInTurns accepts the waiting connections first and starts the probe before the burst, then serves every request in order', async () => {
    const order = await startOrder((s, app) => serveInTurns(s, app));
    expect(order).toHaveLength(BURST + 1);
    expect(order.indexOf('/system/live')).toBeLessThan(BURST / 4);
    const burst = order.filter((u) => u !== '/system/live');
    expect(burst).toEqual(Array.from({ length: BURST }, (_, i) => `/work/${i}`));
  });
});
