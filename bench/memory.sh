#!/usr/bin/env bash
# Peak memory per input byte of `lint`, `drift` and `sanitize` on the shapes
# of tool file that cost the most memory per byte, each generated just under
# each of SIZES (MiB or bytes; default: 16 MiB and the tool-file limit,
# internal/fileio.MaxToolFile) into a temporary folder, never committed:
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
# Per command (COMMANDS, default "lint drift sanitize"):
#   lint      lint FILE --format json
#   drift     drift FILE CHANGED --format json, CHANGED being the file with one
#             tool renamed (tiny), its description's first letter lowercased
#             (the one-tool shapes) or 5% of its tools changed (catalog): two
#             inputs of the size
#   sanitize  sanitize --profile openai-strict FILE (refused, exit 2, for a
#             schema over schema/too-complex's bounds: the one-tool shapes)
# Prints, per shape and command, the file's size, the median wall time and
# peak RSS (from /usr/bin/time -v) of RUNS runs (default 3: RSS varies by a
# tenth or more from run to run with the collector's timing) and the peak
# per input byte (of one file, for drift too). The limit is chosen so that
# the worst shape stays within what a 7 GB GitHub runner holds.
# Lint runs with the default --max-findings-per-rule; ARGS adds lint flags
# (e.g. ARGS="--max-findings-per-rule 0"), BIN measures another build.
#   SIZES="4000000" SHAPES="tiny enum" COMMANDS=lint RUNS=1 bash bench/memory.sh
set -euo pipefail
cd "$(dirname "$0")/.."
limit=$(sed -n 's/^\tMaxToolFile *= \([0-9]*\) << 20$/\1/p' internal/fileio/fileio.go)
SIZES=${SIZES:-${SIZE:-"16 $limit"}}
SHAPES=${SHAPES:-"tiny enum props strenum anyof catalog"}
COMMANDS=${COMMANDS:-"lint drift sanitize"}
RUNS=${RUNS:-3}
ARGS=${ARGS:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -n "${BIN:-}" ]; then cp "$BIN" "$work/mcp-contract"; else go build -o "$work/mcp-contract" ./cmd/mcp-contract; fi
go build -o "$work/catalog" ./bench/catalog

# gen SHAPE FILE CHANGED: writes the shape, stopping before SIZE bytes, and
# the changed copy drift compares it with.
gen() {
  if [ "$1" = catalog ]; then
    # gen -n makes about 1,535 bytes a tool: ask for a few too many, then
    # for fewer until both files fit.
    local n=$((SIZE / 1400))
    "$work/catalog" gen -n "$n" -o "$2" -mutate 0.05 -o2 "$3" >/dev/null
    while [ "$(wc -c <"$2")" -gt "$SIZE" ] || [ "$(wc -c <"$3")" -gt "$SIZE" ]; do
      n=$((n * 97 / 100))
      "$work/catalog" gen -n "$n" -o "$2" -mutate 0.05 -o2 "$3" >/dev/null
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
  # The first tool renamed, or the tool's description changed: the same
  # size, so a file just under the limit stays under it.
  sed '1s/"t0000000"/"u0000000"/; 1s/"description":"\([A-Z]\)/"description":"\L\1/' "$2" >"$3"
}

# measure SHAPE COMMAND: one line of medians.
measure() {
  : >"$work/runs.txt"
  for _ in $(seq "$RUNS"); do
    case $2 in
    # shellcheck disable=SC2086 # ARGS is a list of flags
    lint) set -- "$1" "$2" lint "$work/$1.json" --format json -o "$work/out.json" $ARGS ;;
    drift) set -- "$1" "$2" drift "$work/$1.json" "$work/$1-changed.json" --format json -o "$work/out.json" ;;
    sanitize) set -- "$1" "$2" sanitize --profile openai-strict "$work/$1.json" -o "$work/out.json" ;;
    esac
    local shape=$1 command=$2
    shift 2
    /usr/bin/time -v "$work/mcp-contract" "$@" >/dev/null 2>"$work/time.txt" || true
    set -- "$shape" "$command"
    status=$(sed -n 's/.*Exit status: //p' "$work/time.txt")
    case "$command:$status" in
    lint:[01] | drift:[01] | sanitize:[012]) ;;
    *) echo "$shape $command: exit $status"; tail -5 "$work/time.txt"; exit 1 ;;
    esac
    kb=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time.txt")
    wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$work/time.txt" | awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
    echo "$wall $kb $status" >>"$work/runs.txt"
    rm -f "$work/out.json"
  done
  wall=$(sort -n -k1 "$work/runs.txt" | awk -v m=$(((RUNS + 1) / 2)) 'NR == m { print $1 }')
  kb=$(sort -n -k2 "$work/runs.txt" | awk -v m=$(((RUNS + 1) / 2)) 'NR == m { print $2 }')
  status=$(awk 'END { print $3 }' "$work/runs.txt")
  note=""
  if [ "$status" = 2 ]; then note=" (refused)"; fi
  awk -v s="$1" -v c="$2" -v b="$bytes" -v w="$wall" -v kb="$kb" -v n="$note" 'BEGIN { printf "%-7s %-8s %12d %8.2fs %10d %7.0fx%s\n", s, c, b, w, kb / 1024, kb * 1024 / b, n }'
}

printf '%-7s %-8s %12s %9s %10s %8s\n' shape command bytes wall peak_MB per_byte
for SIZE in $SIZES; do
  if [ "$SIZE" -lt 100000 ]; then SIZE=$((SIZE << 20)); fi # a number of MiB
  for shape in $SHAPES; do
    gen "$shape" "$work/$shape.json" "$work/$shape-changed.json"
    bytes=$(wc -c <"$work/$shape.json")
    for command in $COMMANDS; do
      measure "$shape" "$command"
    done
    rm -f "$work/$shape.json" "$work/$shape-changed.json"
  done
done
