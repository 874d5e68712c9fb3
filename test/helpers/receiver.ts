/** A webhook receiver on 127.0.0.1: records every request; `answer` decides each one's status (or holds it). */
import http from 'node:http';
import net from 'node:net';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Resolves once `n` requests arrived (rejects after `ms`). */
  until(n: number, ms?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** `answer(i)`: the status of the i-th request (0-based), or 'hold' to never answer it. */
export async function startReceiver(answer: (i: number, r: Received) => number | 'hold' = () => 200): Promise<Receiver> {
  const received: Received[] = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      const status = answer(received.length, r);
      received.push(r);
      if (status === 'hold') return;
      res.statusCode = status;
      res.end('ok');
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    async until(n, ms = 15_000) {
      const deadline = Date.now() + ms;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`receiver got ${received.length} of ${n} requests in ${ms} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
