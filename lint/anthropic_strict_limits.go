package lint

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemawalk"
)

// Anthropic's limits apply to one request, across all strict tools in it; a
// client that loads a server's whole catalog with strict set sends all of them
// at once, so the rules below count per catalog.

// providerParamCounts are one tool's parameters that count toward Anthropic's
// per-request limits.
type providerParamCounts struct {
	// optional: properties absent from their object's required, at any depth.
	optional int
	// union: properties whose schema is anyOf/oneOf or has a type array.
	union int
}

func providerCountParams(t *contract.Tool) providerParamCounts {
	var n providerParamCounts
	schemawalk.Visit(t.Input(), func(s schemawalk.Schema) bool {
		if s.Via == "properties" && (s.Node.Has("anyOf") || s.Node.Has("oneOf") || s.Node.Get("type").Is(jsontree.Array)) {
			n.union++
		}
		if props := s.Node.Get("properties"); props.Is(jsontree.Object) {
			required := s.Node.Get("required")
			for _, m := range props.Members() {
				if !listed(required, m.Key) {
					n.optional++
				}
			}
		}
		return true
	})
	return n
}

// listed reports whether the array list holds the string s.
func listed(list *jsontree.Node, s string) bool {
	if !list.Is(jsontree.Array) {
		return false
	}
	for _, it := range list.Items() {
		if it.IsString(s) {
			return true
		}
	}
	return false
}

// providerCountCache keeps the counts of the catalog last counted, so the two
// count rules walk each tool once; it is keyed like providerWalkCache.
var providerCountCache struct {
	sync.Mutex
	opts    *Options
	catalog *contract.Catalog
	counts  []providerParamCounts
}

// providerCatalogCounts returns the counts of every tool of c, in order.
func providerCatalogCounts(opts *Options, c *contract.Catalog) []providerParamCounts {
	cc := &providerCountCache
	cc.Lock()
	defer cc.Unlock()
	if cc.opts != opts || cc.catalog != c || opts == nil {
		counts := make([]providerParamCounts, len(c.Tools))
		inParallel(len(c.Tools), func() func(i int) {
			return func(i int) { counts[i] = providerCountParams(c.Tools[i]) }
		})
		cc.opts, cc.catalog, cc.counts = opts, c, counts
	}
	return cc.counts
}

// providerCatalogLimit reports a catalog whose per-tool counts sum above limit,
// naming the largest contributors so the fix has somewhere to start.
func providerCatalogLimit(p *CatalogPass, limit int, what string, pick func(providerParamCounts) int) {
	for _, c := range p.Catalogs {
		type share struct {
			tool string
			n    int
		}
		var shares []share
		total := 0
		for i, counts := range providerCatalogCounts(p.Options, c) {
			if n := pick(counts); n > 0 {
				shares = append(shares, share{c.Tools[i].Name, n})
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
