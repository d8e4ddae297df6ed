package openapi

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// Binding says which operation each tool of a server calls.
type Binding struct {
	// Auto matches tool names to operationIds after a shared prefix or
	// suffix; otherwise Operations maps tool names to operationIds.
	Auto       bool
	Operations map[string]string
}

// Compare is drift's comparison of two one-server catalogs, passed in by
// the caller so that this package stands on the model alone.
type Compare func(old, new *contract.Catalog) []contract.Finding

// Check holds every bound tool of catalog to its operation: the tool is the
// API's client, so its input must stay inside what the operation accepts
// and its output inside what the operation returns. The operation's side
// is built as `openapi tools` builds it, in the tool's own layout (its body
// flattened or under "body", its root as open or closed as the tool's).
func Check(catalog *contract.Catalog, s *Spec, b Binding, compare Compare) ([]contract.Finding, error) {
	ops, err := s.Operations()
	if err != nil {
		return nil, err
	}
	byID := map[string]*Operation{}
	for _, op := range ops {
		if op.ID != "" {
			byID[op.ID] = op
		}
	}
	var out []contract.Finding
	var pairs map[*contract.Tool]*Operation
	if b.Auto {
		var unboundTools []*contract.Tool
		var unboundOps []*Operation
		pairs, unboundTools, unboundOps = matchAuto(catalog.Tools, ops)
		for _, t := range unboundTools {
			f := toolUnbound.finding(catalog.Server, t.Name, fmt.Sprintf("tool %q matches no operationId of %s, so nothing holds it to the API", t.Name, s.File))
			f.Locate(t, t.Node.Get("name"))
			out = append(out, f)
		}
		if len(unboundOps) > 0 {
			out = append(out, unboundOperations(catalog.Server, s, unboundOps))
		}
	} else {
		pairs = bind(catalog, ops, b)
		for _, t := range catalog.Tools {
			if id, bound := b.Operations[t.Name]; bound && byID[id] == nil {
				f := operationMissing.finding(catalog.Server, t.Name, fmt.Sprintf("tool %q is bound to operation %q, which %s does not have", t.Name, id, s.File))
				f.Locate(t, t.Node.Get("name"))
				out = append(out, f)
			}
		}
	}
	tools := make([]*contract.Tool, 0, len(pairs))
	for t := range pairs {
		tools = append(tools, t)
	}
	sort.Slice(tools, func(i, j int) bool { return tools[i].Index < tools[j].Index })
	comp := newComponents(ServiceName("", catalog.Server))
	for _, t := range tools {
		found, err := checkPair(catalog, t, pairs[t], s, comp, compare)
		if err != nil {
			return nil, err
		}
		out = append(out, found...)
	}
	return out, nil
}

// bind pairs each tool of catalog with the operation it calls, by name
// (auto) or by the config's map; an unknown operationId pairs nothing.
func bind(catalog *contract.Catalog, ops []*Operation, b Binding) map[*contract.Tool]*Operation {
	if b.Auto {
		pairs, _, _ := matchAuto(catalog.Tools, ops)
		return pairs
	}
	byID := map[string]*Operation{}
	for _, op := range ops {
		if op.ID != "" {
			byID[op.ID] = op
		}
	}
	pairs := map[*contract.Tool]*Operation{}
	for _, t := range catalog.Tools {
		if op := byID[b.Operations[t.Name]]; op != nil {
			pairs[t] = op
		}
	}
	return pairs
}

// operationTool is tool t with its schemas replaced by its operation's, built
// in t's layout: the body flattened or under "body" as t has it, the root as
// open or closed as t's. Only the schemas differ, so a comparison with t
// says nothing of names, descriptions or annotations, the tool's own
// business. It is nil when the operation cannot be a tool.
func operationTool(t *contract.Tool, op *Operation, s *Spec, comp *components) (*jsontree.Node, error) {
	b := builder{spec: s, op: op, comp: comp, layout: bodyFlat}
	if t.Input().Get("properties").Get("body") != nil {
		b.layout = bodyNested
	}
	generated, skip := b.tool(t.Name)
	if b.err != nil || skip {
		return nil, b.err
	}
	api := t.Node.Clone()
	input := generated.Get("inputSchema")
	if root := t.Input(); root != nil {
		if ap := root.Get("additionalProperties"); ap != nil {
			input.Set("additionalProperties", ap.Clone())
		} else {
			input.Delete("additionalProperties")
		}
	}
	api.Set("inputSchema", input)
	if output := generated.Get("outputSchema"); output != nil {
		api.Set("outputSchema", output)
	} else {
		api.Delete("outputSchema")
	}
	return api, nil
}

