#!/usr/bin/env bash
# Times fetching the tool list of @modelcontextprotocol/server-everything over
# stdio, median of 5 runs, beside the MCP Inspector's CLI on the same server in
# the same run. Installs the pinned servers (testdata/npm) and the Inspector
# (bench/npm; it wants Node.js 22 but its CLI runs on 20).
#
#   bench/snapshot.sh            # from the repository root
set -euo pipefail
cd "$(dirname "$0")/.."
runs=5
npm ci --prefix testdata/npm --no-audit --no-fund --loglevel=error
# npm ci refuses this lockfile (an optional Windows-only dependency of the
# Inspector is missing from it), so the bench installs as pinned instead.
npm install --prefix bench/npm --no-audit --no-fund --loglevel=error
everything="$PWD/testdata/npm/node_modules/@modelcontextprotocol/server-everything/dist/index.js"

# median FILE: the median of the numbers in FILE, then every run.
median() { echo "$(sort -n "$1" | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}') ms (runs: $(tr '\n' ' ' <"$1"))"; }
now_ms() { date +%s%3N; }

# wall_ms CMD...: the wall time of one run in milliseconds; output discarded.
wall_ms() {
	local start end
	start=$(now_ms)
	"$@" >/dev/null 2>&1
	end=$(now_ms)
	echo $((end - start))
}

echo "server-everything over stdio, median of $runs interleaved runs ($(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg))"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Our fetch: one Fetch per benchmark op (start node, handshake, tools/list,
# stop the process group), the test binary's own start-up excluded.
go test -c -o "$work/source.test" ./source
fetch_ms() {
	(cd source && "$work/source.test" -test.run '^$' -test.bench 'FetchServerEverythingStdio' -test.benchtime 1x) |
		awk '/^BenchmarkFetchServerEverythingStdio/ {printf "%d\n", $3 / 1e6}'
}
# The CLI, once the snapshot command exists, as a user runs it.
cli=""
if [[ -d cmd/mcp-contract ]]; then
	go build -o "$work/mcp-contract" ./cmd/mcp-contract
	cli="$work/mcp-contract"
fi
inspector=bench/npm/node_modules/.bin/mcp-inspector
[[ -x "$inspector" ]] || inspector=""

# Interleaved, so a busy machine slows every contender alike.
for _ in $(seq "$runs"); do
	fetch_ms >>"$work/fetch"
	if [[ -n "$cli" ]]; then
		wall_ms "$cli" snapshot --stdio "node $everything stdio" --dir "$work/snap" >>"$work/cli"
	fi
	if [[ -n "$inspector" ]]; then
		wall_ms "$inspector" --cli node "$everything" stdio --method tools/list >>"$work/inspector"
	fi
done

printf '%-46s %s\n' "mcp-contract source.Fetch (Go benchmark op)" "$(median "$work/fetch")"
if [[ -n "$cli" ]]; then
	printf '%-46s %s\n' "mcp-contract snapshot --stdio (wall)" "$(median "$work/cli")"
fi
if [[ -n "$inspector" ]]; then
	printf '%-46s %s\n' "@modelcontextprotocol/inspector --cli (wall)" "$(median "$work/inspector")"
else
	echo "the inspector is not installed (bench/npm); skipped"
fi
