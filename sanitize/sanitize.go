// Package sanitize rewrites each tool's inputSchema (what providers receive;
// outputSchema and the other fields are kept) and name so one provider
// accepts them. Every step is a transformation some client SDK already
// performs (cited where it is implemented); what a step cannot carry over is
// reported as a Change with Lost set, never dropped silently.
package sanitize

import (
	"fmt"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/fileio"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemacheck"
)

// Change is one rewrite of one tool, for `sanitize --explain`.
type Change struct {
	Tool string `json:"tool"`
	// Pointer locates the rewritten node in the sanitized tool object
	// (e.g. "/inputSchema/properties/a"); "/name" for a renamed tool.
	Pointer string `json:"pointer"`
	// Action is a short kebab-case name of the step ("inline-ref", "drop-keyword", ...).
	Action string `json:"action"`
	Detail string `json:"detail"`
	// Lost is set when the sanitized schema no longer enforces or says
	// something the original did.
	Lost bool `json:"lost"`
}

// Result is a sanitized tools/list and what was changed to get it.
type Result struct {
	// JSON is {"tools":[...]} with two-space indent and a final newline.
	JSON []byte
	// Changes are grouped by tool, in tool order; a rename comes first.
	Changes []Change
}

// Profile names, as --profile spells them.
const (
	OpenAI           = "openai"
	OpenAIStrict     = "openai-strict"
	Gemini           = "gemini"
	GeminiJSONSchema = "gemini-jsonschema"
	Anthropic        = "anthropic"
	AnthropicStrict  = "anthropic-strict"
	Bedrock          = "bedrock"
	Fireworks        = "fireworks"
)

// step rewrites one tool's inputSchema and returns it.
type step func(s *session, root *jsontree.Node) *jsontree.Node

// pipelines lists each profile's steps in order. Order matters: references
// are inlined before anything looks at structure, and keyword filters run
// after the steps that add keywords.
var pipelines = map[string][]step{
	OpenAI:           {rootObject, inlineAllRefs, repairProperties, openAIShapes},
	OpenAIStrict:     {rootObject, inlineRefsWithSiblings, repairProperties, flattenRootCombinators, pruneDefinitions, dropSchemaKeyword, openAIStrict},
	Gemini:           {rootObject, inlineAllRefs, repairProperties, geminiBooleans, flattenRootCombinators, geminiOpenAPI},
	GeminiJSONSchema: {rootObject, inlineAllRefs, dropSchemaKeyword, geminiJSONSchemaReport},
	Anthropic:        {rootObject, inlineAllRefs, repairProperties, flattenRootCombinators},
	AnthropicStrict:  {rootObject, inlineAllRefs, repairProperties, flattenRootCombinators, dropSchemaKeyword, anthropicStrict},
	Bedrock:          {rootObject, inlineAllRefs, bedrockRootType, bedrockNullProperties, bedrockClampIntegers},
	Fireworks:        {rootObject, inlineAllRefs, fireworksBooleans, fireworksTypelessProperties},
}

// Profiles lists the profiles Catalog accepts.
func Profiles() []string {
	return []string{OpenAI, OpenAIStrict, Gemini, GeminiJSONSchema, Anthropic, AnthropicStrict, Bedrock, Fireworks}
}

// Catalog rewrites every tool of c for profile. The input is never modified.
// A schema that cannot be rewritten (a $ref cycle, a remote or dangling
// $ref) is a *contract.InputError naming the server, tool and JSON pointer.
func Catalog(c *contract.Catalog, profile string) (*Result, error) {
	steps, ok := pipelines[profile]
	if !ok {
		return nil, contract.Inputf("unknown sanitize profile %q (want %s)", profile, strings.Join(Profiles(), ", "))
	}
	res := &Result{}
	list := arr()
	perTool := make([][]Change, len(c.Tools))
	for i, t := range c.Tools {
		s := &session{catalog: c, tool: t, budget: maxInlinedNodes}
		if in := t.Node.Get("inputSchema"); in != nil {
			// The guard lint applies (schema/too-complex) before any work:
			// rewriting and indenting a 4,000-level schema costs gigabytes.
			if over := schemacheck.DefaultLimits.Exceeds(schemacheck.Measure(in)); over != nil {
				s.fail(in, rootPointer, "the schema is too complex to sanitize: %s (see `mcp-contract explain schema/too-complex`)", strings.Join(over, "; "))
				return nil, s.err
			}
		}
		out := t.Node.Clone()
		root := out.Get("inputSchema")
		for _, st := range steps {
			root = st(s, root)
			if s.err != nil {
				return nil, s.err
			}
		}
		out.Set("inputSchema", root)
		list.SetItems(append(list.Items(), out))
		perTool[i] = s.changes
	}
	for i, ch := range renameTools(c, list, profile) {
		if ch != nil {
			perTool[i] = append([]Change{*ch}, perTool[i]...)
		}
	}
	// One list of the exact length: appending grew it by doubling, 141 MB
	// for the 644,000 changes of a 16 MiB file of small tools (issue 32).
	total := 0
	for _, changes := range perTool {
		total += len(changes)
	}
	if total > 0 {
		res.Changes = make([]Change, 0, total)
	}
	for i, changes := range perTool {
		res.Changes = append(res.Changes, changes...)
		perTool[i] = nil
	}
	doc := obj()
	doc.Set("tools", list)
	opts := jsontree.EncodeOptions{Indent: "  "}
	if jsontree.EncodedSize(doc, opts, MaxOutput) > MaxOutput {
		return nil, &contract.InputError{Msg: fmt.Sprintf("server %q: the sanitized tool list would be over %d bytes, more than lint reads back; sanitize fewer tools at once", c.Server, MaxOutput)}
	}
	res.JSON = append(jsontree.Encode(doc, opts), '\n')
	return res, nil
}

