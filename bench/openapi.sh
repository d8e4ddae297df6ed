#!/usr/bin/env bash
# Measures `openapi tools` on the largest real spec we have, GitHub's REST
# description (npm @octokit/openapi, pinned in bench/npm), and on Notion's
# (testdata/openapi/notion): time and peak memory (interleaved with decoding
# the same file with encoding/json, medians with min-max), tokens of the
# whole list (o200k_base, as lint's budget counts them) lean, with
# --describe full and with --output-schema, strict-lint errors per provider
# profile without and with --profile, and the names (longest, any hashed).
# Everything it writes goes to a temporary folder.
# The same figures for @ivotoby/openapi-mcp-server (pinned in bench/npm),
# whose tools/list is read over stdio. Goals: 1,000 operations in under 1 s;
# all of GitHub <= 374k tokens (the leanest faithful generator's,
# openapi-mcp-generator 4.0.1, as issue 31 measured it); no error for P with
# --profile P.
#   RUNS=5 bash bench/openapi.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
RUNS=${RUNS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

npm ci --prefix bench/npm --no-audit --no-fund --loglevel=error >/dev/null
github=bench/npm/node_modules/@octokit/openapi/generated/api.github.com.json
notion=testdata/openapi/notion/notion-openapi.json
go build -o "$work/mcp-contract" ./cmd/mcp-contract
go build -o "$work/catalog" ./bench/catalog
mc="$work/mcp-contract"

: >"$work/decode.txt"; : >"$work/tools.txt"
for _ in $(seq "$RUNS"); do
  "$work/catalog" measure -- "$work/catalog" decode "$github" >>"$work/decode.txt"
  "$work/catalog" measure -- "$mc" openapi tools "$github" -o "$work/github.json" >>"$work/tools.txt"
done
tools=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["tools"]))' "$work/github.json")
echo "== openapi tools on $github ($(wc -c <"$github") bytes): $tools tools, median of $RUNS interleaved runs"
compare "tools" "$work/decode.txt" "$work/tools.txt" "goal: 1,000 operations in under 1 s"
awk -v w="$(median 1 <"$work/tools.txt")" -v n="$tools" 'BEGIN { printf "operations per second (wall): %.0f\n", n / (w / 1000) }'

# tokens FILE: the list's o200k tokens, as lint counts them
tokens() {
  "$mc" lint "$1" --profile mcp --format json --fail-on never -o "$work/r.json"
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["servers"][0]["tokens"])' "$work/r.json"
}
# errors FILE PROFILE: "N errors in T tools" of PROFILE's own rules
errors() {
  "$mc" lint "$1" --profile "$2" --format json --fail-on never -o "$work/r.json"
  python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
errs = [f for f in r["findings"] if f["severity"] == "error" and f["rule"].split("/")[0] == sys.argv[2]]
print("%d errors in %d tools" % (len(errs), len({f.get("tool") for f in errs})))' "$work/r.json" "$2"
}

# The server names are the service names `openapi tools` takes from the
# titles, which size the tool names.
for pair in "github:$github" "notion:$notion"; do
  name=${pair%%:*} spec=${pair#*:}
  "$mc" openapi tools "$spec" -o "$work/lean.json" 2>"$work/stderr.txt"
  "$mc" openapi tools "$spec" --describe full -o "$work/full.json" 2>/dev/null
  "$mc" openapi tools "$spec" --output-schema -o "$work/out.json" 2>/dev/null
  echo "== $name: tokens (o200k_base) of what a model is sent, and the list's size"
  # outputSchema is not in what lint counts (clients send a model the name,
  # description and inputSchema), so its cost is the list's bytes.
  printf '  lean (default): %8s tokens, %9s bytes\n  --describe full: %7s tokens, %9s bytes\n  --output-schema: %7s tokens, %9s bytes\n' \
    "$(tokens "$work/lean.json")" "$(wc -c <"$work/lean.json")" "$(tokens "$work/full.json")" "$(wc -c <"$work/full.json")" "$(tokens "$work/out.json")" "$(wc -c <"$work/out.json")"
  echo "  openapi/operation-not-expressible findings: $(grep -c 'openapi/operation-not-expressible' "$work/stderr.txt" || true)"
  python3 -c '
import json, re, sys
names = [t["name"] for t in json.load(open(sys.argv[1]))["tools"]]
print("  names: %d, longest %d characters, %d hashed, %d unique" % (len(names), max(map(len, names)), sum(bool(re.search(r"_[0-9a-f]{6}$", n)) for n in names), len(set(names))))' "$work/lean.json"
  # Fidelity: the generated tools bound back to their own spec (operations:
  # auto, headers: auto) through drift's comparison; every openapi/* finding
  # is a place where the tool and its operation disagree.
  mkdir -p "$work/bind"
  cp "$work/lean.json" "$work/bind/tools.json"
  printf 'version: 1\nservers:\n  %s:\n    file: tools.json\n    openapi: {spec: %s, operations: auto}\nprofiles: [openai]\n' "$name" "$PWD/$spec" >"$work/bind/.mcp-contract.yaml"
  (cd "$work/bind" && "$mc" lint --format json --fail-on never -o "$work/bind.json")
  python3 -c '
import json, sys, collections
r = json.load(open(sys.argv[1]))
c = collections.Counter(f["rule"] for f in r["findings"] if f["rule"].startswith("openapi/"))
print("  fidelity, its tools bound back to it: %s" % (dict(c) or "no openapi/* finding"))' "$work/bind.json"
  echo "== $name: strict-lint errors per profile, without --profile / with --profile P"
  for p in openai openai-strict gemini gemini-jsonschema anthropic anthropic-strict bedrock fireworks; do
    "$mc" openapi tools "$spec" --profile "$p" -o "$work/$p.json" 2>/dev/null
    printf '  %-18s %-28s %s\n' "$p" "$(errors "$work/lean.json" "$p")" "$(errors "$work/$p.json" "$p")"
  done
done

echo "== @ivotoby/openapi-mcp-server $(node -p 'require("./bench/npm/node_modules/@ivotoby/openapi-mcp-server/package.json").version'): the same specs, its tools/list over stdio"
for pair in "github:$github" "notion:$notion"; do
  name=${pair%%:*} spec=${pair#*:}
  "$mc" lint --stdio "bench/npm/node_modules/.bin/openapi-mcp-server --transport stdio --api-base-url http://127.0.0.1:9 --openapi-spec $spec" \
    --profile openai-strict,gemini --format json --fail-on never -o "$work/peer.json"
  python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
s = r["servers"][0]
out = []
for p in ("openai-strict", "gemini"):
    errs = [f for f in r["findings"] if f["severity"] == "error" and f["rule"].split("/")[0] == p]
    out.append("%s %d errors in %d tools" % (p, len(errs), len({f.get("tool") for f in errs})))
print("  %s: %d tools, %d tokens; without a profile: %s" % (sys.argv[2], s["tools"], s["tokens"], ", ".join(out)))' "$work/peer.json" "$name"
done
