#!/usr/bin/env bash
# Times `lint --profile all` on a 10,000-tool catalog built from the corpus,
# against a plain encoding/json decode of the same file, median of 3 runs each,
# in one run on one machine. Goal: lint within 5x of the decode.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

go build -o "$work/mcp-contract" ./cmd/mcp-contract
go build -o "$work/catalog" ./bench/catalog
"$work/catalog" gen -n 10000 -o "$work/catalog-10000.json"
size=$(wc -c <"$work/catalog-10000.json")

# median of 3 wall-clock runs, in milliseconds
median_ms() {
  local times=()
  for _ in 1 2 3; do
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1 || true   # lint exits 1 when it finds errors; that is expected here
    end=$(date +%s%N)
    times+=($(( (end - start) / 1000000 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n 2p
}

decode=$(median_ms "$work/catalog" decode "$work/catalog-10000.json")
lint=$(median_ms "$work/mcp-contract" lint "$work/catalog-10000.json" --profile all --format json -o "$work/report.json")
findings=$(grep -c '"rule"' "$work/report.json" || true)
echo "catalog: 10000 tools, $size bytes, $findings findings"
echo "encoding/json decode: ${decode} ms (median of 3)"
echo "lint --profile all:   ${lint} ms (median of 3)"
awk -v l="$lint" -v d="$decode" 'BEGIN { r = (d > 0) ? l / d : 0; printf "ratio: %.1fx (goal: within 5x)\n", r }'
