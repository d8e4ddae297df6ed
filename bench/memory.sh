#!/usr/bin/env bash
# Peak memory per input byte of `lint` on the shapes of tool file that cost
# the most memory per byte, each generated just under each of SIZES (MiB or
# bytes; default: 16 MiB and the tool-file limit, internal/fileio.MaxToolFile)
# into a temporary folder, never committed:
#   tiny   {"tools": [...]} of tools with a name and an empty object schema
#          (two findings per tool; about 52 bytes each)
#   enum   one tool whose enum lists the digit 0 over and over (2 bytes a value)
#   props  one tool with properties "1a": {} over and over (a finding or more
#          per property; about 11 bytes each)
#   strenum one tool whose enum lists "" over and over (3 bytes a value, and
#          one run of punctuation for the token counter to merge)
#   anyof  one tool whose anyOf lists {} over and over (3 bytes a subschema)
#   catalog distinct real tools (bench/catalog gen: corpus tools, each copy
#          with its own name and words; about 1.5 KB each), as many as fit
# Prints, per shape, the file's size, the wall time, the peak RSS (from
# /usr/bin/time -v) and RSS per input byte. The limit is chosen so that the
# worst shape stays within what a 7 GB GitHub runner holds.
# Lint runs with the default --max-findings-per-rule; ARGS adds flags (e.g.
# ARGS="--max-findings-per-rule 0"), BIN measures another build.
#   SIZES="4000000" SHAPES="tiny enum" bash bench/memory.sh
set -euo pipefail
cd "$(dirname "$0")/.."
limit=$(sed -n 's/^\tMaxToolFile *= \([0-9]*\) << 20$/\1/p' internal/fileio/fileio.go)
SIZES=${SIZES:-${SIZE:-"16 $limit"}}
SHAPES=${SHAPES:-"tiny enum props strenum anyof catalog"}
ARGS=${ARGS:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -n "${BIN:-}" ]; then cp "$BIN" "$work/mcp-contract"; else go build -o "$work/mcp-contract" ./cmd/mcp-contract; fi
go build -o "$work/catalog" ./bench/catalog

# gen SHAPE FILE: writes the shape, stopping before SIZE bytes.
gen() {
  if [ "$1" = catalog ]; then
    # gen -n makes about 1,535 bytes a tool: ask for a few too many, then
    # for fewer until the file fits.
    local n=$((SIZE / 1400))
    while "$work/catalog" gen -n "$n" -o "$2" >/dev/null && [ "$(wc -c <"$2")" -gt "$SIZE" ]; do
      n=$((n * 97 / 100))
    done
    return
  fi
  awk -v shape="$1" -v size="$SIZE" 'BEGIN {
    if (shape == "tiny")  { head = "{\"tools\":["; tail = "]}" }
    if (shape == "enum")  { head = "{\"tools\":[{\"name\":\"e\",\"description\":\"Pick one.\",\"inputSchema\":{\"type\":\"object\",\"properties\":{\"v\":{\"type\":\"integer\",\"description\":\"A value.\",\"enum\":["; tail = "]}}}}]}" }
    if (shape == "props") { head = "{\"tools\":[{\"name\":\"p\",\"description\":\"Many.\",\"inputSchema\":{\"type\":\"object\",\"properties\":{"; tail = "}}}]}" }
    if (shape == "strenum") { head = "{\"tools\":[{\"name\":\"e\",\"description\":\"Pick one.\",\"inputSchema\":{\"type\":\"object\",\"properties\":{\"v\":{\"type\":\"string\",\"description\":\"A value.\",\"enum\":["; tail = "]}}}}]}" }
    if (shape == "anyof") { head = "{\"tools\":[{\"name\":\"a\",\"description\":\"Any.\",\"inputSchema\":{\"type\":\"object\",\"properties\":{\"v\":{\"description\":\"A value.\",\"anyOf\":["; tail = "]}}}}]}" }
    printf "%s", head; n = length(head) + length(tail)
    for (i = 0; ; i++) {
      if (shape == "tiny")  item = sprintf("{\"name\":\"t%07d\",\"inputSchema\":{\"type\":\"object\"}}", i)
      if (shape == "enum")  item = "0"
      if (shape == "props") item = sprintf("\"%x\":{}", i)
      if (shape == "strenum") item = "\"\""
      if (shape == "anyof") item = "{}"
      if (i > 0) item = "," item
      if (n + length(item) > size) break
      printf "%s", item; n += length(item)
    }
    printf "%s", tail
  }' >"$2"
}

printf '%-7s %12s %9s %10s %8s\n' shape bytes wall peak_MB per_byte
for SIZE in $SIZES; do
  if [ "$SIZE" -lt 100000 ]; then SIZE=$((SIZE << 20)); fi # a number of MiB
  for shape in $SHAPES; do
    gen "$shape" "$work/$shape.json"
    bytes=$(wc -c <"$work/$shape.json")
    # shellcheck disable=SC2086 # ARGS is a list of flags
    /usr/bin/time -v "$work/mcp-contract" lint "$work/$shape.json" --format json -o "$work/report.json" $ARGS \
      >/dev/null 2>"$work/time.txt" || true
    grep -q 'Exit status: [01]$' "$work/time.txt" || { echo "$shape: lint failed"; tail -5 "$work/time.txt"; exit 1; }
    kb=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time.txt")
    wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$work/time.txt")
    awk -v s="$shape" -v b="$bytes" -v w="$wall" -v kb="$kb" 'BEGIN { printf "%-7s %12d %9s %10d %7.0fx\n", s, b, w, kb / 1024, kb * 1024 / b }'
    rm -f "$work/report.json" "$work/$shape.json"
  done
done
