//go:build linux

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Tools of a weather server: v2 adds an argument callers must send.
const (
	weatherV1 = `{"tools": [
  {"name": "get_forecast", "description": "Forecast for a city.", "inputSchema": {"type": "object", "properties": {"city": {"type": "string", "description": "City name."}}, "required": ["city"]}},
  {"name": "get_alerts", "description": "Weather alerts for a region.", "inputSchema": {"type": "object", "properties": {"region": {"type": "string", "description": "Region code."}}, "required": ["region"]}}
]}
`
	weatherV2 = `{"tools": [
  {"name": "get_forecast", "description": "Forecast for a city.", "inputSchema": {"type": "object", "properties": {"city": {"type": "string", "description": "City name."}, "units": {"type": "string", "description": "metric or imperial."}}, "required": ["city", "units"]}},
  {"name": "get_alerts", "description": "Weather alerts for a region.", "inputSchema": {"type": "object", "properties": {"region": {"type": "string", "description": "Region code."}}, "required": ["region"]}}
]}
`
)

type reportFindings struct {
	Drift struct {
		Compared []struct{ Server, How string } `json:"compared"`
		Skipped  []struct{ Server, Reason string }
	} `json:"drift"`
	Findings []struct {
		Rule, Server, Tool, Message, Fix, File string
		Line                                   int
		New                                    *bool `json:"new"`
	} `json:"findings"`
}

func (r reportFindings) rules() []string {
	var out []string
	for _, f := range r.Findings {
		if strings.HasPrefix(f.Rule, "drift/") {
			out = append(out, f.Server+" "+f.Rule)
		}
	}
	slices.Sort(out)
	return out
}

func parseReport(t *testing.T, out string) reportFindings {
	t.Helper()
	var r reportFindings
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("report: %v\n%s", err, out)
	}
	return r
}

// contractRepo commits a weather server's tools (as a `file:` server, or
// served by the fixture server over stdio) and its snapshot, both at v1.
func contractRepo(t *testing.T, kind string) {
	t.Helper()
	server := "{file: tools/weather.json}"
	if kind == "stdio" {
		// Built from the module, before leaving it.
		root, _ := filepath.Abs("../..")
		server = "{command: [" + fixtureServer(t, root) + ", -tools, tools/weather.json]}"
	}
	dir := t.TempDir()
	t.Chdir(dir)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	git(t, dir, "init", "-q", "-b", "main")
	os.MkdirAll("tools", 0o755)
	os.MkdirAll("mcp-snapshots", 0o755)
	os.WriteFile("tools/weather.json", []byte(weatherV1), 0o644)
	os.WriteFile(".mcp-contract.yaml", []byte("version: 1\nservers:\n  weather: "+server+"\n"), 0o644)
	if out, errOut, code := mcpContract(t, "snapshot"); code != 0 {
		t.Fatalf("snapshot: exit %d\n%s%s", code, out, errOut)
	}
	git(t, dir, "add", ".")
	git(t, dir, "commit", "-q", "-m", "base")
}

