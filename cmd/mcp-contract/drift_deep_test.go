package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Two tool files 49,000 schema levels deep that differ at the bottom: drift
// stops at its depth bound and says so (drift/schema-too-deep), instead of
// comparing every level's whole subtree again (minutes) and hashing the
// square of the depth in indentation for the coverage digests. The minute
// is a hang guard, not a speed target: it takes about a second.
func TestDriftOnDeepNestingEnds(t *testing.T) {
	dir := t.TempDir()
	deep := func(leaf string) string {
		return `{"tools":[{"name":"t","inputSchema":` + strings.Repeat(`{"type":"object","properties":{"a":`, 49_000) + leaf + strings.Repeat(`}}`, 49_000) + `}]}`
	}
	os.WriteFile(filepath.Join(dir, "old.json"), []byte(deep(`{"type":"string"}`)), 0o644)
	os.WriteFile(filepath.Join(dir, "new.json"), []byte(deep(`{"type":"integer"}`)), 0o644)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, builtBinary(t), "drift", "old.json", "new.json", "--format", "json")
	cmd.Dir = dir
	out, err := cmd.Output()
	if ctx.Err() != nil {
		t.Fatal("drift on 49,000 levels did not end within a minute")
	}
	if code := cmd.ProcessState.ExitCode(); code != 0 && code != 1 {
		t.Fatalf("exit %d: %v", code, err)
	}
	if !strings.Contains(string(out), `"rule": "drift/schema-too-deep"`) {
		t.Errorf("the difference below the bound is not reported:\n%.2000s", out)
	}
}
