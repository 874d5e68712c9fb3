/**
 * Receiving the API's webhooks: `verifyWebhook` checks a delivery's Standard Webhooks signature
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature`) against the secret shown at registration
 * and returns the parsed event. Verify the raw body, before any JSON parsing.
 */
import crypto from 'node:crypto';

export class WebhookVerificationError extends Error {}

export interface WebhookEvent {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string {
  const v = headers instanceof Headers ? headers.get(name) : (headers[name] ?? headers[name.toLowerCase()] ?? Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1]);
  const s = Array.isArray(v) ? v[0] : v;
  if (!s) throw new WebhookVerificationError(`missing ${name} header`);
  return s;
}

/**
 * The event of a delivery whose signature one of its `v1` signatures matches, sent within
 * `toleranceSeconds` (default 300) of now; throws `WebhookVerificationError` otherwise.
 */
export function verifyWebhook(headers: HeaderBag, body: string | Uint8Array, secret: string, o: { toleranceSeconds?: number; now?: Date } = {}): WebhookEvent {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  const ts = Number(timestamp);
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('invalid webhook-timestamp');
  const nowS = Math.floor((o.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowS - ts) > (o.toleranceSeconds ?? 300)) throw new WebhookVerificationError('webhook-timestamp outside the tolerance');
  const text = typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
  const expected = crypto.createHmac('sha256', key).update(`${id}.${timestamp}.${text}`).digest();
  const ok = signatures.split(' ').some((s) => {
    const [version, sig] = s.split(',', 2);
    if (version !== 'v1' || !sig) return false;
    const given = Buffer.from(sig, 'base64');
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
  if (!ok) throw new WebhookVerificationError('no matching signature');
  return JSON.parse(text) as WebhookEvent;
}
