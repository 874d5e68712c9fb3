/**
 * The client address that per-address limits count (sign-in and token failures, guest sign-ins,
 * the anonymous rate limit): the connection's address, or with TRUST_PROXY = n the address the
 * n-th proxy from the server saw, read from the right of X-Forwarded-For (entries further left are
 * whatever the client wrote and are never trusted).
 */
import type { IncomingMessage } from 'node:http';
import net from 'node:net';

const plain = (address: string) => (address.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address);

export function clientAddress(req: IncomingMessage, trustProxy: number): string {
  const socket = plain(req.socket.remoteAddress ?? 'unknown');
  if (trustProxy === 0) return socket;
  const header = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (hops.length === 0) return socket;
  const entry = hops[Math.max(0, hops.length - trustProxy)]!;
  return net.isIP(entry) ? plain(entry) : socket;
}
