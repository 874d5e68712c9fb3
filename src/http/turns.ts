/**
 * Requests started in turns of the event loop, connections still waiting to be accepted first, and
 * probes at once.
 *
 * The loop accepts one connection per turn (measured: each turn accepts the next connection of the
 * listen backlog and reads the request of the one before), and until now each turn also served
 * the request it read, up to its first real wait (authentication, the rate limit, a 429 or 401
 * written: ~0.5-1 ms). A burst of 200 connections therefore took 200 such turns, and a
 * `/system/live` probe that connected meanwhile sat in the kernel's backlog, behind all of them,
 * until every one had been served: 200-300 ms of CPU, seconds on a shared machine.
 *
 * Here a request read in a turn that also accepted a connection (more are probably waiting) waits,
 * in order of arrival, and the loop goes on accepting; one waiting request starts per turn that
 * accepted nothing, and at least one every MAX_ACCEPT_TURNS turns, so a stream of new
 * connections cannot starve them. A request that arrives with nothing waiting starts at once, unless
 * this turn has already been starting requests for TURN_MS (many kept-alive connections sending at
 * once). Probes (`GET /system/live`, `/system/ready`) never wait: once accepted and read they are
 * served on the main thread through the whole app, so a probe still fails when the loop itself is
 * stuck (a long synchronous job), which is what a liveness probe is for.
 */
import type http from 'node:http';
import { performance } from 'node:perf_hooks';

/** How long one turn of the loop may spend starting requests before the rest wait for later turns. */
export const TURN_MS = 5;
/** Turns that accepted a connection, in a row, before a waiting request starts anyway. */
export const MAX_ACCEPT_TURNS = 16;

type Listener = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const PROBE = /^\/system\/(live|ready)(\?|$)/;

/** Whether a request is an orchestrator's probe, started ahead of waiting requests. */
export const isProbe = (req: http.IncomingMessage): boolean => (req.method === 'GET' || req.method === 'HEAD') && PROBE.test(req.url ?? '');

/** Serves `server`'s requests with `app` in turns (above). */
export function serveInTurns(server: http.Server, app: Listener): void {
  const waiting: [http.IncomingMessage, http.ServerResponse][] = [];
  /** A connection was accepted since the last check phase: more may wait in the backlog. */
  let accepted = false;
  let acceptTurns = 0;
  /** When this turn of the loop started its first request; cleared when the turn ends. */
  let turnStarted: number | null = null;
  let scheduled = false;

  // the check phase of each turn while anything waits or was just accepted
  const checkpoint = () => {
    const fresh = accepted;
    accepted = false;
    turnStarted = null;
    if (waiting.length > 0) {
      if (fresh && acceptTurns < MAX_ACCEPT_TURNS) acceptTurns++;
      else {
        acceptTurns = 0;
        const [req, res] = waiting.shift()!;
        // a client that left while its request waited is not served (nothing was done for it)
        if (!req.socket.destroyed) app(req, res);
      }
    }
    scheduled = waiting.length > 0 || accepted;
    if (scheduled) setImmediate(checkpoint);
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(checkpoint);
  };
  const withinTurn = (): boolean => {
    const now = performance.now();
    if (turnStarted === null) {
      turnStarted = now;
      schedule();
    }
    return now - turnStarted < TURN_MS;
  };

  server.on('connection', () => {
    accepted = true;
    schedule();
  });
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (isProbe(req) || (waiting.length === 0 && !accepted && withinTurn())) return app(req, res);
    waiting.push([req, res]);
    schedule();
  });
}
