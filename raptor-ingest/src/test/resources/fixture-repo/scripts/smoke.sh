#!/bin/sh
# Smoke test: run every part's tests, stop at the first failure.
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
(cd "$root/router" && mvn -q test)
(cd "$root/cache" && cargo test --quiet)
(cd "$root/server" && go test ./...)
(cd "$root/cli" && python -m pytest -q)