// What check --against compares (design §4), for the four states a change
// can leave a server's code and its snapshot in, for a `file:` server and a
// stdio server, and for the stdio server again with --offline, which
// starts nothing and can only compare the snapshots.
func TestCheckAgainstMatrix(t *testing.T) {
	const (
		breaking = "weather drift/input-required-property-added"
		stale    = "weather drift/snapshot-stale"
	)
	for _, kind := range []string{"file", "stdio", "stdio --offline"} {
		for _, tc := range []struct {
			change                 string
			code, snapshot         bool
			want                   []string
			wantOffline            []string
			wantExit, wantExitOffl int
		}{
			{change: "neither", want: nil, wantOffline: nil},
			// The bug of issue 17: a breaking change without a re-snapshot.
			{change: "code changed", code: true, want: []string{breaking, stale}, wantExit: 1, wantOffline: nil},
			// A snapshot edited without the code: stale, and against REF the
			// server has not changed. Offline sees only the snapshot's change.
			{change: "snapshot changed", snapshot: true, want: []string{stale}, wantExit: 1, wantOffline: []string{breaking}, wantExitOffl: 1},
			// An intended contract change: code and snapshot together.
			{change: "both", code: true, snapshot: true, want: []string{breaking}, wantExit: 1, wantOffline: []string{breaking}, wantExitOffl: 1},
		} {
			t.Run(kind+"/"+tc.change, func(t *testing.T) {
				contractRepo(t, strings.Fields(kind)[0])
				if tc.snapshot {
					// The snapshot of v2, taken as a user would.
					os.WriteFile("tools/weather.json", []byte(weatherV2), 0o644)
					if out, errOut, code := mcpContract(t, "snapshot"); code != 0 {
						t.Fatalf("snapshot: %d %s%s", code, out, errOut)
					}
					os.WriteFile("tools/weather.json", []byte(weatherV1), 0o644)
				}
				if tc.code {
					os.WriteFile("tools/weather.json", []byte(weatherV2), 0o644)
				}
				args := []string{"check", "--against", "git:HEAD", "--format", "json"}
				want, wantExit := tc.want, tc.wantExit
				if strings.HasSuffix(kind, "--offline") {
					args = append(args, "--offline")
					want, wantExit = tc.wantOffline, tc.wantExitOffl
				}
				out, errOut, code := mcpContract(t, args...)
				if code != wantExit {
					t.Errorf("exit %d, want %d\n%s%s", code, wantExit, out, errOut)
				}
				r := parseReport(t, out)
				if got := r.rules(); !slices.Equal(got, want) {
					t.Errorf("drift findings %q, want %q", got, want)
				}
				for _, f := range r.Findings {
					if f.Rule == "drift/snapshot-stale" && (!strings.Contains(f.Message, `changed "get_forecast"`) ||
						!strings.Contains(f.Fix, "mcp-contract snapshot --server weather") || f.File != "mcp-snapshots/weather.json") {
						t.Errorf("stale finding %+v", f)
					}
					if f.New == nil || !*f.New {
						t.Errorf("%s: want new: true against the ref, got %v", f.Rule, f.New)
					}
				}
				if strings.HasSuffix(kind, "--offline") {
					if len(r.Drift.Skipped) != 1 || !strings.Contains(r.Drift.Skipped[0].Reason, "--offline: not started") ||
						!strings.Contains(errOut, "weather: --offline: not started") {
						t.Errorf("offline skip not said: %+v\n%s", r.Drift.Skipped, errOut)
					}
				}
			})
		}
	}
}

