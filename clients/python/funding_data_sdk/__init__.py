"""Funding Data API SDK: the generated `funding_data_api_client` plus tokens, headers, retries, paging and sync."""

from .auth import DEFAULT_AUDIENCE, ClientCredentials, StaticToken, TokenExchangeError, TokenSource
from .client import ApiError, MissingModelError, call, connect
from .pages import pages, rows
from .retry import IDEMPOTENT_METHODS, RetryPolicy, parse_retry_after
from .sync import ExportIncomplete, changed_since, export_rows
from .transport import AsyncFundingTransport, FundingTransport

__all__ = [
    "DEFAULT_AUDIENCE",
    "ExportIncomplete",
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
    "call",
    "changed_since",
    "connect",
    "export_rows",
    "pages",
    "parse_retry_after",
    "rows",
]
