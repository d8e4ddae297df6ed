package collisions

import (
	"fmt"

	"github.com/mcp-contract/mcp-contract/contract"
)

var afterRewrite = register(&Rule{
	ID:       "collision/after-rewrite",
	Severity: contract.Error,
	Summary:  "two tools become one name once a client prefixes or rewrites their names",
	Help: "Clients rewrite the names they send so providers accept them, and distinct tools can come out equal. " +
		"gemini-cli turns characters outside a-z A-Z 0-9 _ . - into _ and shortens names over 63 characters to their first 28 " +
		"and last 32 around ___ (google-gemini/gemini-cli packages/core/src/tools/mcp-tool.ts generateValidName; the server__tool " +
		"name it gives a clashing tool is sent as built); OpenAI-compatible clients turn " +
		"characters outside a-z A-Z 0-9 _ - into _ and cut at 64, which merges `notion.search` and `notion_search` " +
		"(ayunis-core/ayunis-core#973, coder/coder#26539). Prefixing can merge names too: agentgateway's {server}_{tool} makes " +
		"server a_b's tool c and server a's tool b_c both a_b_c. The client then keeps one tool and the other is unreachable. " +
		"What is checked: within each group, the bare names and the names of every selected prefix style, as built and after " +
		"each documented rewriting; two tools whose names differ but come out equal are reported once, naming both. " +
		"Fix: rename one tool so the rewritten names differ (the finding proposes a name), or keep the servers in different collisions.groups.",
})

// naming is one way a client turns a tool into the name the model sees.
type naming struct {
	style   *Style // nil: the bare tool name
	rewrite *rewrite
}

func (n naming) build(r ref) string {
	if n.style == nil {
		return r.t.Name
	}
	return n.style.Build(r.c.Server, r.t.Name)
}

func (n naming) describe() string {
	switch {
	case n.style == nil:
		return fmt.Sprintf("when %s rewrite%s it (%s)", n.rewrite.clients, verbS(n.rewrite.clients), n.rewrite.what)
	case n.rewrite == nil:
		return fmt.Sprintf("under the prefix %s (%s)", n.style.Template, n.style.Clients)
	}
	return fmt.Sprintf("under the prefix %s once %s rewrite%s it (%s)", n.style.Template, n.rewrite.clients, verbS(n.rewrite.clients), n.rewrite.what)
}

// verbS agrees a verb with "gemini-cli" (one) or "… clients" (many).
func verbS(subject string) string {
	if len(subject) > 1 && subject[len(subject)-1] == 's' {
		return ""
	}
	return "s"
}

func (k *checker) namings() []naming {
	var out []naming
	for i := range rewrites {
		out = append(out, naming{rewrite: &rewrites[i]})
	}
	for i := range k.styles {
		st := &k.styles[i]
		out = append(out, naming{style: st})
		for j := range rewrites {
			if !rewrites[j].bareOnly {
				out = append(out, naming{style: st, rewrite: &rewrites[j]})
			}
		}
	}
	return out
}

var _ = addGroupCheck(afterRewrite, func(k *checker, g *groupIndex) {
	type slot struct {
		built string
		r     ref
	}
	for _, n := range k.namings() {
		// Most names are unique: remember the first tool per key, and build
		// a list only for the keys two tools share.
		first := make(map[string]int32, len(g.refs))
		shared := map[string][]slot{}
		// twins holds, for shared keys only, the tools already listed: one
		// name in two servers is collision/duplicate-name's, and under a
		// prefix only the same server's twin is the same name.
		type twin struct{ key, server, name string }
		twins := map[twin]bool{}
		twinOf := func(key string, r ref) twin {
			if n.style == nil {
				return twin{key: key, name: r.t.Name}
			}
			return twin{key, r.c.Server, r.t.Name}
		}
		var order []string
		for i, r := range g.refs {
			built := n.build(r)
			key := built
			if n.rewrite != nil {
				key = n.rewrite.apply(built)
			}
			fi, seen := first[key]
			if !seen {
				first[key] = int32(i)
				continue
			}
			list := shared[key]
			if list == nil {
				f := g.refs[fi]
				list = []slot{{n.build(f), f}}
				twins[twinOf(key, f)] = true
			}
			tw := twinOf(key, r)
			if twins[tw] {
				continue
			}
			twins[tw] = true
			if len(list) == 1 {
				order = append(order, key)
			}
			shared[key] = append(list, slot{built, r})
		}
		for _, key := range order {
			list := shared[key]
			at := list[1].r
			others := []ref{list[0].r}
			for _, s := range list[2:] {
				others = append(others, s.r)
			}
			if n.style == nil {
				for _, s := range list[1:] {
					g.merge(list[0].built, s.built)
				}
			}
			k.report(afterRewrite, at, others, k.renameFix(g, at),
				"tool %q becomes %q %s, the same name as %s%s: the client keeps only one of them",
				at.t.Name, key, n.describe(), toolsOf(others), g.in)
		}
	}
})
