package drift

import (
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

// The ids issues 5 and 8 name are binding.
var bindingIDs = []string{
	"drift/tool-removed", "drift/tool-renamed", "drift/tool-added", "drift/input-property-removed",
	"drift/input-required-property-added", "drift/input-property-became-required", "drift/input-property-became-optional",
	"drift/input-type-changed", "drift/input-type-narrowed", "drift/input-type-widened", "drift/input-enum-value-removed",
	"drift/input-enum-value-added", "drift/input-constraint-tightened", "drift/input-constraint-relaxed",
	"drift/input-additional-properties-closed", "drift/output-property-removed", "drift/output-required-property-removed",
	"drift/output-type-changed", "drift/output-enum-value-added", "drift/output-schema-removed", "drift/default-changed",
	"drift/description-changed", "drift/title-changed", "drift/annotation-weakened", "drift/annotation-changed",
	"drift/recorded-call-rejected", "drift/input-schema-invalid", "drift/output-schema-invalid",
}

func TestBindingRulesExist(t *testing.T) {
	for _, id := range bindingIDs {
		if Lookup(id) == nil {
			t.Errorf("binding rule %s is not registered", id)
		}
	}
}

func TestRuleMetadata(t *testing.T) {
	infoClass := map[string]bool{"drift/default-changed": true, "drift/description-changed": true, "drift/title-changed": true,
		"drift/annotation-weakened": true, "drift/annotation-changed": true, "drift/schema-too-deep": true,
		"drift/input-property-added-with-default": true, "drift/pattern-changed": true}
	rules := Rules()
	for i, r := range rules {
		if i > 0 && rules[i-1].ID >= r.ID {
			t.Errorf("Rules() not sorted at %s", r.ID)
		}
		if !strings.HasPrefix(r.ID, "drift/") || r.Group != Group || r.Summary == "" || !strings.Contains(r.Help, "Fix:") {
			t.Errorf("%s: incomplete metadata %+v", r.ID, r)
		}
		rule := Lookup(r.ID)
		if rule.Change == contract.ChangeBreaking && rule.fix() == "" {
			t.Errorf("%s: a breaking change needs a fix", r.ID)
		}
		switch {
		case rule.Change == "":
			// A verdict on the contract, not a change: it names its level.
			if r.Severity != rule.Level || r.Severity == contract.Off {
				t.Errorf("%s: no change class and level %s", r.ID, r.Severity)
			}
		case infoClass[r.ID]:
			if rule.Change != contract.ChangeReview || r.Severity != contract.Warning {
				t.Errorf("%s: want warning with change review, got %s/%s", r.ID, r.Severity, rule.Change)
			}
		case rule.Change == contract.ChangeBreaking:
			if r.Severity != contract.Error {
				t.Errorf("%s: breaking but %s", r.ID, r.Severity)
			}
		default:
			if rule.Change != contract.ChangeNonBreaking || r.Severity != contract.Info {
				t.Errorf("%s: want info with change non-breaking, got %s/%s", r.ID, r.Severity, rule.Change)
			}
		}
	}
}
