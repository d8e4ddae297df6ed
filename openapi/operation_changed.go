package openapi

import (
	"fmt"

	"github.com/mcp-contract/mcp-contract/contract"
)

var operationChanged = register(&Rule{
	ID:       "openapi/operation-changed",
	Severity: contract.Error,
	Summary:  "the operation a bound tool calls changed since the base: what that change does to the tool's callers",
	Help: `With check --against git:REF, the spec at REF and the spec in the work tree are both turned
into the bound tool's input and output, and drift compares the two: the same classes and change
values as drift's (breaking is an error, review a warning, non-breaking info). oasdiff says which
endpoint changed; this says which tools, and so which agents' calls, it breaks: "update_page
breaks: the API now requires parent". Fix: update the tool (and its snapshot) to the new
operation, or make the API change backward compatible.`,
})

// Impact compares, for every bound tool of catalog, its operation in old
// (the spec at the base) with the same operation in new, in the tool's
// layout, and reports each change as drift classifies it. A tool whose
// operation is not in old is new with the spec and has nothing to compare.
func Impact(catalog *contract.Catalog, old, new *Spec, b Binding, compare Compare) ([]contract.Finding, error) {
	newOps, err := new.Operations()
	if err != nil {
		return nil, err
	}
	oldOps, err := old.Operations()
	if err != nil {
		return nil, err
	}
	pairs := bind(catalog, newOps, b)
	oldByID := map[string]*Operation{}
	for _, op := range oldOps {
		if op.ID != "" {
			oldByID[op.ID] = op
		}
	}
	oldComp, newComp := newComponents(ServiceName(catalog.Server, "")), newComponents(ServiceName(catalog.Server, ""))
	var out []contract.Finding
	for _, t := range catalog.Tools {
		op := pairs[t]
		if op == nil || oldByID[op.ID] == nil {
			continue
		}
		after, key, _, err := bestLayout(t, op, new, newComp, b, compare, catalog.Server, catalog.Origin)
		if err != nil || after == nil {
			return nil, err
		}
		before, err := operationTool(t, oldByID[op.ID], old, oldComp, b, key)
		if err != nil || before == nil {
			return nil, err
		}
		oldSide := &contract.Catalog{Server: catalog.Server, Origin: "openapi:" + old.File, Tools: []*contract.Tool{{Name: t.Name, Node: before, Index: t.Index}}}
		newSide := &contract.Catalog{Server: catalog.Server, Origin: "openapi:" + new.File, Tools: []*contract.Tool{{Name: t.Name, Node: after, Index: t.Index}}}
		for _, d := range compare(oldSide, newSide) {
			msg := fmt.Sprintf("tool %q: %s %s changed: %s", t.Name, op.Method, op.Path, d.Message)
			if d.Change == contract.ChangeBreaking {
				msg = fmt.Sprintf("tool %q breaks: %s %s changed: %s", t.Name, op.Method, op.Path, d.Message)
			}
			f := operationChanged.finding(catalog.Server, t.Name, msg)
			f.Category, f.Change, f.Severity, f.Pointer = contract.CategoryDrift, d.Change, changeSeverity(d.Change), d.Pointer
			f.File, f.Line, f.Column = new.File, op.Line, op.Column
			out = append(out, f)
		}
	}
	return out, nil
}

func changeSeverity(change string) contract.Severity {
	switch change {
	case contract.ChangeBreaking:
		return contract.Error
	case contract.ChangeReview:
		return contract.Warning
	}
	return contract.Info
}
