"""A webhook receiver: verifies each delivery with `verify_webhook`, answers 204, skips a webhook-id it has handled.

WEBHOOK_SECRET=whsec_... PORT=8787 python clients/python/examples/webhook_receiver.py
"""

from __future__ import annotations

import json
import os
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from funding_data_sdk import WebhookVerificationError, verify_webhook

SECRET = os.environ.get("WEBHOOK_SECRET", "")
SEEN: set[str] = set()


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self) -> None:  # noqa: N802 (http.server's name)
        body = self.rfile.read(int(self.headers.get("content-length", "0")))
        try:
            event = verify_webhook(dict(self.headers.items()), body, SECRET)
        except WebhookVerificationError:
            self.send_response(401)
            self.end_headers()
            return
        self.send_response(204)
        self.end_headers()
        msg_id = self.headers["webhook-id"]
        if msg_id in SEEN:
            return
        SEEN.add(msg_id)
        print(msg_id, event["type"], json.dumps(event["data"]), flush=True)


if __name__ == "__main__":
    if not SECRET:
        raise SystemExit("set WEBHOOK_SECRET to the secret shown when the webhook was registered")
    ThreadingHTTPServer(("", int(os.environ.get("PORT", "8787"))), Receiver).serve_forever()
