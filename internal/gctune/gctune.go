// Package gctune sets the garbage collector's target for a run of
// mcp-contract, unless GOGC is set.
package gctune

import (
	"os"
	"runtime/debug"
	"runtime/metrics"
)

// The garbage collector's target, unless GOGC is set, is gcPercentSmall
// until the loaded catalogs fill more than largeHeap, and gcPercentLarge
// after. Most runs are small and short (a pre-commit check of 100 tools
// takes 20 ms), and a collection there costs more than the memory it
// frees: at 400 instead of Go's default 100 that check spent 19.0 ms of
// CPU instead of 23.3. A large run holds its catalogs to the end, and at
// 100 the heap grows to twice that before each collection: 100,000 tools
// (a 154 MB file) peaked at 1.49 GB, 2.3x a plain decode of the file; at
// 50 the peak is 1.24 GB (2.0x) for about 10% more CPU (bench/lint.sh).
const (
	gcPercentSmall = 400
	largeHeap      = 32 << 20
	gcPercentLarge = 50
)

// LessWhileSmall sets the target of a run that has loaded nothing yet.
func LessWhileSmall() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercentSmall)
	}
}

// SoonerWhenLarge follows a load of catalogs.
func SoonerWhenLarge() {
	if os.Getenv("GOGC") != "" {
		return
	}
	heap := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(heap)
	if heap[0].Value.Kind() == metrics.KindUint64 && heap[0].Value.Uint64() > largeHeap {
		debug.SetGCPercent(gcPercentLarge)
	}
}