// A server snapshotted at the ref and gone from the config is removed; a
// server the config adds has no contract yet and says so.
func TestCheckAgainstServerRemovedAndAdded(t *testing.T) {
	contractRepo(t, "file")
	os.WriteFile("tools/tides.json", []byte(`{"tools": [{"name": "get_tides", "description": "Tide times for a port.", "inputSchema": {"type": "object", "properties": {}}}]}`), 0o644)
	os.WriteFile(".mcp-contract.yaml", []byte("version: 1\nservers:\n  tides: {file: tools/tides.json}\n"), 0o644)
	out, errOut, code := mcpContract(t, "check", "--against", "git:HEAD", "--format", "json")
	if code != 1 {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
	r := parseReport(t, out)
	if got, want := r.rules(), []string{"tides drift/server-added", "weather drift/server-removed"}; !slices.Equal(got, want) {
		t.Errorf("drift findings %q, want %q", got, want)
	}
	for _, f := range r.Findings {
		if f.Rule == "drift/server-added" && !strings.Contains(f.Message, "no contract to compare with yet") {
			t.Errorf("server-added says %q", f.Message)
		}
	}
	// With --server, the servers not named are not called removed.
	out, _, _ = mcpContract(t, "check", "--against", "git:HEAD", "--format", "json", "--server", "tides")
	if got := parseReport(t, out).rules(); !slices.Equal(got, []string{"tides drift/server-added"}) {
		t.Errorf("--server tides: %q", got)
	}
}

// Lint findings the ref already had are existing and do not fail
// check --against; a new one does; --fail-on-existing restores the old rule.
func TestCheckAgainstNewFindingsOnly(t *testing.T) {
	contractRepo(t, "file")
	// An error the ref already has: a tool name no provider accepts.
	debt := strings.Replace(weatherV1, `"get_alerts"`, `"get alerts!"`, 1)
	os.WriteFile("tools/weather.json", []byte(debt), 0o644)
	mcpContract(t, "snapshot")
	git(t, ".", "commit", "-q", "-am", "debt")
	check := func(args ...string) (reportFindings, int) {
		out, errOut, code := mcpContract(t, append([]string{"check", "--against", "git:HEAD", "--format", "json"}, args...)...)
		if code > 1 {
			t.Fatalf("exit %d\n%s", code, errOut)
		}
		return parseReport(t, out), code
	}
	r, code := check()
	if code != 0 {
		t.Errorf("existing findings alone: exit %d, want 0", code)
	}
	existing := 0
	for _, f := range r.Findings {
		if f.New == nil {
			t.Errorf("%s: not compared", f.Rule)
		} else if !*f.New {
			existing++
		}
	}
	if existing == 0 {
		t.Fatalf("no existing finding: %+v", r.Findings)
	}
	if _, code := check("--fail-on-existing"); code != 1 {
		t.Errorf("--fail-on-existing: exit %d, want 1", code)
	}
	// The same error on a second tool, whose line moves the first's: new.
	os.WriteFile("tools/weather.json", []byte(strings.Replace(debt, `"get_forecast"`, `"get forecast!"`, 1)), 0o644)
	mcpContract(t, "snapshot")
	r, code = check()
	if code != 1 {
		t.Errorf("a new error: exit %d, want 1", code)
	}
	newOnes := map[string]bool{}
	for _, f := range r.Findings {
		if f.New != nil && *f.New && !strings.HasPrefix(f.Rule, "drift/") {
			newOnes[f.Tool] = true
		}
	}
	if !newOnes["get forecast!"] || newOnes["get alerts!"] {
		t.Errorf("new findings on tools %v, want get forecast! only", newOnes)
	}
}

// mcp-contract baseline records today's findings; lint and check then
// count only new ones, and an entry that no longer matches is reported.
func TestBaseline(t *testing.T) {
	contractRepo(t, "file")
	debt := strings.Replace(weatherV1, `"get_alerts"`, `"get alerts!"`, 1)
	os.WriteFile("tools/weather.json", []byte(debt), 0o644)
	if _, _, code := mcpContract(t, "lint"); code != 1 {
		t.Fatalf("lint before the baseline: exit %d, want 1", code)
	}
	out, errOut, code := mcpContract(t, "baseline")
	if code != 0 || !strings.Contains(out, "to .mcp-contract-baseline.json") {
		t.Fatalf("baseline: exit %d\n%s%s", code, out, errOut)
	}
	first, _ := os.ReadFile(".mcp-contract-baseline.json")
	if out, _, _ := mcpContract(t, "baseline"); !strings.Contains(out, "up to date") {
		t.Errorf("second baseline: %s", out)
	}
	if again, _ := os.ReadFile(".mcp-contract-baseline.json"); string(again) != string(first) {
		t.Errorf("the baseline changed on a second run")
	}
	if out, errOut, code := mcpContract(t, "lint", "--format", "json"); code != 0 {
		t.Errorf("lint with the baseline: exit %d\n%s%s", code, out, errOut)
	}
	if _, _, code := mcpContract(t, "lint", "--fail-on-existing"); code != 1 {
		t.Errorf("lint --fail-on-existing: exit %d, want 1", code)
	}
	// The debt is paid: its entries are stale, once each, and fail nothing.
	os.WriteFile("tools/weather.json", []byte(weatherV1), 0o644)
	out, _, code = mcpContract(t, "lint", "--format", "json")
	r := parseReport(t, out)
	stale := 0
	for _, f := range r.Findings {
		if f.Rule == "config/stale-baseline" {
			stale++
			if f.File != ".mcp-contract-baseline.json" || f.Line < 4 {
				t.Errorf("stale entry placed at %s:%d", f.File, f.Line)
			}
		}
	}
	if code != 0 || stale == 0 || stale != strings.Count(string(first), `"rule"`) {
		t.Errorf("paid debt: exit %d, %d stale findings for %d entries", code, stale, strings.Count(string(first), `"rule"`))
	}
}
