/**
 * The sockets under the API and identity provider servers: creating a server with Node's limits and
 * this API's guards (refusals of Node's parser in the error envelope, connections per address, first
 * byte and stalled-reader time limits), listening, and draining connections at shutdown.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { Config } from '../config.js';
import { headerOverflowMessage, MAX_HEADER_BYTES } from './limits.js';

/**
 * Shutdown: connections the kernel completed before the signal wait in the listen backlog, and a
 * busy event loop accepts about one per turn; closing the listener resets the rest, requests and
 * all. So the listeners close only after BACKLOG_QUIET_TURNS turns of the loop (each at least
 * BACKLOG_TURN_MS) accepted nothing, or after BACKLOG_MAX_MS.
 */
const BACKLOG_QUIET_TURNS = 3;
const BACKLOG_TURN_MS = 20;
const BACKLOG_MAX_MS = 3000;
/** Shutdown: how long connections without a request in progress stay open after the listeners close. */
const DRAIN_IDLE_GRACE_MS = 500;
/**
 * An HTTP server with this API's socket handling: Node's time limits from the configuration, the
 * parser's refusals answered in the error envelope, connections capped per address and guarded.
 */
export function createHttpServer(cfg: Pick<Config, 'headersTimeoutMs' | 'requestTimeoutMs' | 'keepAliveTimeoutMs' | 'maxConnectionsPerAddress' | 'sendTimeoutMs'>): http.Server {
  // Node checks the two timeouts every connectionsCheckingInterval (default 30 s): keep it below them
  const checking = Math.max(50, Math.min(1000, Math.floor(cfg.headersTimeoutMs / 4)));
  const server = http.createServer({ maxHeaderSize: MAX_HEADER_BYTES, connectionsCheckingInterval: checking });
  server.headersTimeout = cfg.headersTimeoutMs;
  server.requestTimeout = cfg.requestTimeoutMs;
  server.keepAliveTimeout = cfg.keepAliveTimeoutMs;
  server.on('clientError', answerClientError);
  capConnections(server, cfg.maxConnectionsPerAddress);
  guardConnections(server, cfg.headersTimeoutMs, cfg.sendTimeoutMs);
  return server;
}

/**
 * Closes the listener with net's close, not http's: http.Server.close() first closes the connections
 * it deems idle, which cut off requests being answered (drainer).
 */
export function stopListening(server: http.Server): Promise<void> {
  return new Promise<void>((r) => (server.listening ? net.Server.prototype.close.call(server, () => r()) : r()));
}

/**
 * Requests Node's HTTP parser refuses (oversized or malformed request line and headers) still get
 * the error envelope (openapi.yaml `ApiError`) instead of Node's bare status line.
 */
function answerClientError(err: NodeJS.ErrnoException, socket: import('node:stream').Duplex): void {
  if (!socket.writable || (err as { code?: string }).code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const message =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? headerOverflowMessage()
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'The request was not received in time'
        : 'Malformed HTTP request';
  const body = JSON.stringify({ error: { code: 'VALIDATION_ERROR', message, details: null } });
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nX-Request-Id: ${crypto.randomUUID()}\r\nCache-Control: no-store\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * At most MAX_CONNECTIONS_PER_ADDRESS open connections per connecting address; more are closed at
 * once. Node closes a connection that has not sent a complete request within HEADERS_TIMEOUT_MS of
 * connecting, but within that window one client could open enough sockets to exhaust the file
 * descriptors, after which nobody was served.
 */
function capConnections(server: http.Server, perAddress: number): void {
  if (perAddress === 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: import('node:net').Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = open.get(address) ?? 0;
    if (count >= perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

/**
 * Time limits on a connection that Node's own do not cover. `headersTimeout` counts only once a
 * request has begun: a connection that sends nothing at all was kept forever, so it must send its
 * first byte within `headersTimeoutMs`. And while an answer is written, a client that takes none of
 * its bytes for `sendTimeoutMs` is cut off: its bytes waiting in this process are freed, and the
 * close aborts the request's queries (requestLog). Time the server spends working, with nothing
 * waiting to be sent, never counts against the client.
 */
function guardConnections(server: http.Server, headersTimeoutMs: number, sendTimeoutMs: number): void {
  // until its first request: each request below sets its own (a 'data' listener here would take
  // the socket off the HTTP parser's direct read path)
  server.on('connection', (socket: net.Socket) => socket.setTimeout(headersTimeoutMs));
  server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    const socket = res.socket;
    if (!socket) return;
    // a listener here keeps Node from destroying the socket on every timeout: only a stalled one is
    res.on('timeout', () => {
      if (res.writableFinished) return;
      if (socket.writableLength > 0 || res.writableLength > 0) socket.destroy();
      else socket.setTimeout(sendTimeoutMs);
    });
    socket.setTimeout(sendTimeoutMs);
  });
}

export function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/**
 * Connections during shutdown: once draining starts, every response still to be written says
 * `Connection: close` and its connection is closed after it, so a client cannot reuse a kept-alive
 * socket to reach a server that has stopped listening. A connection with no request in progress is
 * closed after DRAIN_IDLE_GRACE_MS: a request already sent on it (read after the signal) is
 * answered first. This tracks requests itself rather than using http's closeIdleConnections(),
 * which also counts as idle a connection whose request was read and is still being answered, and
 * cut such requests off. `backlogAccepted` resolves once the listen backlog is empty (see
 * BACKLOG_QUIET_TURNS), `start` begins draining; register before the request handlers.
 */
export function drainer(servers: http.Server[]): { start(): void; backlogAccepted(): Promise<void> } {
  let draining = false;
  let accepted = 0;
  const open = new Set<http.ServerResponse>();
  const running = new Map<import('node:stream').Duplex, number>();
  const closeAfter = (res: http.ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
    else res.once('finish', () => res.socket?.end());
  };
  const closeIfIdle = (socket: import('node:stream').Duplex) => {
    if (!running.get(socket)) socket.destroy();
  };
  for (const s of servers) {
    s.on('connection', (socket: import('node:net').Socket) => {
      accepted++;
      running.set(socket, 0);
      socket.once('close', () => running.delete(socket));
    });
    s.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      const socket = req.socket;
      running.set(socket, (running.get(socket) ?? 0) + 1);
      res.once('close', () => {
        if (running.has(socket)) running.set(socket, running.get(socket)! - 1);
      });
      if (draining) return closeAfter(res);
      open.add(res);
      res.once('close', () => open.delete(res));
    });
  }
  const turn = () => new Promise<void>((r) => setTimeout(() => setImmediate(r), BACKLOG_TURN_MS));
  return {
    start() {
      draining = true;
      for (const res of open) closeAfter(res);
      setTimeout(() => {
        for (const socket of running.keys()) closeIfIdle(socket);
      }, DRAIN_IDLE_GRACE_MS).unref();
    },
    async backlogAccepted() {
      const deadline = Date.now() + BACKLOG_MAX_MS;
      for (let quiet = 0; quiet < BACKLOG_QUIET_TURNS && Date.now() < deadline; ) {
        const before = accepted;
        await turn();
        quiet = accepted === before ? quiet + 1 : 0;
      }
    },
  };
}
