#!/usr/bin/env bash
# Times `lint --profile all` on catalogs of distinct tools (bench/catalog gen:
# every copy of a corpus tool with its own name and description words, half
# with their own property and enum names) against a plain encoding/json decode
# of the same file. Runs are interleaved (decode, lint, decode, lint, ...) so
# the shared machine's load hits both sides alike; medians of wall time, CPU
# time (user + system) and peak RSS are compared, with min-max in brackets.
# Goals: at 10k tools within 5x wall and 6x CPU of the decode; at 100k (measured
# before tool files were limited to 16 MiB; a 154 MB file is now refused) linear,
# with peak memory within 2x the decode's.
#   SIZES="1000 10000" RUNS=5 bash bench/lint.sh
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
  cat="$work/catalog-$n.json"
  "$work/catalog" gen -n "$n" -o "$cat"
  runs=$RUNS
  : >"$work/decode.txt"; : >"$work/lint.txt"
  for _ in $(seq "$runs"); do
    "$work/catalog" measure -- "$work/catalog" decode "$cat" >>"$work/decode.txt"
    "$work/catalog" measure -exit 1 -- "$work/mcp-contract" lint "$cat" --profile all --format json -o "$work/report.json" >>"$work/lint.txt"
  done
  findings=$("$work/catalog" counts "$work/report.json" | sed -n 's/^total //p')
  echo "== lint --profile all, $n distinct tools, $(wc -c <"$cat") bytes, $findings findings, median of $runs interleaved runs"
  compare lint "$work/decode.txt" "$work/lint.txt"
done
