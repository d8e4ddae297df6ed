#!/bin/sh
# Drift of two 10,000-tool catalogs differing in 5% of tools (parse both with
# positions, then compare), against encoding/json decoding both into plain Go
# values. Goal: drift within 5x of the decode. The machine is shared, so each
# benchmark runs COUNT times and the medians are compared.
set -eu
cd "$(dirname "$0")/.."
COUNT=${COUNT:-5}
out=$(go test ./drift/ -run '^$' -bench '^Benchmark(Drift|DecodeBoth|CompareOnly)$' -benchtime 3x -count "$COUNT" -benchmem)
echo "$out" | grep -E '^(Benchmark|cpu:)'
echo "$out" | awk '
	/^BenchmarkDrift-/       { d[nd++] = $3 }
	/^BenchmarkDecodeBoth-/  { j[nj++] = $3 }
	/^BenchmarkCompareOnly-/ { c[nc++] = $3 }
	function median(a, n,   i, k, t) {
		for (i = 1; i < n; i++) for (k = i; k > 0 && a[k] < a[k-1]; k--) { t = a[k]; a[k] = a[k-1]; a[k-1] = t }
		return a[int(n / 2)]
	}
	END {
		md = median(d, nd); mj = median(j, nj); mc = median(c, nc)
		printf "median: drift %.0f ms (compare alone %.0f ms), encoding/json decode of both %.0f ms: drift/decode = %.2fx (goal <= 5x)\n", md / 1e6, mc / 1e6, mj / 1e6, md / mj
		exit (md / mj > 5)
	}'
