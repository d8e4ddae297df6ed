package contract

import (
	"errors"
	"reflect"
	"testing"
)

func TestMergeKeepsServersApart(t *testing.T) {
	f := func(server, rule string, line int) Finding {
		return Finding{Rule: rule, Severity: Error, Category: CategoryLint, Server: server, Line: line, Message: rule}
	}
	a := &Result{
		Servers:  []ServerInfo{{Name: "gh", Origin: "file:gh.json", Tools: 2}, {Name: "down", Origin: "http:https://down.example", Error: "connection refused"}},
		Findings: []Finding{f("gh", "gemini/ref", 9), f("gh", "gemini/ref", 9)},
	}
	b := &Result{
		Servers:  []ServerInfo{{Name: "fs", Origin: "file:fs.json", Tools: 1}},
		Findings: []Finding{f("fs", "mcp/missing-description", 3), f("", "config/stale-ignore", 7)},
	}
	got, err := Merge([]*Result{a, b, b})
	if err != nil {
		t.Fatal(err)
	}
	wantServers := []ServerInfo{a.Servers[0], a.Servers[1], b.Servers[0]}
	if !reflect.DeepEqual(got.Servers, wantServers) {
		t.Errorf("servers %+v", got.Servers)
	}
	// gh's finding twice (as its run said), b's once although b came twice,
	// and ordered by server as listed, server-less findings last.
	want := []Finding{f("gh", "gemini/ref", 9), f("gh", "gemini/ref", 9), f("fs", "mcp/missing-description", 3), f("", "config/stale-ignore", 7)}
	if !reflect.DeepEqual(got.Findings, want) {
		t.Errorf("findings %+v", got.Findings)
	}
	if got.Servers[1].Error != "connection refused" || got.ToolCount() != 3 {
		t.Errorf("the unreachable server lost its error or tools were miscounted: %+v", got.Servers)
	}

	c := &Result{Servers: []ServerInfo{{Name: "gh", Origin: "file:other/gh.json", Tools: 2}}}
	_, err = Merge([]*Result{a, b, c})
	var conflict *MergeConflict
	if !errors.As(err, &conflict) || conflict.Server != "gh" || conflict.First != 0 || conflict.Second != 2 {
		t.Errorf("a server described two ways must be refused, got %v", err)
	}
	if empty, err := Merge(nil); err != nil || empty.Findings == nil || len(empty.Servers) != 0 {
		t.Errorf("merging nothing: %+v %v", empty, err)
	}
}

// Drift coverage merges like the servers: what any job compared was compared.
func TestMergeDriftCoverage(t *testing.T) {
	bank := DriftServer{Server: "bank", How: DriftConfig, Against: "file:mcp-snapshots/bank.json"}
	vendor := DriftServer{Server: "vendor", How: DriftLive, Reason: "snapshot missing: mcp-snapshots/vendor.json"}
	none := &DriftCoverage{Compared: []DriftServer{}, NotRun: "no server is configured"}
	got, _ := Merge([]*Result{{Drift: none}, {Drift: &DriftCoverage{Compared: []DriftServer{bank}, Skipped: []DriftServer{vendor}}}, {}})
	want := &DriftCoverage{Compared: []DriftServer{bank}, Skipped: []DriftServer{vendor}}
	if !reflect.DeepEqual(got.Drift, want) {
		t.Errorf("drift %+v, want %+v", got.Drift, want)
	}
	if got, _ := Merge([]*Result{{Drift: none}, {Drift: none}}); !reflect.DeepEqual(got.Drift, none) {
		t.Errorf("two jobs that compared nothing: %+v", got.Drift)
	}
	// A call only one job could replay was replayed; one no job could, was not.
	a := &DriftCoverage{Compared: []DriftServer{bank}, Calls: 1, CallsSkipped: []string{"mcp-calls/x.json: server \"vendor\" was not compared", "mcp-calls/y.json: no compared server has tool \"t\""}}
	b := &DriftCoverage{Compared: []DriftServer{vendor}, Calls: 1, CallsSkipped: []string{"mcp-calls/y.json: no compared server has tool \"t\""}}
	if got, _ := Merge([]*Result{{Drift: a}, {Drift: b}}); got.Drift.Calls != 2 || !reflect.DeepEqual(got.Drift.CallsSkipped, b.CallsSkipped) {
		t.Errorf("recorded calls merged: %+v", got.Drift)
	}
	if got, _ := Merge([]*Result{{}, {}}); got.Drift != nil {
		t.Errorf("lint reports merged gained drift coverage: %+v", got.Drift)
	}
}
