#!/usr/bin/env bash
# Times `mcp-contract version` against an empty Go program (func main() {}),
# built by the same toolchain: what a process costs before it does anything.
# Interleaved runs, medians with min-max. Goal: version within 2x the empty
# program.   RUNS=21 bash bench/startup.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
RUNS=${RUNS:-21}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

go build -o "$work/mcp-contract" ./cmd/mcp-contract
go build -o "$work/catalog" ./bench/catalog
mkdir "$work/empty"
printf 'package main\n\nfunc main() {}\n' >"$work/empty/main.go"
printf 'module empty\n\ngo 1.26\n' >"$work/empty/go.mod"
(cd "$work/empty" && go build -o "$work/empty-program" .)

: >"$work/empty.txt"; : >"$work/version.txt"
for _ in $(seq "$RUNS"); do
  "$work/catalog" measure -- "$work/empty-program" >>"$work/empty.txt"
  "$work/catalog" measure -- "$work/mcp-contract" version >>"$work/version.txt"
done
echo "== mcp-contract version ($(wc -c <"$work/mcp-contract") bytes) vs an empty Go program ($(wc -c <"$work/empty-program") bytes), median of $RUNS interleaved runs"
printf 'empty:   wall %s ms (%s), cpu %s ms, peak RSS %s MB\n' "$(median 1 <"$work/empty.txt")" "$(spread 1 <"$work/empty.txt")" "$(median 2 <"$work/empty.txt")" $(( $(median 3 <"$work/empty.txt") / 1024 ))
printf 'version: wall %s ms (%s), cpu %s ms, peak RSS %s MB\n' "$(median 1 <"$work/version.txt")" "$(spread 1 <"$work/version.txt")" "$(median 2 <"$work/version.txt")" $(( $(median 3 <"$work/version.txt") / 1024 ))
awk -v v="$(median 1 <"$work/version.txt")" -v e="$(median 1 <"$work/empty.txt")" \
  -v vc="$(median 2 <"$work/version.txt")" -v ec="$(median 2 <"$work/empty.txt")" \
  'BEGIN { printf "ratio:   wall %.1fx, cpu %.1fx (goal <= 2x)\n", v / e, vc / ec }'
