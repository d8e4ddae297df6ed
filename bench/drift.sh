#!/usr/bin/env bash
# Times `drift OLD NEW` on two catalogs of distinct tools (bench/catalog gen)
# differing in 5% of the tools (a reworded description, a new required
# parameter, or a rename), against a plain encoding/json decode of both files.
# Runs are interleaved and medians of wall, CPU and peak RSS compared, with
# min-max in brackets. Goal: within 5x of the decode.
#   SIZES="1000 10000" RUNS=5 bash bench/drift.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
SIZES=${SIZES:-"1000 10000"}
RUNS=${RUNS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

go build -o "$work/mcp-contract" ./cmd/mcp-contract
go build -o "$work/catalog" ./bench/catalog

for n in $SIZES; do
  old="$work/old-$n.json" new="$work/new-$n.json"
  "$work/catalog" gen -n "$n" -o "$old" -mutate 0.05 -o2 "$new"
  runs=$RUNS
  : >"$work/decode.txt"; : >"$work/drift.txt"
  for _ in $(seq "$runs"); do
    "$work/catalog" measure -- "$work/catalog" decode "$old" "$new" >>"$work/decode.txt"
    "$work/catalog" measure -exit 1 -- "$work/mcp-contract" drift "$old" "$new" --format json -o "$work/report.json" >>"$work/drift.txt"
  done
  findings=$("$work/catalog" counts "$work/report.json" | sed -n 's/^total //p')
  echo "== drift, two catalogs of $n distinct tools, $(( $(wc -c <"$old") + $(wc -c <"$new") )) bytes, $findings findings, median of $runs interleaved runs"
  compare drift "$work/decode.txt" "$work/drift.txt"
done
