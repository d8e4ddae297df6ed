#!/usr/bin/env bash
# Times `openapi tools` on the largest real spec we have, GitHub's REST
# description (npm @octokit/openapi, installed into bench/npm), against
# decoding the same file with encoding/json, and compares the tokens of the
# tools it writes for Notion's spec with those @notionhq/notion-mcp-server
# generates from the same spec at start-up. Interleaved runs, medians with
# min-max. Goals: 1,000 operations in under 1 s; at most half the tokens.
#   RUNS=5 bash bench/openapi.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
RUNS=${RUNS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

npm ci --prefix bench/npm --no-audit --no-fund --loglevel=error >/dev/null
spec=bench/npm/node_modules/@octokit/openapi/generated/api.github.com.json
go build -o "$work/mcp-contract" ./cmd/mcp-contract
go build -o "$work/catalog" ./bench/catalog

: >"$work/decode.txt"; : >"$work/tools.txt"
for _ in $(seq "$RUNS"); do
  "$work/catalog" measure -- "$work/catalog" decode "$spec" >>"$work/decode.txt"
  "$work/catalog" measure -- "$work/mcp-contract" openapi tools "$spec" --service github -o "$work/github.json" >>"$work/tools.txt"
done
tools=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["tools"]))' "$work/github.json")
echo "== openapi tools on $spec ($(wc -c <"$spec") bytes): $tools tools, median of $RUNS interleaved runs"
compare "tools" "$work/decode.txt" "$work/tools.txt" "goal: 1,000 operations in under 1 s"
awk -v w="$(median 1 <"$work/tools.txt")" -v n="$tools" 'BEGIN { printf "operations per second (wall): %.0f\n", n / (w / 1000) }'

echo "== tokens per tool on Notion's spec: openapi tools vs @notionhq/notion-mcp-server's own tools/list"
"$work/mcp-contract" openapi tools testdata/openapi/notion/notion-openapi.json --service notion -o "$work/ours.json"
for f in testdata/openapi/notion/notion-tools.json "$work/ours.json"; do
  "$work/mcp-contract" lint "$f" --format json --fail-on never -o "$work/r.json"
  python3 -c 'import json,sys; s=json.load(open(sys.argv[1]))["servers"][0]; print("%-60s %3d tools, %6d tokens, %5.0f per tool" % (sys.argv[2], s["tools"], s["tokens"], s["tokens"]/s["tools"]))' "$work/r.json" "$f"
done
for p in openai openai-strict gemini gemini-jsonschema anthropic anthropic-strict bedrock fireworks; do
  "$work/mcp-contract" openapi tools testdata/openapi/notion/notion-openapi.json --service notion --profile "$p" -o "$work/$p.json"
  "$work/mcp-contract" lint "$work/$p.json" --profile "$p" --format json --fail-on never -o "$work/r.json"
  python3 -c 'import json,sys,collections; r=json.load(open(sys.argv[1])); c=collections.Counter(f["rule"] for f in r["findings"] if f["severity"]=="error"); print("--profile %-18s %6d tokens, errors: %s" % (sys.argv[2], r["servers"][0]["tokens"], dict(c) or "none"))' "$work/r.json" "$p"
done
