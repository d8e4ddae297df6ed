package lint

import (
	"net/url"
	"sort"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

var _ = register(&Rule{
	ID:       "anthropic-strict/recursion",
	Profile:  ProfileAnthropicStrict,
	Severity: contract.Error,
	Summary:  "recursive schema ($ref cycle)",
	Help: "Strict tool use compiles the schema into a grammar and refuses recursion: `Too many recursive definitions in schema` " +
		"(Anthropic structured-outputs docs; LangSchema.Converter.Anthropic lists recursive schemas as unsupported). A tree parameter " +
		"(`$defs.Node` whose children are `$ref: #/$defs/Node`, or `$ref: \"#\"`) is the usual source. " +
		"Fix: bound the depth by spelling out a fixed number of levels, or pass the nested part as a JSON string; " +
		"`mcp-contract sanitize --profile anthropic-strict` reports cycles, since no rewrite keeps the meaning.",
	CheckTool: func(p *Pass) {
		if ref := providerRefCycle(p.eachInputSchema, "/inputSchema"); ref != nil {
			p.Report(ref.node, ref.pointer, "bound the recursion or pass the nested part as a string",
				"$ref %q leads back to a schema that contains it", ref.text)
		}
	},
})

// providerRef is one local $ref: the schema holding it and the pointer it
// resolves to, both relative to the tool object.
type providerRef struct {
	node                  *jsontree.Node
	text, pointer, target string
}

// providerRefCycle returns a $ref that closes a cycle of local references
// among schemas (a walk of the document whose root is at pointer), or nil. A reference "enters" every ref inside its target's
// subtree, so a cycle is a ref reachable again from its own target. The graph
// has one node per distinct target and is searched iteratively.
func providerRefCycle(each func(func(schemawalk.Schema)), pointer string) *providerRef {
	var refs []providerRef
	each(func(s schemawalk.Schema) {
		r := s.Node.Get("$ref")
		if r.Is(jsontree.String) && strings.HasPrefix(r.Text, "#") {
			frag, err := url.PathUnescape(r.Text[1:])
			if err != nil {
				frag = r.Text[1:]
			}
			refs = append(refs, providerRef{node: r, text: r.Text, pointer: s.Pointer(), target: pointer + frag})
		}
	})
	if len(refs) == 0 {
		return nil
	}
	sort.Slice(refs, func(i, j int) bool { return refs[i].pointer < refs[j].pointer })
	// inside returns the refs held by the subtree at target: the pointer itself
	// and every pointer continuing it with "/", which sort between target+"/"
	// and target+"0" ('0' follows '/').
	inside := func(target string) []providerRef {
		lo := sort.Search(len(refs), func(i int) bool { return refs[i].pointer >= target })
		hi := sort.Search(len(refs), func(i int) bool { return refs[i].pointer >= target+"0" })
		var out []providerRef
		for _, r := range refs[lo:hi] {
			if r.pointer == target || strings.HasPrefix(r.pointer, target+"/") {
				out = append(out, r)
			}
		}
		return out
	}
	const (
		unseen = iota
		open
		done
	)
	state := map[string]int{}
	type frame struct {
		target string
		next   []providerRef
	}
	for _, start := range refs {
		if state[start.target] != unseen {
			continue
		}
		state[start.target] = open
		stack := []frame{{start.target, inside(start.target)}}
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			if len(top.next) == 0 {
				state[top.target] = done
				stack = stack[:len(stack)-1]
				continue
			}
			r := top.next[0]
			top.next = top.next[1:]
			switch state[r.target] {
			case open:
				return &r
			case unseen:
				state[r.target] = open
				stack = append(stack, frame{r.target, inside(r.target)})
			}
		}
	}
	return nil
}
