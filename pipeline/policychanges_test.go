package pipeline

import (
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/policy"
)

// A finding the pull request hides from itself fails the run whatever the
// pull request's own fail-on, unless the allow label is on.
func TestHiddenFindingFailsUnlessAllowed(t *testing.T) {
	yes := true
	findings := []contract.Finding{{Rule: policy.HidesNewFinding, Severity: contract.Error, New: &yes}}
	for _, tc := range []struct {
		failOn contract.Severity
		allow  bool
		fails  bool
	}{
		{contract.Error, false, true},
		{contract.Error + 1, false, true}, // fail-on: never
		{contract.Error, true, false},
	} {
		r := &Result{Result: &contract.Result{Findings: findings}, FailOn: tc.failOn, allowBreaking: tc.allow}
		if r.Fails() != tc.fails {
			t.Errorf("fail-on %d, label %v: Fails() = %v", tc.failOn, tc.allow, r.Fails())
		}
	}
}
