/**
 * Runs a request through a Node request handler in-process: a real `IncomingMessage` and
 * `ServerResponse` over a socket that only records what is written, so the handler sees an ordinary
 * HTTP request and nothing of its prototypes is touched (Express re-parents both objects per request,
 * which is why a library that overrides response methods cannot serve a live Express app). The
 * request is HTTP/1.0 without keep-alive, so the answer is never chunked: what follows the header
 * block is the body.
 *
 * Every injected request ends: when `signal` aborts (the MCP client went away, the call's deadline
 * passed) or the answer grows past `maxBytes`, the socket is destroyed, which the pipeline sees as a
 * client that hung up (its queries cancelled, its credit returned, a 499 logged).
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import { Duplex } from 'node:stream';

export type RequestHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface Injected {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: string;
}

/** Why an injected request ended without its answer. */
export class InjectCut extends Error {
  constructor(readonly reason: 'aborted' | 'too_large') {
    super(reason === 'too_large' ? 'The answer exceeded the size an injected request may have' : 'The injected request was cut off');
  }
}

/** Written bytes kept (up to a cap), nothing to read: what a response needs of its connection. */
class RecordingSocket extends Duplex {
  readonly chunks: Buffer[] = [];
  bytes = 0;
  readonly localAddress = '127.0.0.1';
  readonly localPort = 0;
  readonly remotePort = 0;
  readonly encrypted = false;
  constructor(
    readonly remoteAddress: string,
    private readonly maxBytes: number,
    private readonly overflow: () => void,
  ) {
    super();
  }
  override _read(): void {}
  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      // nothing more is kept: the request is cut and its answer dropped
      this.chunks.length = 0;
      done();
      this.overflow();
      return;
    }
    this.chunks.push(chunk);
    done();
  }
  setTimeout(): this {
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
}

const HEADER_END = Buffer.from('\r\n\r\n');

export interface InjectOptions {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The address the pipeline sees as the client's (rate limits of guests are per address). */
  remoteAddress?: string;
  signal?: AbortSignal;
  maxBytes?: number;
}

export function inject(handler: RequestHandler, opts: InjectOptions): Promise<Injected> {
  return new Promise((resolve, reject) => {
    let cut: InjectCut | null = null;
    const end = (reason: InjectCut['reason']) => {
      if (cut || res.writableFinished) return;
      cut = new InjectCut(reason);
      socket.destroy();
      reject(cut);
    };
    const socket = new RecordingSocket(opts.remoteAddress ?? '127.0.0.1', opts.maxBytes ?? Number.POSITIVE_INFINITY, () => end('too_large'));
    const req = new http.IncomingMessage(socket as unknown as Socket);
    req.method = opts.method;
    req.url = opts.url;
    req.httpVersion = '1.0';
    req.httpVersionMajor = 1;
    req.httpVersionMinor = 0;
    const headers: Record<string, string> = { host: 'localhost' };
    for (const [k, v] of Object.entries(opts.headers)) headers[k.toLowerCase()] = v;
    req.headers = headers;
    req.rawHeaders = Object.entries(headers).flat();
    req.complete = true;
    req.push(null);
    const res = new http.ServerResponse(req);
    res.assignSocket(socket as unknown as Socket);
    // an http.Server relays its socket's 'drain' to the response it carries; a handler that waits
    // for 'drain' after a large write (a streamed export) would otherwise wait forever
    socket.on('drain', () => res.emit('drain'));
    const onAbort = () => end('aborted');
    if (opts.signal?.aborted) return end('aborted');
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    res.once('close', () => opts.signal?.removeEventListener('abort', onAbort));
    res.once('finish', () => {
      if (cut) return;
      const raw = Buffer.concat(socket.chunks);
      const start = raw.indexOf(HEADER_END);
      resolve({ status: res.statusCode, headers: res.getHeaders(), body: start < 0 ? '' : raw.subarray(start + HEADER_END.length).toString('utf8') });
    });
    res.once('error', reject);
    try {
      handler(req, res);
    } catch (err) {
      reject(err);
    }
  });
}
