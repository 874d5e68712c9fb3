/**
 * A worker killed with SIGKILL (issue "Hardening, round 3", item 9): every connection opened around
 * the kill gets an answer or is closed at once; none is left open with no byte until its client
 * gives up. Loopback only, bounded: about 600 connections per kill, two kills.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { probeLiveness, serverWorkers, spawnServer, sqliteCopy, type LivenessProbe, type ServerProcess } from '../helpers/servers.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('WORKERS=2, a worker killed under traffic', () => {
  let dir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fdapi-cluster-kill-'));
    server = await spawnServer(dir, { DATABASE_URL: sqliteCopy(dir, inject('sqliteTemplate')), WORKERS: '2' });
  }, 90_000);
  afterAll(() => {
    if (server?.proc.exitCode === null) {
      for (const pid of serverWorkers(server.proc.pid!)) process.kill(pid, 'SIGKILL');
      server.proc.kill('SIGKILL');
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('leaves no connection opened around the kill hanging: each is answered or closed', async () => {
    const port = Number(new URL(server.baseUrl).port);
    for (let kill = 0; kill < 2; kill++) {
      const workers = serverWorkers(server.proc.pid!);
      expect(workers).toHaveLength(2);
      const probes: LivenessProbe[] = [];
      const started = Date.now();
      let killed = false;
      while (Date.now() - started < 1200) {
        probes.push(probeLiveness(port));
        if (!killed && Date.now() - started > 400) {
          process.kill(workers[0]!, 'SIGKILL');
          killed = true;
        }
        await sleep(2);
      }
      // a connection the dead worker held is reset at once; one it never got is served by the other,
      // or by the replacement, which listens only once it can answer. A hanging one waited for its
      // client to give up (30-170 s); 15 s leaves the surviving worker, which serves the whole burst
      // alone on a busy machine, time to answer the last of it
      const deadline = Date.now() + 15_000;
      while (probes.some((p) => !p.closed) && Date.now() < deadline) await sleep(100);
      const hanging = probes.filter((p) => !p.closed && !p.answered);
      expect({ opened: probes.length, hanging: hanging.length }).toEqual({ opened: probes.length, hanging: 0 });
      // wait for the replacement before the next kill
      const until = Date.now() + 30_000;
      while ((serverWorkers(server.proc.pid!).length < 2 || serverWorkers(server.proc.pid!).includes(workers[0]!)) && Date.now() < until) await sleep(200);
      await sleep(1500);
    }
  }, 90_000);
});
