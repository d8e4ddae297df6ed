package lint

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

// Anthropic's limits apply to one request, across all strict tools in it; a
// client that loads a server's whole catalog with strict set sends all of them
// at once, so the rules below count per catalog.

// providerCatalogLimit reports a catalog whose per-tool counts sum above limit,
// naming the largest contributors so the fix has somewhere to start.
func providerCatalogLimit(p *CatalogPass, limit int, what string, count func(schemas []schemawalk.Schema) int) {
	for _, c := range p.Catalogs {
		type share struct {
			tool string
			n    int
		}
		var shares []share
		total := 0
		for _, t := range c.Tools {
			if n := count(providerSchemas(p.Options, t)); n > 0 {
				shares = append(shares, share{t.Name, n})
				total += n
			}
		}
		if total <= limit {
			continue
		}
		sort.SliceStable(shares, func(i, j int) bool { return shares[i].n > shares[j].n })
		var top []string
		for i, s := range shares {
			if i == 3 {
				break
			}
			top = append(top, fmt.Sprintf("%s (%d)", providerCut(s.tool, 40), s.n))
		}
		p.Report(c, nil, nil, "", "send strict: true only on the tools that need it, or reduce the count",
			"%d %s across the %d tools of one strict request (limit %d); largest: %s",
			total, what, len(c.Tools), limit, strings.Join(top, ", "))
	}
}

// providerOptionalParams counts properties absent from their object's required.
func providerOptionalParams(schemas []schemawalk.Schema) int {
	n := 0
	for _, s := range schemas {
		props := s.Node.Get("properties")
		if !props.Is(jsontree.Object) {
			continue
		}
		required := map[string]bool{}
		for _, name := range s.Node.Get("required").Strings() {
			required[name] = true
		}
		for _, m := range props.Members {
			if !required[m.Key] {
				n++
			}
		}
	}
	return n
}

// providerUnionParams counts properties whose schema is a union: anyOf/oneOf
// or a type array.
func providerUnionParams(schemas []schemawalk.Schema) int {
	n := 0
	for _, s := range schemas {
		if s.Via == "properties" && (s.Node.Has("anyOf") || s.Node.Has("oneOf") || s.Node.Get("type").Is(jsontree.Array)) {
			n++
		}
	}
	return n
}
