#!/usr/bin/env bash
# A pre-commit run: `check --against git:HEAD` in a git repository holding 4
# snapshots of real corpus servers (100 tools), one tool's description edited
# since HEAD, against reading and decoding the 4 files with encoding/json.
# The cache is warmed by one run first, as a hook's earlier runs would; the
# same check with --no-cache shows what the cache saves. Interleaved runs,
# medians with min-max. Goal: check within 5x of the read + decode.
#   RUNS=15 bash bench/check-against.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
RUNS=${RUNS:-15}
root=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

go build -o "$work/mcp-contract" ./cmd/mcp-contract
go build -o "$work/catalog" ./bench/catalog
mkdir -p "$work/repo/mcp-snapshots"
servers="npm-archived-server-github npm-heroku-mcp-server npm-executeautomation-playwright-mcp-server npm-archived-server-slack"
for s in $servers; do cp "$root/testdata/corpus/servers/$s.json" "$work/repo/mcp-snapshots/"; done
cd "$work/repo"
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.com GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.com
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 XDG_CACHE_HOME="$work/cache"
git init -q && git add . && git commit -qm snapshots
sed -i '0,/"description": "/s//"description": "Edited. /' mcp-snapshots/npm-heroku-mcp-server.json
tools=$(cat mcp-snapshots/*.json | grep -c '"inputSchema"')

# The warm-up run also says which exit the timed runs must repeat: 1 while
# the corpus errors counted as new, 0 since they are HEAD's own (issue 26).
want=0
"$work/mcp-contract" check --against git:HEAD >/dev/null || want=$?
[ "$want" -le 1 ] || { echo "check --against git:HEAD exited $want" >&2; exit 1; }
: >"$work/decode.txt"; : >"$work/check.txt"; : >"$work/nocache.txt"
for _ in $(seq "$RUNS"); do
  "$work/catalog" measure -- "$work/catalog" decode mcp-snapshots/*.json >>"$work/decode.txt"
  "$work/catalog" measure -exit "$want" -- "$work/mcp-contract" check --against git:HEAD >>"$work/check.txt"
  "$work/catalog" measure -exit "$want" -- "$work/mcp-contract" check --against git:HEAD --no-cache >>"$work/nocache.txt"
done
echo "== check --against git:HEAD, 4 snapshots, $tools tools, one changed, median of $RUNS interleaved runs"
compare check "$work/decode.txt" "$work/check.txt" "goal: within 5x"
printf '%-8s wall %6s ms (%s), cpu %6s ms\n' "no-cache:" "$(median 1 <"$work/nocache.txt")" "$(spread 1 <"$work/nocache.txt")" "$(median 2 <"$work/nocache.txt")"
"$work/mcp-contract" check --against git:HEAD | grep 'unchanged since' || true
