#!/usr/bin/env bash
# Times starting a fleet of 7 real stdio servers (the npm reference servers
# of testdata/npm, 4 server-everything and 3 server-filesystem under their
# own names): one `snapshot` over all 7, which starts them in parallel,
# against 7 `snapshot --server NAME` runs one after another. The parallel run
# has a terminal (script(1)), so it draws its progress lines; the time to the
# first of them is read from a timestamp the wrapper writes. Median of 3.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/mcp-contract" ./cmd/mcp-contract
npm=$root/testdata/npm/node_modules/@modelcontextprotocol
mkdir -p "$work/fleet/allowed"
cd "$work/fleet"
{
	echo "version: 1"
	echo "servers:"
	for i in 1 2 3 4; do echo "  everything$i: {command: [node, $npm/server-everything/dist/index.js, stdio]}"; done
	for i in 1 2 3; do echo "  filesystem$i: {command: [node, $npm/server-filesystem/dist/index.js, $work/fleet/allowed]}"; done
} > .mcp-contract.yaml
names=(everything1 everything2 everything3 everything4 filesystem1 filesystem2 filesystem3)

now() { date +%s.%N; }
median() { sort -n | sed -n 2p; }

for run in 1 2 3; do
	rm -rf mcp-snapshots
	t0=$(now)
	# script(1) gives the run a terminal; the first byte it writes is the
	# first progress line.
	script -qfc "$work/mcp-contract snapshot >/dev/null" "$work/tty.log" >/dev/null &
	pid=$!
	until grep -q 'everything1: ' "$work/tty.log" 2>/dev/null; do sleep 0.01; done
	t1=$(now)
	wait $pid
	t2=$(now)
	echo "$(echo "$t1 - $t0" | bc) $(echo "$t2 - $t0" | bc)" >> "$work/parallel"
	rm -f "$work/tty.log"
	rm -rf mcp-snapshots
	t0=$(now)
	for n in "${names[@]}"; do "$work/mcp-contract" snapshot --server "$n" >/dev/null; done
	t2=$(now)
	echo "$t2 - $t0" | bc >> "$work/serial"
done
printf 'parallel, 7 servers: first progress line %.2f s, all done %.2f s (median of 3)\n' \
	"$(cut -d' ' -f1 "$work/parallel" | median)" "$(cut -d' ' -f2 "$work/parallel" | median)"
printf 'one after another:   all done %.2f s (median of 3)\n' "$(median < "$work/serial")"
