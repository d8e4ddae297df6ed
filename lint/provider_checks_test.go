package lint

import "testing"

// providerCase is one row of a provider rule's table test: a tool as JSON and
// the exact pointers the rule must report on it.
type providerCase struct {
	name, tool string
	want       []string
}

func runProviderCases(t *testing.T, id string, cases []providerCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { expectPointers(t, id, tc.tool, tc.want...) })
	}
}
