/**
 * A webhook receiver: verifies each delivery's signature on the raw body with the client's
 * verifyWebhook, answers 204 at once, ignores a webhook-id it has already handled (deliveries are
 * at-least-once) and prints the change; on a restart it would read missed changes from the change
 * feed instead. Register it with `POST /platform/webhooks` (a public https URL in production).
 *   WEBHOOK_SECRET=whsec_... PORT=8787 npx tsx examples/webhook-receiver.ts
 */
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { verifyWebhook, WebhookVerificationError, type WebhookEvent } from '../clients/typescript/index.js';

export function webhookReceiver(secret: string, onEvent: (e: WebhookEvent, id: string) => void): http.Server {
  const seen = new Set<string>();
  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let event: WebhookEvent;
      try {
        event = verifyWebhook(req.headers as Record<string, string>, Buffer.concat(chunks).toString('utf8'), secret);
      } catch (err) {
        res.writeHead(err instanceof WebhookVerificationError ? 401 : 400).end();
        return;
      }
      const id = String(req.headers['webhook-id']);
      res.writeHead(204).end();
      if (seen.has(id)) return;
      seen.add(id);
      onEvent(event, id);
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const secret = process.env.WEBHOOK_SECRET;
  if (!secret) throw new Error('set WEBHOOK_SECRET to the secret shown when the webhook was registered');
  const port = Number(process.env.PORT ?? 8787);
  webhookReceiver(secret, (e, id) => console.log(id, e.type, JSON.stringify(e.data))).listen(port, () => console.log(`listening on :${port}`));
}
