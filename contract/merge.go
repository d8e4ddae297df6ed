package contract

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
)

// MergeConflict is one server described differently by two results, which
// a merge cannot join without dropping one side.
type MergeConflict struct {
	Server string
	// First and Second are the indexes of the results that disagree.
	First, Second int
}

func (e *MergeConflict) Error() string {
	return fmt.Sprintf("server %q is described differently by results %d and %d", e.Server, e.First+1, e.Second+1)
}

// Merge joins the results of several runs, such as the matrix jobs of a
// fleet that each check some servers, into one result as if one run had
// checked them all. Servers keep the order of their first appearance and
// every finding and error stays with its server. A server may appear in
// several results only with the same description (the same run repeated);
// its findings are then not counted twice: the merge keeps each distinct
// finding as many times as the one result holding it most often.
func Merge(parts []*Result) (*Result, error) {
	out := &Result{Findings: []Finding{}}
	owner := map[string]int{}
	for i, part := range parts {
		for _, s := range part.Servers {
			if j, seen := owner[s.Name]; seen {
				if !reflect.DeepEqual(out.Servers[serverIndex(out.Servers, s.Name)], s) {
					return nil, &MergeConflict{Server: s.Name, First: j, Second: i}
				}
				continue
			}
			owner[s.Name] = i
			out.Servers = append(out.Servers, s)
		}
	}
	kept := map[string]int{}
	for _, part := range parts {
		inPart := map[string]int{}
		for _, f := range part.Findings {
			key, err := json.Marshal(f)
			if err != nil {
				return nil, err
			}
			inPart[string(key)]++
			if inPart[string(key)] > kept[string(key)] {
				kept[string(key)]++
				out.Findings = append(out.Findings, f)
			}
		}
	}
	SortFindings(out.Findings, out.Servers)
	out.Omitted = mergeOmitted(parts)
	out.Drift = mergeDrift(parts)
	return out, nil
}

// mergeDrift joins what the parts' drift steps compared: every server any
// part compared, every one skipped that no part compared, and, only when no
// part compared anything, each distinct reason why (nil without a drift step).
func mergeDrift(parts []*Result) *DriftCoverage {
	var out *DriftCoverage
	seen := map[DriftServer]bool{}
	comparedServer := map[string]bool{}
	var notRun []string
	for _, part := range parts {
		d := part.Drift
		if d == nil {
			continue
		}
		if out == nil {
			out = &DriftCoverage{Compared: []DriftServer{}}
		}
		for _, s := range d.Compared {
			if !seen[s] {
				seen[s], comparedServer[s.Server] = true, true
				out.Compared = append(out.Compared, s)
			}
		}
		if d.NotRun != "" && !slices.Contains(notRun, d.NotRun) {
			notRun = append(notRun, d.NotRun)
		}
	}
	// A call one job could not replay may be another job's: it was skipped
	// only if every job with a drift step skipped it.
	skippedCalls := map[string]int{}
	jobs := 0
	for _, part := range parts {
		if part.Drift == nil {
			continue
		}
		jobs++
		out.Calls += part.Drift.Calls
		for _, c := range part.Drift.CallsSkipped {
			if skippedCalls[c]++; skippedCalls[c] == 1 {
				out.CallsSkipped = append(out.CallsSkipped, c)
			}
		}
	}
	if out != nil {
		out.CallsSkipped = slices.DeleteFunc(out.CallsSkipped, func(c string) bool { return skippedCalls[c] < jobs })
	}
	for _, part := range parts {
		if part.Drift == nil {
			continue
		}
		for _, s := range part.Drift.Skipped {
			if !seen[s] && !comparedServer[s.Server] {
				seen[s] = true
				out.Skipped = append(out.Skipped, s)
			}
		}
	}
	if out != nil && len(out.Compared) == 0 {
		out.NotRun = strings.Join(notRun, "; ")
	}
	return out
}

func serverIndex(servers []ServerInfo, name string) int {
	for i, s := range servers {
		if s.Name == name {
			return i
		}
	}
	return -1
}

// mergeOmitted joins the counts of findings the cap left out. A server in
// several results is the same run repeated, so each rule's count on it is
// the largest one result has, not their sum.
func mergeOmitted(parts []*Result) []Omitted {
	var out []Omitted
	at := map[capKey]int{}
	for _, part := range parts {
		for _, o := range part.Omitted {
			k := capKey{o.Rule, o.Server, o.Severity}
			i, seen := at[k]
			if !seen {
				at[k] = len(out)
				out = append(out, o)
				continue
			}
			if o.Count > out[i].Count {
				out[i] = o
			}
		}
	}
	return out
}
