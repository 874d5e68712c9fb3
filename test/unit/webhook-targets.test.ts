/**
 * Webhook targets: which addresses are refused (loopback, private, shared, link-local and the
 * metadata address, IPv4-mapped IPv6 among them), https-only URLs unless private targets are
 * allowed, and a POST that checks the addresses its host resolves to (before connecting), follows no redirect, stops at its deadline and reads no more than the response cap.
 */
import dns from 'node:dns';
import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isBlockedAddress, MAX_RESPONSE_BYTES, post, targetProblem } from '../../src/webhooks/targets.js';

describe('addresses', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '100.64.0.1', '169.254.169.254', '0.0.0.0', '::1', 'fe80::1', 'fd00:ec2::254', '::ffff:127.0.0.1', '::ffff:169.254.169.254', 'not-an-ip'])('refuses %s', (a) => {
    expect(isBlockedAddress(a)).toBe(true);
  });
  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (a) => {
    expect(isBlockedAddress(a)).toBe(false);
  });
});

describe('URLs', () => {
  const strict = { allowPrivate: false };
  it('needs https, no credentials, no private literal or localhost', () => {
    expect(targetProblem('https://hooks.example.com/x', strict)).toBeNull();
    expect(targetProblem('http://hooks.example.com/x', strict)).toBe('must be https');
    expect(targetProblem('https://user:pw@hooks.example.com/', strict)).toBe('must not carry credentials');
    expect(targetProblem('https://169.254.169.254/latest/meta-data', strict)).toMatch(/link-local/);
    expect(targetProblem('https://[::1]/', strict)).toMatch(/loopback/);
    expect(targetProblem('https://localhost/', strict)).toMatch(/loopback/);
    expect(targetProblem('nope', strict)).toBe('is not an absolute URL');
  });
  it('allows http and private addresses when the setting says so', () => {
    expect(targetProblem('http://127.0.0.1:9/x', { allowPrivate: true })).toBeNull();
  });
});

describe('post', () => {
  let server: http.Server;
  let base = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/redirect') return void res.writeHead(302, { Location: '/ok' }).end();
      if (req.url === '/slow') return; // never answers
      if (req.url === '/big') {
        res.writeHead(200);
        const chunk = Buffer.alloc(16 * 1024, 'x');
        const write = () => {
          while (res.write(chunk));
          res.once('drain', write);
        };
        return write();
      }
      res.writeHead(200).end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  const open = { allowPrivate: true, timeoutMs: 1000 };

  it('sends, and reports a redirect as its status without following it', async () => {
    expect(await post(`${base}/ok`, {}, '{}', open)).toMatchObject({ statusCode: 200, error: null });
    expect(await post(`${base}/redirect`, {}, '{}', open)).toMatchObject({ statusCode: 302, error: null });
  });
  it('stops at the deadline and at the response cap', async () => {
    expect(await post(`${base}/slow`, {}, '{}', { ...open, timeoutMs: 200 })).toMatchObject({ statusCode: null, error: 'no answer within 200 ms' });
    const big = await post(`${base}/big`, {}, '{}', open);
    expect(big).toMatchObject({ statusCode: 200, error: null });
    expect(MAX_RESPONSE_BYTES).toBe(65536);
  });
  it('refuses a host name once it resolves to a refused address (the metadata address), before connecting', async () => {
    const lookup = vi.spyOn(dns, 'lookup').mockImplementation(((_host: string, _o: unknown, cb: (e: null, a: dns.LookupAddress[]) => void) =>
      cb(null, [{ address: '93.184.216.34', family: 4 }, { address: '169.254.169.254', family: 4 }])) as never);
    try {
      const r = await post('https://hooks.partner.example/x', {}, '{}', { allowPrivate: false, timeoutMs: 1000 });
      expect(r).toMatchObject({ statusCode: null, error: 'hooks.partner.example resolves to a refused address (169.254.169.254)' });
      expect(lookup).toHaveBeenCalledWith('hooks.partner.example', expect.objectContaining({ all: true }), expect.any(Function));
    } finally {
      lookup.mockRestore();
    }
  });
});
