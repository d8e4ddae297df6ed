package lint

import (
	"bytes"
	"sort"
	"unsafe"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/o200k"
)

// TokenEncoding is the BPE vocabulary tool definitions are counted with:
// o200k_base, the encoding of OpenAI's GPT-4o, GPT-4.1, GPT-5 and o-series
// models. Other providers' tokenizers differ by some percent, which does not
// change whether a catalog is within a budget of tens of thousands.
const TokenEncoding = "o200k_base"

// TokenCount is what a model pays, in tokens, to see the tool definitions of
// a client session on every turn.
type TokenCount struct {
	Encoding string         `json:"encoding"`
	Total    int            `json:"total"`
	Servers  []ServerTokens `json:"servers"`
}

// ServerTokens counts one catalog; Tools are in the server's order.
type ServerTokens struct {
	Server string       `json:"server"`
	Tokens int          `json:"tokens"`
	Tools  []ToolTokens `json:"tools"`
}

// ToolTokens counts one tool.
type ToolTokens struct {
	Tool   string `json:"tool"`
	Tokens int    `json:"tokens"`
}

// RankedTool is one entry of TokenCount.Top.
type RankedTool struct {
	Server string `json:"server"`
	Tool   string `json:"tool"`
	Tokens int    `json:"tokens"`
}

// Top returns the n most expensive tools across servers (all when n < 0),
// most tokens first (ties by server, then tool name, so reports are
// stable). Only n are held: ranking a list of every tool was 50 MB of a
// 16 MiB file of 322,000 small tools (issue 32).
func (c TokenCount) Top(n int) []RankedTool {
	var top []RankedTool
	if n < 0 {
		for _, s := range c.Servers {
			for _, t := range s.Tools {
				top = append(top, RankedTool{Server: s.Server, Tool: t.Tool, Tokens: t.Tokens})
			}
		}
		sort.SliceStable(top, func(i, j int) bool { return ranksBefore(top[i], top[j]) })
		return top
	}
	for _, s := range c.Servers {
		for _, t := range s.Tools {
			r := RankedTool{Server: s.Server, Tool: t.Tool, Tokens: t.Tokens}
			if len(top) == n {
				if n == 0 || !ranksBefore(r, top[n-1]) {
					continue
				}
				top = top[:n-1]
			}
			// Insert in order, after equals so the first of equals stays
			// first; n is small (the budget rule asks for 3), so a list
			// shifted per insert costs less than a heap.
			i := sort.Search(len(top), func(i int) bool { return ranksBefore(r, top[i]) })
			top = append(top, RankedTool{})
			copy(top[i+1:], top[i:])
			top[i] = r
		}
	}
	return top
}

func ranksBefore(a, b RankedTool) bool {
	if a.Tokens != b.Tokens {
		return a.Tokens > b.Tokens
	}
	if a.Server != b.Server {
		return a.Server < b.Server
	}
	return a.Tool < b.Tool
}

// CatalogTokens counts, per server and per tool, the tokens of each tool as a
// client sends it to a model: the compact JSON of its name, description and
// inputSchema. Each provider renders tools into its own prompt format before
// the model sees them, so the exact bill differs by provider; this is the
// provider-neutral measure, comparable across servers and across runs.
func CatalogTokens(catalogs []*contract.Catalog) TokenCount {
	return CatalogTokensCached(catalogs, nil)
}

// CatalogTokensCached is CatalogTokens taking the count of each tool the
// cache remembers from it instead of counting again.
func CatalogTokensCached(catalogs []*contract.Catalog, cache ToolCache) TokenCount {
	var tools []*contract.Tool
	for _, c := range catalogs {
		tools = append(tools, c.Tools...)
	}
	counts := make([]int, len(tools))
	var uncounted []*contract.Tool
	var at []int
	for i, t := range tools {
		if cache != nil {
			if v, ok := cache.Get(t); ok && v.Tokens >= 0 {
				counts[i] = v.Tokens
				continue
			}
		}
		uncounted = append(uncounted, t)
		at = append(at, i)
	}
	for k, n := range countInParallel(uncounted) {
		counts[at[k]] = n
	}
	count := TokenCount{Encoding: TokenEncoding, Servers: []ServerTokens{}}
	i := 0
	for _, c := range catalogs {
		st := ServerTokens{Server: c.Server, Tools: []ToolTokens{}}
		for _, t := range c.Tools {
			st.Tools = append(st.Tools, ToolTokens{Tool: t.Name, Tokens: counts[i]})
			st.Tokens += counts[i]
			i++
		}
		count.Servers = append(count.Servers, st)
		count.Total += st.Tokens
	}
	return count
}

// countInParallel tokenizes tools on every core: counting is much of lint's
// time on a large catalog, and each tool is counted on its own.
func countInParallel(tools []*contract.Tool) []int {
	counts := make([]int, len(tools))
	inParallel(len(tools), func() func(i int) {
		var def bytes.Buffer
		return func(i int) { counts[i] = countSent(tools[i], &def) }
	})
	return counts
}

// ToolTokenCount counts one tool as CatalogTokens does.
func ToolTokenCount(t *contract.Tool) int {
	var def bytes.Buffer
	return countSent(t, &def)
}

// countSent counts the tokens of t's sentDefinition, encoding it in def,
// which a worker reuses from tool to tool.
func countSent(t *contract.Tool, def *bytes.Buffer) int {
	def.Reset()
	sentDefinition(t, def)
	// Counted in place: def is not written while Count reads it, and a
	// copy (def.String) would cost the whole schema's size again on a big tool.
	return o200k.Count(unsafe.String(unsafe.SliceData(def.Bytes()), def.Len()))
}

// sentDefinition writes the tool as clients forward it to a model: name,
// description and inputSchema, compact. Title, annotations and outputSchema
// stay with the client.
func sentDefinition(t *contract.Tool, buf *bytes.Buffer) {
	var members [3]jsontree.Member
	sent := members[:0]
	for _, key := range []string{"name", "description", "inputSchema"} {
		if v := t.Node.Get(key); v != nil {
			sent = append(sent, jsontree.Member{Key: key, KeyOffset: -1, Value: v})
		}
	}
	jsontree.EncodeInto(buf, jsontree.NewObject(sent), jsontree.EncodeOptions{})
}
