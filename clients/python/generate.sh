#!/usr/bin/env bash
# Regenerates clients/python/funding_data_api_client from the bundled openapi.yaml (make generate) with openapi-python-client,
# or with --check fails when the committed package differs from what the generator makes today.
# The generator always writes into a fresh temporary directory (its post-hook ruff would otherwise
# pick up configuration from whatever directory the output sits in), then the package is copied.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
venv=${VENV:-$root/.venv}
pkg=funding_data_api_client
dest=$root/clients/python/$pkg
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# warnings (schemas the generator drops) are reported by the generator run in make test, not here
PATH="$venv/bin:$PATH" RUFF_NO_CACHE=true "$venv/bin/openapi-python-client" generate \
  --path "$root/generated/openapi.bundled.yaml" --meta none --output-path "$tmp/$pkg" >"$tmp/log" 2>&1 \
  || { cat "$tmp/log" >&2; exit 1; }
rm -rf "$tmp/$pkg/.ruff_cache"
if [[ ${1:-} == --check ]]; then
  diff -rq -x __pycache__ "$tmp/$pkg" "$dest" >/dev/null || { echo "clients/python/$pkg is stale: run make generate" >&2; exit 1; }
  echo "clients/python/$pkg is up to date"
else
  rm -rf "$dest"
  cp -R "$tmp/$pkg" "$dest"
fi
