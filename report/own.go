package report

import (
	"github.com/mcp-contract/mcp-contract/contract"
)

// Own reports whether the run found something of the pull request's own: a
// breaking change (allowed or not: a reviewer still reads it), a stale
// snapshot, a finding the base does not have, or a server it could not
// reach. Existing findings are the repository's debt, not the change's, so
// a docs-only pull request in an indebted repository has nothing of its
// own. A run that compared with no base has no debt to set apart: every
// finding is its own.
func Own(r *contract.Result) bool {
	if len(r.Unreachable()) > 0 {
		return true
	}
	for i := range r.Findings {
		if f := &r.Findings[i]; f.Severity != contract.Off && partOf(f) != partExisting {
			return true
		}
	}
	return false
}

// Tally is what a workflow gates on: the totals, and the pull request's own
// part of them apart from the debt it inherited.
type Tally struct {
	// Errors, Warnings and Infos count every finding, existing ones too.
	Errors, Warnings, Infos int
	// NewErrors and NewWarnings count the findings that are not existing
	// (all of them when the run compared with no base), breaking changes
	// left out: those are Breaking's, so a label that allows them leaves
	// these counts as they were.
	NewErrors, NewWarnings int
	// Breaking counts the breaking changes, one per change (Changes): the
	// findings of one tool at one schema node are one.
	Breaking int
	// Existing counts the findings the base already had.
	Existing int
}

// Count tallies r's findings.
func Count(r *contract.Result) Tally {
	var t Tally
	var breaking []contract.Finding
	for i := range r.Findings {
		f := &r.Findings[i]
		existing := f.Existing()
		isBreaking := f.Category == contract.CategoryDrift && f.Change == contract.ChangeBreaking
		switch f.Severity {
		case contract.Error:
			t.Errors++
			if !existing && !isBreaking {
				t.NewErrors++
			}
		case contract.Warning:
			t.Warnings++
			if !existing && !isBreaking {
				t.NewWarnings++
			}
		case contract.Info:
			t.Infos++
		default:
			continue
		}
		if isBreaking {
			breaking = append(breaking, *f)
		}
		if existing {
			t.Existing++
		}
	}
	t.Breaking = len(Changes(breaking))
	return t
}
