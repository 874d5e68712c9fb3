/**
 * Connections during start-up: on a fixed port, every connection the server accepts is answered.
 * A server that bound its port before its request handler existed accepted connections it never
 * answered (each waited for its client to give up), and a cluster worker replacing a dead one took
 * its share of the shared socket's connections that way (test/integration/cluster-kill.test.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort, probeLiveness, spawnServer, sqliteCopy, type LivenessProbe, type ServerProcess } from '../helpers/servers.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a server starting on a fixed port', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fdapi-startup-'));
  let server: ServerProcess | undefined;
  afterAll(() => {
    server?.proc.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers every connection it accepts while starting: none is left open without a byte', async () => {
    const port = await freePort();
    const probes: LivenessProbe[] = [];
    let started = false;
    // connections from before the port is bound until just after the banner
    const probing = (async () => {
      let after = 0;
      while (after < 50) {
        probes.push(probeLiveness(port));
        if (started) after++;
        await sleep(10);
      }
    })();
    server = await spawnServer(dir, { DATABASE_URL: sqliteCopy(dir, inject('sqliteTemplate')), PORT: String(port) });
    started = true;
    await probing;
    const deadline = Date.now() + 15_000;
    while (probes.some((p) => !p.closed) && Date.now() < deadline) await sleep(100);
    const count = (f: (p: LivenessProbe) => boolean) => probes.filter(f).length;
    expect(count((p) => p.refused)).toBeGreaterThan(0);
    expect(count((p) => p.answered)).toBeGreaterThanOrEqual(50);
    expect({ opened: probes.length, hanging: count((p) => !p.answered && !p.refused) }).toEqual({ opened: probes.length, hanging: 0 });
  }, 90_000);
});
