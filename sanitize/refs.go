package sanitize

import (
	"net/url"
	"strings"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// inlineAllRefs replaces every local $ref by a copy of its target and drops
// the definitions, as the TypeScript SDK's dereferenceLocalRefs() does
// (modelcontextprotocol/typescript-sdk PR #1563, "matching go-sdk
// precedent"): it throws on cycles, and so do we. litellm `unpack_defs`,
// google-genai `process_schema` and LangChain `dereference_refs` do the same
// for Gemini. Remote references are never fetched.
func inlineAllRefs(s *session, root *jsontree.Node) *jsontree.Node {
	doc := root.Clone()
	// References resolve against doc, so the definitions go first: inlining
	// inside them would be work thrown away.
	root = rewrite(root, rootPlace(), func(n *jsontree.Node, at place) *jsontree.Node {
		for _, k := range []string{"$defs", "definitions"} {
			if n.Has(k) {
				n.Delete(k)
				s.note(jsontree.Append(at.ptr(), k), "drop-definitions", false, "removed %s: every reference to it is inlined", k)
			}
		}
		return n
	}, nil)
	return s.inline(root, doc, false)
}

// inlineRefsWithSiblings is openai-strict's form: OpenAI supports $defs and
// $ref, but openai-python `_ensure_strict_json_schema` inlines a $ref that
// has sibling keywords, which the API does not accept beside it.
func inlineRefsWithSiblings(s *session, root *jsontree.Node) *jsontree.Node {
	return s.inline(root, root.Clone(), true)
}

// inline expands $ref nodes below root; doc is an untouched copy of the
// schema that references resolve against.
func (s *session) inline(root, doc *jsontree.Node, onlyWithSiblings bool) *jsontree.Node {
	var expand func(n *jsontree.Node, at place, stack []string) *jsontree.Node
	expand = func(n *jsontree.Node, at place, stack []string) *jsontree.Node {
		if s.err != nil || !n.Is(jsontree.Object) || at.depth >= maxDepth {
			return n
		}
		ref := n.Get("$ref")
		inlineHere := ref != nil && (!onlyWithSiblings || len(n.Members()) > 1)
		if inlineHere {
			n.Delete("$ref")
		}
		// The siblings' own subschemas first, with the same chain of references.
		n = eachChild(n, at, func(c *jsontree.Node, cat place) *jsontree.Node { return expand(c, cat, stack) })
		if !inlineHere {
			return n
		}
		if !ref.Is(jsontree.String) {
			s.fail(ref, jsontree.Append(at.ptr(), "$ref"), "$ref must be a string, found %s", ref.Kind)
			return n
		}
		target := s.resolve(doc, ref, jsontree.Append(at.ptr(), "$ref"))
		if target == nil {
			return n
		}
		if contains(stack, ref.Text) {
			s.fail(ref, jsontree.Append(at.ptr(), "$ref"), "$ref cycle %s -> %s: a recursive schema cannot be inlined for this profile", strings.Join(stack, " -> "), ref.Text)
			return n
		}
		if s.budget -= countNodes(target); s.budget < 0 {
			s.fail(ref, jsontree.Append(at.ptr(), "$ref"), "inlining $ref %q would make the schema larger than %d nodes", ref.Text, maxInlinedNodes)
			return n
		}
		expanded := expand(target.Clone(), at, append(append([]string(nil), stack...), ref.Text))
		s.note(at.ptr(), "inline-ref", false, "inlined $ref %q", ref.Text)
		return combineRef(n, expanded)
	}
	return expand(root, rootPlace(), nil)
}

// combineRef joins a $ref's target with the keywords beside the $ref. In
// 2020-12 both apply, so they are merged when that is exact and kept side by
// side in allOf otherwise.
func combineRef(siblings, target *jsontree.Node) *jsontree.Node {
	if len(siblings.Members()) == 0 {
		return target
	}
	if target.Is(jsontree.Bool) {
		if target.Bool {
			return siblings
		}
		return target
	}
	merged := siblings.Clone()
	if len(merge(merged, target)) == 0 {
		return merged
	}
	n := obj()
	n.Set("allOf", arr(target, siblings))
	return n
}

// resolve finds a local reference ("#" or "#/json/pointer") in doc. Anything
// else would need a fetch or an $id/$anchor index, which a tool list from an
// untrusted server must not trigger.
func (s *session) resolve(doc, ref *jsontree.Node, ptr string) *jsontree.Node {
	text := ref.Text
	if !strings.HasPrefix(text, "#") {
		s.fail(ref, ptr, "$ref %q is not local; remote references are never fetched, inline the definition into the schema", text)
		return nil
	}
	frag, err := url.PathUnescape(text[1:])
	if err != nil || (frag != "" && !strings.HasPrefix(frag, "/")) {
		s.fail(ref, ptr, "$ref %q is not a JSON pointer (anchors are not resolved)", text)
		return nil
	}
	target, ok := doc.Lookup(frag)
	if !ok || !isSchema(target) {
		s.fail(ref, ptr, "$ref %q points to nothing in this schema", text)
		return nil
	}
	return target
}

func countNodes(n *jsontree.Node) int {
	count := 0
	stack := []*jsontree.Node{n}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		count++
		stack = append(stack, c.Items()...)
		for _, m := range c.Members() {
			stack = append(stack, m.Value)
		}
	}
	return count
}

// pruneDefinitions removes root definitions no reference reaches any more
// (flattening a root oneOf of $refs leaves its branch definitions unused);
// they would still count toward OpenAI's size limits.
func pruneDefinitions(s *session, root *jsontree.Node) *jsontree.Node {
	used := map[string]bool{}
	var queue []*jsontree.Node
	collect := func(n *jsontree.Node, skipDefs bool) {
		rewrite(n, rootPlace(), func(c *jsontree.Node, at place) *jsontree.Node {
			if ref := c.Get("$ref"); ref.Is(jsontree.String) && !used[ref.Text] {
				used[ref.Text] = true
				if frag, err := url.PathUnescape(strings.TrimPrefix(ref.Text, "#")); err == nil {
					if t, ok := root.Lookup(frag); ok {
						queue = append(queue, t)
					}
				}
			}
			if skipDefs && at.depth == 0 {
				c = c.Clone()
				c.Delete("$defs")
				c.Delete("definitions")
			}
			return c
		}, nil)
	}
	collect(root, true)
	for len(queue) > 0 {
		next := queue[0]
		queue = queue[1:]
		collect(next, false)
	}
	for _, k := range []string{"$defs", "definitions"} {
		defs := root.Get(k)
		if !defs.Is(jsontree.Object) {
			continue
		}
		kept := defs.Members()[:0]
		for _, m := range defs.Members() {
			if used["#/"+k+"/"+jsontree.EscapeToken(m.Key)] {
				kept = append(kept, m)
				continue
			}
			s.note(jsontree.Append(jsontree.Append(rootPointer, k), m.Key), "drop-definition", false, "removed a definition nothing references")
		}
		defs.SetMembers(kept)
		if len(kept) == 0 {
			root.Delete(k)
		}
	}
	return root
}
