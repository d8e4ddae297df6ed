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
	// Headers names the header (and cookie) parameters the tools take as
	// arguments; with HeadersAuto, every argument named like one of its
	// operation's header parameters binds to it.
	Headers     []string
	HeadersAuto bool
}

// Compare is drift's comparison of two one-server catalogs, passed in by
// the caller so that this package stands on the model alone.
type Compare func(old, new *contract.Catalog) []contract.Finding

// Check holds every bound tool of catalog to its operation: the tool is the
// API's client, so its input must stay inside what the operation accepts
// and its output inside what the operation returns. The operation's side
// is built as `openapi tools` builds it, in the tool's own layout (its body
// flat, under "body" or under "requestBody", whichever the tool differs
// from least; the header parameters it takes; its root as open or closed as
// the tool's).
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
		pairs, unboundTools, unboundOps = matchAuto(catalog.Tools, ops, ServiceName(catalog.Server, ""))
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
	comp := newComponents(ServiceName(catalog.Server, ""))
	for _, t := range tools {
		found, err := checkPair(catalog, t, pairs[t], s, comp, compare, b)
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
		pairs, _, _ := matchAuto(catalog.Tools, ops, ServiceName(catalog.Server, ""))
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
// in t's layout: the body flattened, under "body" or under "requestBody" as
// t has it, the header parameters t takes, the root as open or closed as
// t's. Only the schemas differ, so a comparison with t says nothing of
// names, descriptions or annotations, the tool's own business. The layout
// is returned in words for messages ("" when the operation has no body).
func operationTool(t *contract.Tool, op *Operation, s *Spec, comp *components, bind Binding, key string) (*jsontree.Node, error) {
	b := builder{spec: s, op: op, comp: comp, layout: bodyFlat, name: t.Name, withOutput: true, headers: headerArguments(t, op, bind)}
	if key != "" {
		b.layout, b.bodyKey = bodyNested, key
	}
	generated := b.tool()
	if b.err != nil {
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

// bodyKeys are where t may have its body: flat ("") and under each of
// body and requestBody that t has as an argument and op not as a parameter
// (a flat body may have a property named body, as GitHub's comments do).
func bodyKeys(t *contract.Tool, op *Operation) []string {
	keys := []string{""}
	if get(op.node, "requestBody") == nil {
		return keys
	}
	for _, key := range []string{"body", "requestBody"} {
		if t.Input().Get("properties").Get(key) != nil && !op.hasParameter(key) {
			keys = append(keys, key)
		}
	}
	return keys
}

// bestLayout builds op in each layout t may have and keeps the one that
// differs from t least: the layout t was written in.
func bestLayout(t *contract.Tool, op *Operation, s *Spec, comp *components, bind Binding, compare Compare, server, origin string) (*jsontree.Node, string, []contract.Finding, error) {
	var best *jsontree.Node
	var bestKey string
	var bestDiffs []contract.Finding
	old := &contract.Catalog{Server: server, Origin: origin, Tools: []*contract.Tool{t}}
	for _, key := range bodyKeys(t, op) {
		api, err := operationTool(t, op, s, comp, bind, key)
		if err != nil {
			return nil, "", nil, err
		}
		apiSide := &contract.Catalog{Server: server, Origin: "openapi:" + s.File, Tools: []*contract.Tool{{Name: t.Name, Node: api, Index: t.Index}}}
		diffs := compare(old, apiSide)
		if best == nil || len(diffs) < len(bestDiffs) {
			best, bestKey, bestDiffs = api, key, diffs
		}
	}
	return best, bestKey, bestDiffs, nil
}

// layoutWords names a layout in messages: "" when op has no body.
func layoutWords(op *Operation, key string) string {
	switch {
	case get(op.node, "requestBody") == nil:
		return ""
	case key == "":
		return "flat"
	}
	return fmt.Sprintf("under %q", key)
}

// headerArguments are the header parameters of op that t takes: those the
// binding names, and with HeadersAuto those t has an argument named like,
// each under t's spelling.
func headerArguments(t *contract.Tool, op *Operation, bind Binding) []string {
	props := t.Input().Get("properties")
	var out []string
	for _, p := range op.parameters {
		in, name := scalar(get(p.node, "in")), scalar(get(p.node, "name"))
		if in != "header" && in != "cookie" {
			continue
		}
		arg := ""
		if props.Is(jsontree.Object) {
			for _, m := range props.Members() {
				if strings.EqualFold(m.Key, name) {
					arg = m.Key
				}
			}
		}
		named := false
		for _, h := range bind.Headers {
			named = named || strings.EqualFold(h, name)
		}
		switch {
		case named && arg == "":
			out = append(out, name)
		case named || bind.HeadersAuto && arg != "":
			out = append(out, arg)
		}
	}
	return out
}

// hasParameter reports whether the operation has a parameter named name
// (which then is not where a body sits).
func (o *Operation) hasParameter(name string) bool {
	for _, p := range o.parameters {
		if scalar(get(p.node, "name")) == name {
			return true
		}
	}
	return false
}

func checkPair(catalog *contract.Catalog, t *contract.Tool, op *Operation, s *Spec, comp *components, compare Compare, bind Binding) ([]contract.Finding, error) {
	api, key, diffs, err := bestLayout(t, op, s, comp, bind, compare, catalog.Server, catalog.Origin)
	if err != nil || api == nil {
		return nil, err
	}
	layout := layoutWords(op, key)
	where := fmt.Sprintf("%s %s", op.Method, op.Path)
	if op.ID != "" {
		where = fmt.Sprintf("%s (%s)", op.ID, where)
	}
	paths := mapPointers(api, t.Node)
	var out []contract.Finding
	for _, d := range diffs {
		rule, msg := classify(d, t.Name, where)
		if rule == nil {
			continue
		}
		// The spec's line of what the API side says, so a reader can
		// go from the tool's node to the spec's.
		specAt := fmt.Sprintf("%s:%d", s.File, op.Line)
		if n := specNode(api, d.Pointer, func(n *jsontree.Node) bool { _, ok := comp.origins[n]; return ok }); n != nil {
			o := comp.origins[n]
			specAt = fmt.Sprintf("%s:%d", o.file, o.line)
		}
		if layout != "" {
			specAt += "; the tool's body read " + layout
		}
		f := rule.finding(catalog.Server, t.Name, msg+" (the spec: "+specAt+")")
		f.Pointer = paths.toolPointer(d.Pointer, t.Node)
		f.Locate(t, t.Node.Nearest(f.Pointer))
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
// operationId (or as `openapi tools` names it for service, shortened
// names included), else after the one prefix and suffix that the most tool
// names share around an operationId, as generators prefix every name
// (Notion's API-getUser).
func matchAuto(tools []*contract.Tool, ops []*Operation, service string) (map[*contract.Tool]*Operation, []*contract.Tool, []*Operation) {
	byName := map[string]*Operation{}
	for _, op := range ops {
		if op.ID != "" {
			byName[op.ID] = op
			byName[toolName(op.ID)] = op
		}
	}
	for i, name := range toolNames(service, ops) {
		if byName[name] == nil {
			byName[name] = ops[i]
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
