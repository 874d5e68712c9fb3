/**
 * Runs a request through a Node request handler in-process: a real `IncomingMessage` and
 * `ServerResponse` over a socket that only records what is written, so the handler sees an ordinary
 * HTTP request and nothing of its prototypes is touched (Express re-parents both objects per request,
 * which is why a library that overrides response methods cannot serve a live Express app). The
 * request is HTTP/1.0 without keep-alive, so the answer is never chunked: what follows the header
 * block is the body.
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

/** Written bytes kept, nothing to read: what a response needs of its connection. */
class RecordingSocket extends Duplex {
  readonly chunks: Buffer[] = [];
  readonly remoteAddress = '127.0.0.1';
  readonly remotePort = 0;
  readonly localAddress = '127.0.0.1';
  readonly localPort = 0;
  readonly encrypted = false;
  override _read(): void {}
  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
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

export function inject(handler: RequestHandler, opts: { method: string; url: string; headers: Record<string, string> }): Promise<Injected> {
  return new Promise((resolve, reject) => {
    const socket = new RecordingSocket();
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
    res.once('finish', () => {
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
