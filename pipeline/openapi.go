package pipeline

import (
	"fmt"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/drift"
	"github.com/mcp-contract/mcp-contract/lint"
	"github.com/mcp-contract/mcp-contract/openapi"
	"github.com/mcp-contract/mcp-contract/source"
)

// checkOpenAPI holds the tools of every server the config binds to an
// OpenAPI document to their operations (rules openapi/*), and with
// against (git:REF) reports what each change of the spec since REF does to
// the tools bound to it (openapi/operation-changed).
func (r *run) checkOpenAPI(catalogs []*contract.Catalog, result *contract.Result, against string) error {
	if r.o.Config == nil {
		return nil
	}
	specs := map[string]*openapi.Spec{}
	proseDone := map[string]bool{}
	compare := func(old, new *contract.Catalog) []contract.Finding { return drift.Compare(old, new, drift.Options{}) }
	for _, sc := range r.o.Config.Servers {
		if sc.OpenAPI == nil {
			continue
		}
		for _, c := range catalogs {
			if c.Server != sc.Name || c.Error != "" {
				continue
			}
			spec := specs[sc.OpenAPI.Spec]
			if spec == nil {
				var err error
				if spec, err = openapi.Load(sc.OpenAPI.Spec, "."); err != nil {
					return err
				}
				specs[sc.OpenAPI.Spec] = spec
			}
			if !proseDone[sc.OpenAPI.Spec] {
				proseDone[sc.OpenAPI.Spec] = true
				prose, err := specProse(spec, sc.Name)
				if err != nil {
					return err
				}
				result.Findings = append(result.Findings, prose...)
			}
			binding := openapi.Binding{Auto: sc.OpenAPI.Auto, Operations: sc.OpenAPI.Operations, Headers: sc.OpenAPI.Headers, HeadersAuto: sc.OpenAPI.HeadersAuto}
			found, err := openapi.Check(c, spec, binding, compare)
			if err != nil {
				return err
			}
			result.Findings = append(result.Findings, found...)
			if ref, ok := strings.CutPrefix(against, contract.DriftGitPrefix); ok {
				impact, err := r.openAPIImpact(c, spec, sc.OpenAPI.Spec, ref, binding, compare)
				if err != nil {
					return err
				}
				result.Findings = append(result.Findings, impact...)
			}
		}
	}
	return nil
}

// openAPIImpact compares the spec at ref with the work tree's for the tools
// bound to it. A spec absent at ref is new and has no past; one that cannot
// be read at ref (a shallow clone) is said on stderr, and the rest of the
// check goes on.
func (r *run) openAPIImpact(c *contract.Catalog, current *openapi.Spec, path, ref string, binding openapi.Binding, compare openapi.Compare) ([]contract.Finding, error) {
	text, name, err := source.ReadGitFile(".", ref, path)
	if err != nil {
		r.note(fmt.Sprintf("note: %s at %s cannot be read (%v), so its changes are not compared with the tools of %s", path, ref, err, c.Server))
		return nil, nil
	}
	if name == "" {
		return nil, nil
	}
	base, err := openapi.LoadBytes([]byte(text), name, path, ".")
	if err != nil {
		return nil, err
	}
	return openapi.Impact(c, base, current, binding, compare)
}

// proseRule is the lint rule that also reads the spec: a constraint a
// parameter's description states in words ("Maximum: 100") and its schema
// does not enforce reaches every tool generated from it.
const proseRule = "docs/prose-only-constraint"

// specProse runs proseRule over the tools the spec generates and places
// each finding on the spec's line, once per line and message however many
// operations share the schema.
func specProse(spec *openapi.Spec, server string) ([]contract.Finding, error) {
	tools, _, err := openapi.Generate(spec, openapi.Options{Service: server})
	if err != nil || len(tools) == 0 {
		return nil, err
	}
	catalog := &contract.Catalog{Server: server, Origin: "openapi:" + spec.File}
	byName := map[string]openapi.Tool{}
	for i, t := range tools {
		catalog.Tools = append(catalog.Tools, &contract.Tool{Name: t.Name, Node: t.Node, Index: i})
		byName[t.Name] = t
	}
	disabled := map[string]bool{}
	for _, r := range lint.Rules() {
		disabled[r.ID] = r.ID != proseRule
	}
	profiles, err := lint.ExpandProfiles(nil)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []contract.Finding
	for _, f := range lint.Run([]*contract.Catalog{catalog}, lint.Options{Profiles: profiles, Disabled: disabled}) {
		if f.Rule != proseRule {
			continue
		}
		t := byName[f.Tool]
		t.Place(&f)
		key := fmt.Sprintf("%s:%d:%d %s", f.File, f.Line, f.Column, f.Message)
		if seen[key] {
			continue
		}
		seen[key] = true
		f.Message = "in the OpenAPI spec, so every tool generated from it inherits it: " + f.Message
		f.Tool, f.Pointer = "", ""
		out = append(out, f)
	}
	return out, nil
}
