#!/usr/bin/env bash
# Checks that a change leaves every finding as it was: builds REV (default
# HEAD) and the work tree, runs `lint --profile all` of both on the 10,000
# distinct tools of bench/lint.sh, and compares the JSON reports byte for
# byte. Both sides run the same rules, so this holds while others add rules.
#   bash bench/same.sh [REV] [N]
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:-HEAD}
n=${2:-10000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mkdir "$work/before"
git archive "$rev" | tar -x -C "$work/before"
(cd "$work/before" && go build -o "$work/mcp-contract-before" ./cmd/mcp-contract)
go build -o "$work/mcp-contract-after" ./cmd/mcp-contract
go build -o "$work/catalog" ./bench/catalog
"$work/catalog" gen -n "$n" -o "$work/catalog.json"
for side in before after; do
  "$work/mcp-contract-$side" lint "$work/catalog.json" --profile all --format json -o "$work/$side.json" || [ $? -eq 1 ]
done
if cmp -s "$work/before.json" "$work/after.json"; then
  echo "same: $rev and the work tree write byte-identical reports on $n distinct tools ($(wc -c <"$work/after.json") bytes)"
else
  echo "DIFFERENT: $rev and the work tree disagree on $n distinct tools; per-rule counts, before then after:"
  diff <("$work/catalog" counts "$work/before.json") <("$work/catalog" counts "$work/after.json") || true
  exit 1
fi
