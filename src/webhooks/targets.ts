/**
 * Safe webhook targets: a URL is refused unless it is https (plain http only with
 * WEBHOOK_ALLOW_PRIVATE=on) and, unless that setting is on, every address its host resolves to is
 * public: loopback, private, shared, link-local (the cloud metadata address among them), multicast
 * and reserved ranges are refused, checked on the addresses the connection will use (no second
 * lookup to rebind). Redirects are not followed (a 3xx is a failed attempt); each attempt has a
 * deadline and reads at most MAX_RESPONSE_BYTES of the answer.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

export const MAX_RESPONSE_BYTES = 64 * 1024;

const blocked = new net.BlockList();
for (const [a, p] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) {
  blocked.addSubnet(a, p, 'ipv4');
}
for (const [a, p] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32]] as const) {
  blocked.addSubnet(a, p, 'ipv6');
}

/** Whether an address is one a webhook may not reach (an IPv4-mapped IPv6 address as its IPv4). */
export function isBlockedAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const family = net.isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export interface TargetPolicy {
  allowPrivate: boolean;
}

/** Why a URL cannot be a webhook target, or null (checks the form and an address literal only). */
export function targetProblem(raw: string, policy: TargetPolicy): string | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return 'is not an absolute URL';
  }
  if (u.username || u.password) return 'must not carry credentials';
  if (u.protocol !== 'https:' && !(policy.allowPrivate && u.protocol === 'http:')) return 'must be https';
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (!policy.allowPrivate && (net.isIP(host) ? isBlockedAddress(host) : host === 'localhost' || host.endsWith('.localhost'))) return 'must not be a loopback, private, link-local or reserved address';
  return null;
}

export interface SendResult {
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

class RefusedAddress extends Error {}

/** The lookup a connection uses: every resolved address checked, the connection made to those. */
function checkedLookup(policy: TargetPolicy): net.LookupFunction {
  return ((hostname: string, options: dns.LookupOptions, cb: (err: Error | null, address: string | dns.LookupAddress[], family?: number) => void) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return cb(err, '');
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => isBlockedAddress(a.address));
      if (!policy.allowPrivate && bad) return cb(new RefusedAddress(`${hostname} resolves to a refused address (${bad.address})`), '');
      if (options.all) return cb(null, list);
      cb(null, list[0]!.address, list[0]!.family);
    });
  }) as net.LookupFunction;
}

/**
 * Kept-alive connections per protocol and policy: every new connection still goes through the
 * checked lookup, and a connection is reused only for the host it was made to.
 */
const agents = new Map<string, http.Agent>();
function agentFor(protocol: string, policy: TargetPolicy): http.Agent {
  const key = `${protocol}${policy.allowPrivate}`;
  let agent = agents.get(key);
  if (!agent) {
    const opts = { keepAlive: true, maxSockets: 16, lookup: checkedLookup(policy) };
    agent = protocol === 'https:' ? new https.Agent(opts) : new http.Agent(opts);
    agents.set(key, agent);
  }
  return agent;
}

/** One POST: its status code (any 3xx is reported, not followed), latency and error. */
export function post(url: string, headers: Record<string, string>, body: string, opts: TargetPolicy & { timeoutMs: number }): Promise<SendResult> {
  const started = performance.now();
  const done = (statusCode: number | null, error: string | null): SendResult => ({ statusCode, latencyMs: Math.round(performance.now() - started), error });
  const problem = targetProblem(url, opts);
  if (problem) return Promise.resolve(done(null, `target ${problem}`));
  const u = new URL(url);
  const mod = u.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const req = mod.request(
      u,
      { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'fundingdata-webhooks/1', 'content-length': Buffer.byteLength(body), ...headers }, agent: agentFor(u.protocol, opts) },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          // the answer's body is not used: past the cap the connection is dropped, the status stands
          if (bytes > MAX_RESPONSE_BYTES) {
            finish(done(res.statusCode ?? null, null));
            res.destroy();
          }
        });
        res.on('end', () => finish(done(res.statusCode ?? null, null)));
        res.on('error', () => finish(done(res.statusCode ?? null, null)));
      },
    );
    const timer = setTimeout(() => {
      finish(done(null, `no answer within ${opts.timeoutMs} ms`));
      req.destroy();
    }, opts.timeoutMs);
    req.on('error', (err) => finish(done(null, err instanceof RefusedAddress ? err.message : `connection failed: ${err.message}`)));
    req.end(body);
  });
}
