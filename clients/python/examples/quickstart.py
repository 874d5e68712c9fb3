#!/usr/bin/env python3
"""Quickstart: three pages of a filtered transactions list, a company's full record and a heatmap.

    python clients/python/examples/quickstart.py

talks to `make run`'s server with its development key; BASE_URL, AUTH_URL, CLIENT_ID, CLIENT_SECRET
and AUDIENCE point it elsewhere.

Prints one line per result and exits 0; exits 1 with the reason on stderr when a call fails or
the generated client lacks a model this script reads.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

# run from a checkout without installing: clients/python holds both packages
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from funding_data_api_client.api.analytics import get_funding_heatmap  # noqa: E402
from funding_data_api_client.api.companies import get_company  # noqa: E402
from funding_data_api_client.api.transactions import list_transactions  # noqa: E402
from funding_data_sdk import (  # noqa: E402
    DEFAULT_AUDIENCE,
    ApiError,
    MissingModelError,
    TokenExchangeError,
    call,
    connect,
    pages,
)


def env(name: str, default: str | None = None) -> str:
    value = os.environ.get(name, default)
    if not value:
        sys.exit(f"quickstart: set {name}")
    return value


def main() -> int:
    api = connect(
        env("BASE_URL", "http://localhost:3000"),
        auth_url=env("AUTH_URL", "http://localhost:3001"),
        client_id=env("CLIENT_ID", "dev-client"),
        client_secret=env("CLIENT_SECRET", "dev-secret"),
        audience=env("AUDIENCE", DEFAULT_AUDIENCE),
    )
    company_id = None
    for number, page in enumerate(
        pages(list_transactions, api, filter_="amount[gte]:1000000", sort="-date", limit=5, max_pages=3), start=1
    ):
        first = page.data[0]
        company_id = company_id or first.company.uuid
        print(
            f"transactions page {number}: {len(page.data)} rounds of at least 1,000,000 {page.currency}, "
            f"newest {first.id} on {first.announced_date} ({first.company.name}, {first.amount})"
        )
    if company_id is None:
        raise SystemExit("quickstart: the filtered transactions list is empty")

    record = call(get_company, api, id=company_id).data
    print(
        f"company {record.uuid}: {record.name}, status {record.status}, "
        f"{record.funding.rounds_count} rounds, full-profile blocks {', '.join(record.available) or 'none'}"
    )

    # enum parameters take plain strings (or the generated enums: HeatmapDimension.ROUND_YEAR)
    heatmap = call(get_funding_heatmap, api, x="round_year", y="standardized_round")
    print(
        f"heatmap round_year x standardized_round: {len(heatmap.x_labels)} x {len(heatmap.y_labels)} cells, "
        f"{heatmap.query_info.metric} grand total {heatmap.grand_total}"
    )
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (ApiError, MissingModelError, TokenExchangeError) as error:
        print(f"quickstart: {error}", file=sys.stderr)
        sys.exit(1)
