/**
 * SIGTERM under load, as a load balancer and an orchestrator do it to a running server: N requests
 * on N connections, the signal once every request was sent and the server has answered the first
 * (so the connections have been accepted and the rest are in flight), then every response is read
 * to its end. No vitest imports: the callers assert.
 */
import net from 'node:net';

export interface DrainOutcome {
  /** Status of each request; null when its connection ended without a complete response. */
  statuses: (number | null)[];
  /** How many had been answered when the signal was sent. */
  answeredAtSignal: number;
}

/** One raw HTTP/1.1 request; resolves with the status once the whole response arrived (Content-Length), or null. */
function request(port: number, raw: string, onSent: () => void, onAnswered: () => void): Promise<number | null> {
  return new Promise((resolve) => {
    let data = Buffer.alloc(0);
    let done = false;
    const finish = (status: number | null) => {
      if (done) return;
      done = true;
      if (status !== null) onAnswered();
      socket.destroy();
      resolve(status);
    };
    const socket = net.connect(port, '127.0.0.1', () => socket.write(raw, onSent));
    socket.on('data', (chunk) => {
      data = Buffer.concat([data, chunk]);
      const head = data.indexOf('\r\n\r\n');
      if (head < 0) return;
      const headers = data.subarray(0, head).toString('latin1');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(headers)?.[1] ?? NaN);
      if (data.length - head - 4 >= length) finish(Number(headers.split(' ')[1]));
    });
    socket.on('error', () => finish(null));
    socket.on('close', () => finish(null));
  });
}

export async function requestsThroughSigterm(
  baseUrl: string,
  headers: Record<string, string>,
  signal: () => void,
  opts: { requests?: number; path?: string } = {},
): Promise<DrainOutcome> {
  const port = Number(new URL(baseUrl).port);
  const path = opts.path ?? '/data/transactions?limit=100&sort=-amount';
  const raw = `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;
  let answered = 0;
  let answeredAtSignal = -1;
  const n = opts.requests ?? 40;
  let sent = 0;
  let first!: () => void;
  let allSent!: () => void;
  const firstAnswer = new Promise<void>((r) => (first = r));
  const everySent = new Promise<void>((r) => (allSent = r));
  const all = Promise.all(
    Array.from({ length: n }, () =>
      request(
        port,
        raw,
        () => ++sent === n && allSent(),
        () => {
          answered++;
          first();
        },
      ),
    ),
  );
  await Promise.race([Promise.all([firstAnswer, everySent]), all]);
  answeredAtSignal = answered;
  signal();
  return { statuses: await all, answeredAtSignal };
}