// MaxOutput bounds the sanitized tool list: lint reads back no larger file.
const MaxOutput = fileio.MaxToolFile - 1

// session is the state of sanitizing one tool.
type session struct {
	catalog *contract.Catalog
	tool    *contract.Tool
	changes []Change
	err     error
	// budget is how many more nodes $ref inlining may create: a chain of
	// references can expand exponentially (each definition using the next
	// twice), and the input comes from servers we do not control.
	budget int
}

// maxInlinedNodes bounds what inlining may add to one tool.
const maxInlinedNodes = 200_000

const rootPointer = "/inputSchema"

func (s *session) note(ptr, action string, lost bool, format string, args ...any) {
	s.changes = append(s.changes, Change{Tool: s.tool.Name, Pointer: ptr, Action: action, Detail: fmt.Sprintf(format, args...), Lost: lost})
}

// fail records the first error; node locates it in the tool's file (clones
// keep the offsets of the nodes they copy).
func (s *session) fail(node *jsontree.Node, ptr, format string, args ...any) {
	if s.err != nil {
		return
	}
	e := &contract.InputError{Msg: fmt.Sprintf("server %q, tool %q, at %s: %s", s.catalog.Server, s.tool.Name, ptr, fmt.Sprintf(format, args...))}
	e.File, e.Line, e.Column = s.tool.Position(node)
	s.err = e
}

// rootObject makes sure there is an object schema to rewrite: MCP requires
// inputSchema to be an object schema, and every provider reads it as one.
func rootObject(s *session, root *jsontree.Node) *jsontree.Node {
	switch {
	case root.Is(jsontree.Object):
		return root
	case root == nil:
		s.note(rootPointer, "add-input-schema", false, "the tool had no inputSchema; added an empty object schema")
	case root.Is(jsontree.Bool) && root.Bool:
		s.note(rootPointer, "replace-boolean-schema", false, "inputSchema true became an empty object schema")
	default:
		s.note(rootPointer, "replace-input-schema", true, "inputSchema %s is not a schema object; replaced by an empty object schema", compact(root))
	}
	n := typed("object")
	n.Set("properties", obj())
	return n
}

// dropSchemaKeyword removes $schema: gemini-cli strips it before sending
// parametersJsonSchema, the Gemini API rejects it (`Unknown name "$schema"`,
// router-for-me/CLIProxyAPI#97) and it breaks some OpenAI paths (promptfoo
// PR #5965). The provider applies its own dialect anyway.
func dropSchemaKeyword(s *session, root *jsontree.Node) *jsontree.Node {
	return rewrite(root, rootPlace(), func(n *jsontree.Node, at place) *jsontree.Node {
		if n.Has("$schema") {
			n.Delete("$schema")
			s.note(jsontree.Append(at.ptr(), "$schema"), "drop-keyword", false, "removed $schema; the provider applies its own dialect")
		}
		return n
	}, nil)
}

// repairProperties turns non-schema values inside properties into schemas.
// OpenAI answers `'object' is not of type 'object', 'boolean'`
// (smallmain/vscode-unify-chat-provider#162) and Anthropic rejects the schema
// (anthropics/anthropic-sdk-java#241, where values were strings like
// "number"); a type name is what such a string meant.
func repairProperties(s *session, root *jsontree.Node) *jsontree.Node {
	return rewrite(root, rootPlace(), func(n *jsontree.Node, at place) *jsontree.Node {
		props := n.Get("properties")
		if !props.Is(jsontree.Object) {
			return n
		}
		for i := range props.Members() {
			m := &props.Members()[i]
			if isSchema(m.Value) {
				continue
			}
			ptr := jsontree.Append(jsontree.Append(at.ptr(), "properties"), m.Key)
			if m.Value.Is(jsontree.String) && isOneOf(m.Value.Text, jsonTypes) {
				s.note(ptr, "repair-property", false, "property value %q is not a schema; replaced by {\"type\": %q}", m.Value.Text, m.Value.Text)
				m.Value = typed(m.Value.Text)
				continue
			}
			s.note(ptr, "repair-property", true, "property value %s is not a schema; replaced by {}", compact(m.Value))
			m.Value = obj()
		}
		return n
	}, nil)
}

var jsonTypes = []string{"string", "number", "integer", "boolean", "object", "array", "null"}

// String renders a change as `--explain` prints it:
// "tool: /inputSchema/properties/a: drop-keyword (lost): removed ...".
func (c Change) String() string {
	lost := ""
	if c.Lost {
		lost = " (lost)"
	}
	return fmt.Sprintf("%s: %s: %s%s: %s", c.Tool, c.Pointer, c.Action, lost, c.Detail)
}

// ProviderProfiles are the names among names that are sanitize profiles:
// groups (portable, all) name no one provider.
func ProviderProfiles(names []string) []string {
	known := map[string]bool{}
	for _, p := range Profiles() {
		known[p] = true
	}
	var out []string
	for _, p := range names {
		if known[p] {
			out = append(out, p)
		}
	}
	return out
}
