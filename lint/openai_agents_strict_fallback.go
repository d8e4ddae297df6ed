package lint

import (
	"fmt"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

var _ = register(&Rule{
	ID:       "openai-agents/strict-fallback",
	Profile:  ProfileOpenAIAgents,
	Severity: contract.Warning,
	Summary:  "the OpenAI Agents SDK cannot make this tool strict and sends it with strict: false",
	Help: "With convertSchemasToStrict, the OpenAI Agents SDK (`@openai/agents-core` 0.20.0, mcp.mjs mcpToFunctionTool) rewrites each MCP tool " +
		"to strict mode itself: every property required, optional ones nullable, objects closed. What it cannot rewrite without changing " +
		"the accepted values it leaves alone: the tool goes to the API with strict: false, and the SDK only logs a warning " +
		"(\"Error converting MCP schema to strict mode\"). The model may then send arguments the schema does not allow. " +
		"The checks are the SDK's own (utils/strictToolSchema.mjs): an open object (type object with additionalProperties not false and no " +
		"properties, or with additionalProperties given), a typeless object schema that is not closed, `anyOf` or `$ref` beside keywords other " +
		"than annotations, an `anyOf` branch with optional properties, an unresolved or external `$ref`, a nested `$id`, an optional " +
		"property whose nullability it cannot tell, and the keywords it does not normalise (allOf, oneOf, not, if/then/else, " +
		"patternProperties, propertyNames, prefixItems, dependentSchemas, unevaluated*, contains, ...). A root {\"type\": \"object\"} with " +
		"no properties is an open object too: declare it closed. Measured with testdata/clients/harness.mjs: 32 of the 318 corpus tools fall back " +
		"(and 257 are sent strict after the rewrite); lint/clients_test.go holds this rule to the SDK on every tool. " +
		"Fix: close objects with \"additionalProperties\": false, declare free-form maps' keys, use anyOf instead of oneOf, move siblings " +
		"into the anyOf branches.",
	CheckTool: func(p *Pass) {
		root := p.Tool.Node.Get("inputSchema")
		if root == nil || (root.Is(jsontree.Object) && len(root.Members()) == 0) {
			// The SDK closes an empty inputSchema itself.
			return
		}
		a := &agentsStrict{root: root, seen: map[*jsontree.Node]bool{}}
		if f := a.json(root, "/inputSchema", true); f != nil {
			p.Report(f.node, f.pointer, "close the object or move the constraint as the message says",
				"the OpenAI Agents SDK sends this tool with strict: false: %s", f.reason)
			return
		}
		a.seen = map[*jsontree.Node]bool{}
		if f := a.provider(root, "/inputSchema"); f != nil {
			p.Report(f.node, f.pointer, "close the object or move the constraint as the message says",
				"the OpenAI Agents SDK sends this tool with strict: false: %s", f.reason)
		}
	},
})

// agentsStrict replays @openai/agents-core 0.20.0's strict-conversion checks
// (utils/strictToolSchema.mjs) on one inputSchema.
type agentsStrict struct {
	root *jsontree.Node
	seen map[*jsontree.Node]bool
}

type agentsFailure struct {
	node    *jsontree.Node
	pointer string
	reason  string
}

func agentsFail(n *jsontree.Node, pointer, format string, args ...any) *agentsFailure {
	return &agentsFailure{node: n, pointer: pointer, reason: fmt.Sprintf(format, args...)}
}

// Keywords the SDK keeps beside $ref, and beside anyOf (those plus anyOf).
var agentsRefMetadata = providerSet("$anchor", "$comment", "$defs", "$id", "$ref", "$schema", "default", "deprecated",
	"description", "definitions", "examples", "readOnly", "title", "writeOnly")

// agentsUnnormalised are the keywords the SDK's conversion refuses.
var agentsUnnormalised = []string{"$dynamicRef", "$recursiveRef", "additionalItems", "allOf", "contains", "contentSchema",
	"dependencies", "dependentRequired", "dependentSchemas", "else", "if", "maxContains", "minContains", "not", "oneOf",
	"patternProperties", "prefixItems", "propertyNames", "then", "unevaluatedItems", "unevaluatedProperties"}

// agentsMembers and agentsItems read an absent node as empty.
func agentsMembers(n *jsontree.Node) []jsontree.Member {
	if n == nil {
		return nil
	}
	return n.Members()
}

func agentsItems(n *jsontree.Node) []*jsontree.Node {
	if n == nil {
		return nil
	}
	return n.Items()
}

func isFalse(n *jsontree.Node) bool { return n.Is(jsontree.Bool) && !n.Bool }

// objectTyped is the SDK's "type is object or includes it"; typeless is
// whether the node has no type key at all.
func objectTyped(n *jsontree.Node) bool {
	t := n.Get("type")
	if t.IsString("object") {
		return true
	}
	for _, it := range agentsItems(t) {
		if it.IsString("object") {
			return true
		}
	}
	return false
}

// convertsProperties is the SDK's schemaConvertsObjectProperties.
func convertsProperties(n *jsontree.Node) bool {
	return n.Get("properties").Is(jsontree.Object) && (objectTyped(n) || !n.Has("type"))
}

// resolve follows a local "#/..." reference within the root.
func (a *agentsStrict) resolve(ref string) (*jsontree.Node, string, bool) {
	if !strings.HasPrefix(ref, "#") {
		return nil, "", false
	}
	n, ok := a.root.Lookup(ref[1:])
	return n, "/inputSchema" + ref[1:], ok
}

// json is validateOpenAIStrictJsonSchema with open objects refused, plus
// the typeless-open check of ensureStrictSchemaEntry. At the root the SDK
// has filled in type object and an empty properties when absent.
func (a *agentsStrict) json(n *jsontree.Node, ptr string, isRoot bool) *agentsFailure {
	if !n.Is(jsontree.Object) || a.seen[n] {
		return nil
	}
	a.seen[n] = true
	if ref := n.Get("$ref"); ref != nil {
		if !ref.Is(jsontree.String) {
			return agentsFail(ref, ptr+"/$ref", "$ref is not a string")
		}
		for _, m := range n.Members() {
			if !agentsRefMetadata[m.Key] {
				return agentsFail(n.Get(m.Key), jsontree.Append(ptr, m.Key), "it cannot combine $ref with the sibling keyword %s", providerQuote(m.Key, 40))
			}
		}
		target, tptr, ok := a.resolve(ref.Text)
		if !ok {
			return agentsFail(ref, ptr+"/$ref", "it cannot resolve the reference %s (only local ones)", providerQuote(ref.Text, 60))
		}
		if f := a.json(target, tptr, false); f != nil {
			return f
		}
	}
	if anyOf := n.Get("anyOf"); anyOf != nil {
		if !anyOf.Is(jsontree.Array) || len(anyOf.Items()) == 0 {
			return agentsFail(anyOf, ptr+"/anyOf", "anyOf is not a non-empty array")
		}
		for _, m := range n.Members() {
			if !agentsRefMetadata[m.Key] && m.Key != "anyOf" {
				return agentsFail(n.Get(m.Key), jsontree.Append(ptr, m.Key), "it cannot combine anyOf with the sibling keyword %s", providerQuote(m.Key, 40))
			}
		}
		for i, b := range anyOf.Items() {
			if f := a.json(b, jsontree.AppendIndex(ptr+"/anyOf", i), false); f != nil {
				return f
			}
		}
		for i, b := range anyOf.Items() {
			if a.needsNullStripping(b, map[*jsontree.Node]bool{}) {
				return agentsFail(b, jsontree.AppendIndex(ptr+"/anyOf", i), "an anyOf branch has optional object properties, which it cannot map to nullable ones")
			}
		}
	}
	props := n.Get("properties")
	hasProps := props.Is(jsontree.Object) && len(props.Members()) > 0
	ap := n.Get("additionalProperties")
	if (objectTyped(n) || isRoot && !n.Has("type")) && !isFalse(ap) && (!hasProps || ap != nil) {
		return agentsFail(n, ptr, "the object is open (additionalProperties is not false and %s)", map[bool]string{true: "additionalProperties is given", false: "it declares no properties"}[ap != nil])
	}
	if !isRoot && !n.Has("type") && (props.Is(jsontree.Object) || ap != nil) && !isFalse(ap) {
		return agentsFail(n, ptr, "the object schema has no type and is not closed")
	}
	if convertsProperties(n) || isRoot && props.Is(jsontree.Object) {
		required := map[string]bool{}
		for _, r := range n.Get("required").Strings() {
			required[r] = true
		}
		for _, m := range agentsMembers(props) {
			mptr := jsontree.Append(ptr+"/properties", m.Key)
			if f := a.json(m.Value, mptr, false); f != nil {
				return f
			}
			if !required[m.Key] && agentsNullability(m.Value) == "unknown" {
				return agentsFail(m.Value, mptr, "it cannot tell whether the optional property %s accepts null", providerQuote(m.Key, 40))
			}
		}
	}
	if items := n.Get("items"); items.Is(jsontree.Array) {
		for i, it := range items.Items() {
			if f := a.json(it, jsontree.AppendIndex(ptr+"/items", i), false); f != nil {
				return f
			}
		}
	} else if items != nil {
		if f := a.json(items, ptr+"/items", false); f != nil {
			return f
		}
	}
	for _, key := range []string{"$defs", "definitions"} {
		for _, m := range agentsMembers(n.Get(key)) {
			if f := a.json(m.Value, jsontree.Append(ptr+"/"+key, m.Key), false); f != nil {
				return f
			}
		}
	}
	return nil
}

// agentsNullability is getJsonSchemaNullability without $ref (a reference
// resolves to what the target says; the SDK's answer for an unresolved one
// is reported by json first).
func agentsNullability(n *jsontree.Node) string {
	switch {
	case n.Is(jsontree.Bool) && n.Bool:
		return "allows"
	case n.Is(jsontree.Bool):
		return "disallows"
	case !n.Is(jsontree.Object):
		return "unknown"
	}
	if t := n.Get("type"); t != nil {
		if !t.Is(jsontree.String) && !t.Is(jsontree.Array) {
			return "unknown"
		}
		hasNull := t.IsString("null")
		for _, it := range agentsItems(t) {
			hasNull = hasNull || it.IsString("null")
		}
		if !hasNull {
			return "disallows"
		}
	}
	if e := n.Get("enum"); e != nil {
		if !e.Is(jsontree.Array) {
			return "unknown"
		}
		hasNull := false
		for _, it := range e.Items() {
			hasNull = hasNull || it.Is(jsontree.Null)
		}
		if !hasNull {
			return "disallows"
		}
	}
	if c := n.Get("const"); c != nil && !c.Is(jsontree.Null) {
		return "disallows"
	}
	if anyOf := n.Get("anyOf"); anyOf != nil {
		if !anyOf.Is(jsontree.Array) {
			return "unknown"
		}
		all := true
		for _, b := range anyOf.Items() {
			switch agentsNullability(b) {
			case "allows":
				return "allows"
			case "unknown":
				all = false
			}
		}
		if all {
			return "disallows"
		}
		return "unknown"
	}
	if !n.Has("type") && n.Get("properties").Is(jsontree.Object) {
		return "disallows"
	}
	return "allows"
}

// needsNullStripping is jsonSchemaRequiresSyntheticNullStripping: does the
// branch hold an optional property that does not accept null?
func (a *agentsStrict) needsNullStripping(n *jsontree.Node, seen map[*jsontree.Node]bool) bool {
	if !n.Is(jsontree.Object) || seen[n] {
		return false
	}
	seen[n] = true
	if ref := n.Get("$ref"); ref.Is(jsontree.String) {
		target, _, _ := a.resolve(ref.Text)
		return a.needsNullStripping(target, seen)
	}
	if anyOf := n.Get("anyOf"); anyOf.Is(jsontree.Array) {
		for _, b := range anyOf.Items() {
			if a.needsNullStripping(b, seen) {
				return true
			}
		}
		return false
	}
	if convertsProperties(n) {
		required := map[string]bool{}
		for _, r := range n.Get("required").Strings() {
			required[r] = true
		}
		for _, m := range agentsMembers(n.Get("properties")) {
			if !required[m.Key] && agentsNullability(m.Value) == "disallows" || a.needsNullStripping(m.Value, seen) {
				return true
			}
		}
	}
	items := n.Get("items")
	for _, it := range agentsItems(items) {
		if a.needsNullStripping(it, seen) {
			return true
		}
	}
	return items.Is(jsontree.Object) && a.needsNullStripping(items, seen)
}

// provider is validateOpenAIStrictProviderSchema: every schema node, through
// properties, items, additionalProperties, anyOf, $defs and local $refs.
func (a *agentsStrict) provider(n *jsontree.Node, ptr string) *agentsFailure {
	if n.Is(jsontree.Bool) {
		return nil
	}
	if !n.Is(jsontree.Object) {
		return agentsFail(n, ptr, "a schema node is %s, neither an object nor a boolean", describeValue(n))
	}
	if a.seen[n] {
		return nil
	}
	a.seen[n] = true
	if n != a.root && n.Has("$id") {
		return agentsFail(n.Get("$id"), ptr+"/$id", "a nested $id starts a resource it does not resolve references in")
	}
	for _, key := range agentsUnnormalised {
		if v := n.Get(key); v != nil {
			return agentsFail(v, jsontree.Append(ptr, key), "it does not convert the keyword %s", key)
		}
	}
	if ref := n.Get("$ref"); ref != nil {
		if !ref.Is(jsontree.String) {
			return agentsFail(ref, ptr+"/$ref", "$ref is not a string")
		}
		target, tptr, ok := a.resolve(ref.Text)
		if !ok {
			return agentsFail(ref, ptr+"/$ref", "it cannot resolve the reference %s (only local ones)", providerQuote(ref.Text, 60))
		}
		if f := a.provider(target, tptr); f != nil {
			return f
		}
	}
	if anyOf := n.Get("anyOf"); anyOf != nil {
		if !anyOf.Is(jsontree.Array) || len(anyOf.Items()) == 0 {
			return agentsFail(anyOf, ptr+"/anyOf", "anyOf is not a non-empty array")
		}
		for i, b := range anyOf.Items() {
			if f := a.provider(b, jsontree.AppendIndex(ptr+"/anyOf", i)); f != nil {
				return f
			}
		}
	}
	for _, m := range agentsMembers(n.Get("properties")) {
		if f := a.provider(m.Value, jsontree.Append(ptr+"/properties", m.Key)); f != nil {
			return f
		}
	}
	if items := n.Get("items"); items.Is(jsontree.Array) {
		for i, it := range items.Items() {
			if f := a.provider(it, jsontree.AppendIndex(ptr+"/items", i)); f != nil {
				return f
			}
		}
	} else if items != nil {
		if f := a.provider(items, ptr+"/items"); f != nil {
			return f
		}
	}
	if ap := n.Get("additionalProperties"); ap != nil {
		if f := a.provider(ap, ptr+"/additionalProperties"); f != nil {
			return f
		}
	}
	for _, key := range []string{"$defs", "definitions"} {
		for _, m := range agentsMembers(n.Get(key)) {
			if f := a.provider(m.Value, jsontree.Append(ptr+"/"+key, m.Key)); f != nil {
				return f
			}
		}
	}
	return nil
}
