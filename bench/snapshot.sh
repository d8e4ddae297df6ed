#!/usr/bin/env bash
# Times fetching the tool list of @modelcontextprotocol/server-everything over
# stdio, median of 5 runs, beside the MCP Inspector's CLI on the same server in
# the same run. Needs `npm ci --prefix testdata/npm` first.
#
#   bench/snapshot.sh            # from the repository root
set -euo pipefail
cd "$(dirname "$0")/.."
runs=5
everything="$PWD/testdata/npm/node_modules/@modelcontextprotocol/server-everything/dist/index.js"
if [[ ! -f "$everything" ]]; then
	echo "server-everything is not installed: run npm ci --prefix testdata/npm" >&2
	exit 2
fi

median() { sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
now_ms() { date +%s%3N; }

# wall_ms CMD...: the wall time of one run in milliseconds; output discarded.
wall_ms() {
	local start end
	start=$(now_ms)
	"$@" >/dev/null 2>&1
	end=$(now_ms)
	echo $((end - start))
}

echo "server-everything over stdio, median of $runs runs ($(nproc) cores)"

# Our fetch: one Fetch per benchmark op (start node, handshake, tools/list,
# stop the process group), the Go test binary's own start-up excluded.
go_ms=$(go test ./source -run '^$' -bench 'FetchServerEverythingStdio' -benchtime 1x -count "$runs" |
	awk '/^BenchmarkFetchServerEverythingStdio/ {printf "%d\n", $3 / 1e6}' | median)
printf '%-52s %6s ms\n' "mcp-contract source.Fetch (Go benchmark)" "$go_ms"

# The CLI, once the snapshot command exists, as a user runs it.
if [[ -d cmd/mcp-contract ]]; then
	go build -o bin/mcp-contract ./cmd/mcp-contract
	dir=$(mktemp -d)
	trap 'rm -rf "$dir"' EXIT
	cli_ms=$(for _ in $(seq "$runs"); do
		wall_ms bin/mcp-contract snapshot --stdio "node $everything stdio" --dir "$dir"
	done | median)
	printf '%-52s %6s ms\n' "mcp-contract snapshot --stdio (wall)" "$cli_ms"
fi

inspector=testdata/npm/node_modules/.bin/mcp-inspector
if [[ -x "$inspector" ]]; then
	insp_ms=$(for _ in $(seq "$runs"); do
		wall_ms "$inspector" --cli node "$everything" stdio --method tools/list
	done | median)
	printf '%-52s %6s ms\n' "npx @modelcontextprotocol/inspector --cli (wall)" "$insp_ms"
else
	echo "the inspector is not installed (devDependency of testdata/npm); skipped"
fi
