"""Funding Data API SDK: the generated `funding_data_api_client` plus tokens, headers, retries, paging, sync,
the change feed, webhook verification and imports."""

from .auth import DEFAULT_AUDIENCE, ClientCredentials, StaticToken, TokenExchangeError, TokenSource
from .client import ApiError, MissingModelError, call, connect
from .imports import FileStream, ImportFailed, get_import, upload_import, wait_for_import
from .pages import pages, rows
from .retry import IDEMPOTENT_METHODS, RetryPolicy, parse_retry_after
from .sync import ExportIncomplete, changed_since, export_rows
from .transport import AsyncFundingTransport, FundingTransport
from .webhooks import WebhookVerificationError, changes, verify_webhook

__all__ = [
    "DEFAULT_AUDIENCE",
    "ExportIncomplete",
    "FileStream",
    "ImportFailed",
    "IDEMPOTENT_METHODS",
    "ApiError",
    "AsyncFundingTransport",
    "ClientCredentials",
    "FundingTransport",
    "MissingModelError",
    "RetryPolicy",
    "StaticToken",
    "TokenExchangeError",
    "TokenSource",
    "WebhookVerificationError",
    "call",
    "changed_since",
    "changes",
    "connect",
    "export_rows",
    "get_import",
    "pages",
    "parse_retry_after",
    "rows",
    "upload_import",
    "verify_webhook",
    "wait_for_import",
]
