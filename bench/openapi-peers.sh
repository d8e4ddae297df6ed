#!/usr/bin/env bash
# `openapi tools` side by side with the generators issue 31 names, on GitHub's
# REST description (@octokit/openapi, pinned in bench/npm) and Notion's
# (testdata/openapi/notion). Per generator and spec: tools, tokens (o200k, as
# lint's budget counts them), openai-strict and gemini errors / tools without
# a profile, fidelity on SEED's draw of 10 operations (each drawn operation's
# tool bound to it with `openapi: {spec, operations: {TOOL: ID}}`; errors are
# openapi/tool-accepts-what-api-rejects, hidden openapi/tool-hides-capability,
# "no tool" an operation the generator left out), and wall time (median of
# RUNS) and peak RSS (largest process, GNU time) of the step that turns the
# spec into tools: our `openapi tools`, the peer's CLI, or a server's start and
# tools/list read by `snapshot --stdio`. Peers are installed pinned into a
# temporary folder; openapi-mcp-generator's generated project installs its own
# (caret-ranged) dependencies there and is compiled with tsc, which is not
# timed. Everything is written in the temporary folder; the table goes to stdout.
#   RUNS=3 SEED=31 bash bench/openapi-peers.sh
set -uo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
SEED=${SEED:-31}
root=$PWD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The servers `snapshot --stdio` starts cannot read a 0700 folder (seen as
# MODULE_NOT_FOUND for a file that is there).
chmod 755 "$tmp"
py() { python3 "$root/bench/openapi-peers/fidelity.py" "$@"; }

npm ci --prefix bench/npm --no-audit --no-fund --loglevel=error >/dev/null
github=$root/bench/npm/node_modules/@octokit/openapi/generated/api.github.com.json
notion=$root/testdata/openapi/notion/notion-openapi.json
go build -o "$tmp/mc" ./cmd/mcp-contract
mc=$tmp/mc
ivotoby=$root/bench/npm/node_modules/.bin/openapi-mcp-server
# Each peer in its own prefix: twilio's and ivotoby's bins share a name.
for p in openapi-mcp-generator@4.0.1 @buildwithlayer/openapi-to-tools@1.2.0 @twilio-alpha/openapi-mcp-server@0.7.0 @notionhq/notion-mcp-server@2.5.2; do
  d=$tmp/peer/$(echo "$p" | tr '/@' '__')
  npm install --prefix "$d" "$p" --no-audit --no-fund --loglevel=error >/dev/null
done
omg=$tmp/peer/openapi-mcp-generator_4.0.1/node_modules/openapi-mcp-generator/bin/openapi-mcp-generator.js
layer=$tmp/peer/_buildwithlayer_openapi-to-tools_1.2.0/node_modules/@buildwithlayer/openapi-to-tools
twilio=$tmp/peer/_twilio-alpha_openapi-mcp-server_0.7.0/node_modules/@twilio-alpha/openapi-mcp-server/build/simple.js
notionsrv=$tmp/peer/_notionhq_notion-mcp-server_2.5.2/node_modules/@notionhq/notion-mcp-server/bin/cli.mjs

# timed NAME CMD...: runs CMD RUNS times under GNU time; the last run's
# output stays; appends "wall_s rss_kb" lines to $w/NAME.time; returns the
# last exit status, stderr in $w/NAME.err
timed() {
  local name=$1 rc=0; shift
  : >"$w/$name.time"
  for _ in $(seq "$RUNS"); do
    /usr/bin/time -f '%e %M' -o "$w/$name.t1" "$@" >"$w/$name.out" 2>"$w/$name.err"; rc=$?
    tail -1 "$w/$name.t1" >>"$w/$name.time"
  done
  return $rc
}
med() { awk '{print $1}' "$1" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
rss() { awk '{print $2}' "$1" | sort -n | awk '{a[NR]=$1} END {printf "%d", a[int((NR+1)/2)]/1024}'; }

# row LABEL NAME SPEC TOOLS [OURS_MAP]: a table row for a generator whose tools are in TOOLS
row() {
  local label=$1 name=$2 spec=$3 tools=$4 map=${5:-} lint fid missing
  # one profile a run, as bench/openapi.sh counts them
  for p in mcp openai-strict gemini; do
    "$mc" lint "$tools" --profile "$p" --format json --fail-on never -o "$w/$name.$p.json" 2>>"$w/$name.err"
  done
  lint=$(py lint "$w/$name".{mcp,openai-strict,gemini}.json)
  mkdir -p "$w/$name.bind"
  missing=$(py bind "$tools" "$w/ids.txt" "$w/$name.bind" "$spec" "$name" $map)
  (cd "$w/$name.bind" && "$mc" lint --format json --fail-on never -o "$w/$name.bind.json" 2>>"$w/$name.err")
  fid=$(py count "$w/$name.bind.json")
  set -- $lint
  printf '| %s | %s | %s | %s | %s | %s / %s%s | %s s | %s MB |\n' "$label" "$1" "$2" "$3" "$4" ${fid% *} ${fid#* } \
    "$([ -n "$missing" ] && echo ", no tool: $(echo $missing | wc -w)")" "$(med "$w/$name.time")" "$(rss "$w/$name.time")"
}
# failed LABEL NAME: a row for a generator that gave no tools
failed() {
  printf '| %s | failed: %s | | | | | %s s | %s MB |\n' "$1" "$(grep -v '^\s*at ' "$w/$2.err" | grep -iE -A1 'error|heap|killed' | head -2 | tr '|\n' '/ ' | cut -c1-200)" "$(med "$w/$2.time")" "$(rss "$w/$2.time")"
}

echo "RUNS=$RUNS SEED=$SEED; $(date -u '+%Y-%m-%d %H:%M UTC'); $(nproc) cores, $(uname -m), load average $(cut -d' ' -f1-3 /proc/loadavg)"
notes=()
for pair in "github:$github" "notion:$notion"; do
  spec_name=${pair%%:*} spec=${pair#*:}
  w=$tmp/$spec_name; mkdir -p "$w"
  py draw "$spec" "$SEED" 10 >"$w/ids.txt"
  echo
  echo "### $spec_name ($(python3 -c 'import json,sys; s=json.load(open(sys.argv[1])); print(sum(1 for p in s["paths"].values() for m in p if m in ("get","put","post","delete","patch","head","options","trace")))' "$spec") operations); drawn with seed $SEED: $(tr '\n' ' ' <"$w/ids.txt")"
  echo
  echo "| generator | tools | tokens (o200k) | openai-strict errors / tools | gemini errors / tools | fidelity errors / hidden | wall | peak RSS |"
  echo "|---|---|---|---|---|---|---|---|"

  timed ours "$mc" openapi tools "$spec" -o "$w/ours.json"
  : >"$w/ours.map"
  while read -r id; do
    "$mc" openapi tools "$spec" --operation "$id" -o "$w/one.json" 2>/dev/null
    echo "$id $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["tools"][0]["name"])' "$w/one.json")" >>"$w/ours.map"
  done <"$w/ids.txt"
  row "ours (\`openapi tools\`)" ours "$spec" "$w/ours.json" "$w/ours.map"

  if timed ivotoby "$mc" snapshot --stdio "$ivotoby --transport stdio --api-base-url http://127.0.0.1:9 --openapi-spec $spec" --name ivotoby --dir "$w/snap" --timeout 5m --start-timeout 5m; then
    row "\`@ivotoby/openapi-mcp-server\` 1.16.1" ivotoby "$spec" "$w/snap/ivotoby.json"
  else failed "\`@ivotoby/openapi-mcp-server\` 1.16.1" ivotoby; fi

  # openapi-mcp-generator: the generator is timed; its project is then
  # installed and compiled once, and the compiled server's tools read.
  if timed omg node "$omg" -i "$spec" -o "$w/omg-project" --force \
    && (cd "$w/omg-project" && npm install --no-audit --no-fund --loglevel=error >/dev/null 2>>"$w/omg.err" ; npm run build >"$w/omg.tsc" 2>&1; test -f build/index.js) \
    && "$mc" snapshot --stdio "node $w/omg-project/build/index.js" --name omg --dir "$w/snap" --timeout 5m --start-timeout 5m >/dev/null 2>>"$w/omg.err"; then
    row "\`openapi-mcp-generator\` 4.0.1 (compiled server)" omg "$spec" "$w/snap/omg.json"
  else failed "\`openapi-mcp-generator\` 4.0.1" omg; fi
  # tsc still emits when it reports a type error; say so under the table.
  grep -q 'error TS' "$w/omg.tsc" 2>/dev/null && notes+=("$spec_name: openapi-mcp-generator's project compiled with tsc errors, run as emitted: $(grep -m1 'error TS' "$w/omg.tsc" | sed 's/.*error/error/')")

  if timed layer node "$layer/dist/cjs/cli.js" "$spec" -o "$w/layer-api.json" \
    && node "$root/bench/openapi-peers/layer-tools.js" "$layer" "$w/layer-api.json" "$w/layer.json" 2>>"$w/layer.err"; then
    row "\`@buildwithlayer/openapi-to-tools\` 1.2.0" layer "$spec" "$w/layer.json"
  else failed "\`@buildwithlayer/openapi-to-tools\` 1.2.0" layer; fi

  # twilio reads every .yaml of a folder; JSON is YAML.
  mkdir -p "$w/twilio-specs"; cp "$spec" "$w/twilio-specs/$spec_name.yaml"
  if timed twilio "$mc" snapshot --stdio "node $twilio --apiPath $w/twilio-specs" --name twilio --dir "$w/snap" --timeout 5m --start-timeout 5m; then
    row "\`@twilio-alpha/openapi-mcp-server\` 0.7.0" twilio "$spec" "$w/snap/twilio.json"
  else failed "\`@twilio-alpha/openapi-mcp-server\` 0.7.0" twilio; fi

  # Notion's own server serves only its bundled Notion spec.
  if [ "$spec_name" = notion ]; then
    if timed notion "$mc" snapshot --stdio "node $notionsrv" --name notion --dir "$w/snap"; then
      row "\`@notionhq/notion-mcp-server\` 2.5.2 (its own spec)" notion "$spec" "$w/snap/notion.json"
    else failed "\`@notionhq/notion-mcp-server\` 2.5.2" notion; fi
  fi
done
echo
echo "- wall and peak RSS: ours and @buildwithlayer/openapi-to-tools, the CLI that writes the tools; openapi-mcp-generator, its generator (the project's npm install and tsc not counted); the servers, their start and tools/list read by \`snapshot --stdio\` (RSS of the larger process)."
echo "- @buildwithlayer/openapi-to-tools nests arguments under \`params\` and \`auth\`, a layout the binding does not read (flat, \`body\`, \`requestBody\`), so most of its fidelity findings are that layout (\`params\` removed, path parameters required), not a disagreement with the API."
for n in "${notes[@]}"; do echo "- $n"; done
