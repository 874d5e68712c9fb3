"""schemathesis hooks for the contract run (test/contract/run.ts sets SCHEMATHESIS_HOOKS to this module).

The run authenticates with one API key. Revoking a key is a real, immediate operation, so a generated
`DELETE /platform/api-keys/{id}` that happens to name the run's own key would lock the run out and
every later operation would only see 401. Such a call is sent for an id that does not exist instead
(a 404, still checked against the contract); every other key, including the ones the run creates
through the links, is revoked for real.

A generated `Idempotency-Key` is a short value the generator repeats across requests with other
bodies, which the server rightly answers with 422 `IDEMPOTENCY_KEY_REUSED`. A client sends a new key
per new request, so a valid generated key is made unique per call (an invalid one is left as it is,
for the negative checks); the replay itself is tested in test/integration/idempotency.test.ts.
"""
import json
import os
import re
import uuid

import schemathesis
from schemathesis.core.media_types import YAML_MEDIA_TYPES

PROTECTED_KEY_ID = int(os.environ["CONTRACT_KEY_ID"])
ABSENT_KEY_ID = "999999999999999"


VALID_IDEMPOTENCY_KEY = re.compile(r"[\x20-\x7E]{1,255}")


@schemathesis.hook
def before_call(ctx, case, kwargs):
    key = (case.headers or {}).get("Idempotency-Key")
    if isinstance(key, str) and VALID_IDEMPOTENCY_KEY.fullmatch(key):
        case.headers["Idempotency-Key"] = key[:222] + "-" + uuid.uuid4().hex
    if case.operation.method.upper() != "DELETE" or case.operation.path != "/platform/api-keys/{id}":
        return
    raw = str((case.path_parameters or {}).get("id", ""))
    if raw.isdigit() and int(raw) == PROTECTED_KEY_ID:
        case.path_parameters["id"] = ABSENT_KEY_ID


# every YAML media type: the built-in YAML deserializer is registered under each and the first match wins
@schemathesis.deserializer(*YAML_MEDIA_TYPES)
def yaml_as_text(ctx, response):
    """`GET /openapi.yaml` is declared as YAML text (a string, as clients receive it), not a parsed object."""
    return response.text


@schemathesis.serializer("application/x-ndjson")
def ndjson(ctx, value):
    """`POST /platform/imports` takes NDJSON text (declared as a string): sent as its UTF-8 bytes."""
    return value.encode("utf-8") if isinstance(value, str) else str(value).encode("utf-8")


@schemathesis.deserializer("application/x-ndjson")
def ndjson_lines(ctx, response):
    """An export's NDJSON: every line must be a JSON object, and the last one, the trailer, is what is
    checked against `ExportLine` (one line's schema; the integration tests compare the rows with the list's pages)."""
    lines = [json.loads(line) for line in response.text.splitlines() if line]
    if not lines or not all(isinstance(line, dict) for line in lines):
        raise ValueError("an NDJSON export is JSON objects, one a line, ending with the trailer")
    return lines[-1]