func checkPair(catalog *contract.Catalog, t *contract.Tool, op *Operation, s *Spec, comp *components, compare Compare) ([]contract.Finding, error) {
	api, err := operationTool(t, op, s, comp)
	if err != nil || api == nil {
		return nil, err
	}
	old := &contract.Catalog{Server: catalog.Server, Origin: catalog.Origin, Tools: []*contract.Tool{t}}
	apiSide := &contract.Catalog{Server: catalog.Server, Origin: "openapi:" + s.File, Tools: []*contract.Tool{{Name: t.Name, Node: api, Index: t.Index}}}
	where := fmt.Sprintf("%s %s", op.Method, op.Path)
	if op.ID != "" {
		where = fmt.Sprintf("%s (%s)", op.ID, where)
	}
	var out []contract.Finding
	for _, d := range compare(old, apiSide) {
		rule, msg := classify(d, t.Name, where)
		if rule == nil {
			continue
		}
		f := rule.finding(catalog.Server, t.Name, msg)
		f.Pointer = d.Pointer
		node := t.Node
		if n, ok := t.Node.Lookup(d.Pointer); ok && d.Pointer != "" {
			node = n
		}
		f.Locate(t, node)
		f.Details = d.Details
		f.Related = []contract.Location{{File: s.File, Line: op.Line, Column: op.Column, Pointer: op.Pointer}}
		out = append(out, f)
	}
	return out, nil
}

// classify turns one drift finding (tool → operation) into what it means
// for the tool: a breaking input change is an argument the API rejects, an
// added input capability one the tool hides, a breaking output change a
// promise the API does not keep. The rest (defaults, titles) says nothing
// about the contract between the two.
func classify(d contract.Finding, tool, where string) (*Rule, string) {
	switch {
	case strings.HasPrefix(d.Rule, "drift/input-") && d.Change == contract.ChangeBreaking:
		return toolAcceptsWhatAPIRejects, fmt.Sprintf("tool %q accepts what %s rejects: %s", tool, where, d.Message)
	case strings.HasPrefix(d.Rule, "drift/input-") && d.Change == contract.ChangeNonBreaking:
		return toolHidesCapability, fmt.Sprintf("%s accepts more than tool %q can send: %s", where, tool, d.Message)
	case strings.HasPrefix(d.Rule, "drift/output-") && d.Change == contract.ChangeBreaking:
		return toolOutputPromisesMore, fmt.Sprintf("tool %q promises more than %s returns: %s", tool, where, d.Message)
	}
	return nil, ""
}

func unboundOperations(server string, s *Spec, ops []*Operation) contract.Finding {
	var names []string
	for i, op := range ops {
		if i == 10 {
			names = append(names, fmt.Sprintf("and %d more", len(ops)-10))
			break
		}
		name := op.ID
		if name == "" {
			name = op.Method + " " + op.Path
		}
		names = append(names, name)
	}
	f := operationUnbound.finding(server, "", fmt.Sprintf("%d operations of %s have no tool: %s", len(ops), s.File, strings.Join(names, ", ")))
	f.File, f.Line, f.Column = s.File, ops[0].Line, ops[0].Column
	return f
}

// matchAuto pairs tools with operations by name: a tool named exactly as an
// operationId (or as `openapi tools` names it), else after the one prefix
// and suffix that the most tool names share around an operationId, as
// generators prefix every name (Notion's API-getUser).
func matchAuto(tools []*contract.Tool, ops []*Operation) (map[*contract.Tool]*Operation, []*contract.Tool, []*Operation) {
	byName := map[string]*Operation{}
	for _, op := range ops {
		if op.ID != "" {
			byName[op.ID] = op
			byName[toolName(op.ID)] = op
		}
	}
	affix := commonAffix(tools, ops)
	pairs := map[*contract.Tool]*Operation{}
	used := map[*Operation]bool{}
	var unbound []*contract.Tool
	for _, t := range tools {
		op := byName[t.Name]
		if op == nil && affix.prefix+affix.suffix != "" && strings.HasPrefix(t.Name, affix.prefix) && strings.HasSuffix(t.Name, affix.suffix) && len(t.Name) > len(affix.prefix)+len(affix.suffix) {
			op = byName[t.Name[len(affix.prefix):len(t.Name)-len(affix.suffix)]]
		}
		if op == nil || used[op] {
			unbound = append(unbound, t)
			continue
		}
		pairs[t], used[op] = op, true
	}
	var unboundOps []*Operation
	for _, op := range ops {
		if !used[op] {
			unboundOps = append(unboundOps, op)
		}
	}
	return pairs, unbound, unboundOps
}

type affix struct{ prefix, suffix string }

// commonAffix is the prefix and suffix most tool names carry around an
// operationId. Names are short and lists small next to a spec, so the
// search is plain: every tool against every operationId it contains.
func commonAffix(tools []*contract.Tool, ops []*Operation) affix {
	counts := map[affix]int{}
	for _, t := range tools {
		seen := map[affix]bool{}
		for _, op := range ops {
			for _, id := range []string{op.ID, toolName(op.ID)} {
				if id == "" || len(id) >= len(t.Name) {
					continue
				}
				if i := strings.Index(t.Name, id); i >= 0 {
					a := affix{t.Name[:i], t.Name[i+len(id):]}
					if !seen[a] {
						seen[a] = true
						counts[a]++
					}
				}
			}
		}
	}
	var best affix
	bestN := 0
	for a, n := range counts {
		if n > bestN || n == bestN && a.prefix+"\x00"+a.suffix < best.prefix+"\x00"+best.suffix {
			best, bestN = a, n
		}
	}
	return best
}
