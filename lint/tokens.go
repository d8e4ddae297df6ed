package lint

import (
	"runtime"
	"sort"
	"sync"

	"github.com/tiktoken-go/tokenizer/codec"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
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

// Top returns the n most expensive tools across servers, most tokens first
// (ties by server, then tool name, so reports are stable).
func (c TokenCount) Top(n int) []RankedTool {
	var all []RankedTool
	for _, s := range c.Servers {
		for _, t := range s.Tools {
			all = append(all, RankedTool{Server: s.Server, Tool: t.Tool, Tokens: t.Tokens})
		}
	}
	sort.SliceStable(all, func(i, j int) bool {
		a, b := all[i], all[j]
		if a.Tokens != b.Tokens {
			return a.Tokens > b.Tokens
		}
		if a.Server != b.Server {
			return a.Server < b.Server
		}
		return a.Tool < b.Tool
	})
	if n >= 0 && len(all) > n {
		all = all[:n]
	}
	return all
}

// The vocabulary is compiled into the tokenizer module (codec/o200k_base_vocab.go),
// so counting works offline; building its 200k-entry map costs tens of
// milliseconds, paid once and only when tokens are counted.
var o200k = sync.OnceValue(codec.NewO200kBase)

// CatalogTokens counts, per server and per tool, the tokens of each tool as a
// client sends it to a model: the compact JSON of its name, description and
// inputSchema. Each provider renders tools into its own prompt format before
// the model sees them, so the exact bill differs by provider; this is the
// provider-neutral measure, comparable across servers and across runs.
func CatalogTokens(catalogs []*contract.Catalog) TokenCount {
	var tools []*contract.Tool
	for _, c := range catalogs {
		tools = append(tools, c.Tools...)
	}
	counts := countInParallel(tools)
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

// countInParallel tokenizes tools on every core: BPE is most of lint's time
// on a large catalog, and each tool is counted on its own. Each worker keeps
// its own segment cache, so no locks are taken.
func countInParallel(tools []*contract.Tool) []int {
	counts := make([]int, len(tools))
	workers := min(runtime.GOMAXPROCS(0), len(tools))
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := newSegmentCounter()
			for i := w; i < len(tools); i += workers {
				counts[i] = c.count(string(sentDefinition(tools[i])))
			}
		}()
	}
	wg.Wait()
	return counts
}

// ToolTokenCount counts one tool as CatalogTokens does.
func ToolTokenCount(t *contract.Tool) int {
	return newSegmentCounter().count(string(sentDefinition(t)))
}

// segmentCounter counts tokens segment by segment, remembering the count of
// every segment it has seen. Tool definitions repeat the same keys and
// fragments ("type":"string", "description":"The owner of the repository")
// over and over, and the tokenizer's pre-splitting regexp is its slowest part.
type segmentCounter struct{ seen map[string]int }

func newSegmentCounter() *segmentCounter { return &segmentCounter{seen: map[string]int{}} }

func (c *segmentCounter) count(text string) int {
	total := 0
	for len(text) > 0 {
		end := nextSegmentEnd(text)
		seg := text[:end]
		n, ok := c.seen[seg]
		if !ok {
			// Count fails only when its split regexp times out, and this codec
			// sets no timeout; n is the count so far either way.
			n, _ = o200k().Count(seg)
			c.seen[seg] = n
		}
		total += n
		text = text[end:]
	}
	return total
}

// nextSegmentEnd returns where the first segment of text ends: before the
// first ASCII letter that follows two ASCII punctuation characters (as in
// {"name or ":"value), or at the end. o200k_base's pre-tokenizer always starts
// a new piece there: its letter pieces take at most one leading non-letter,
// and a punctuation run is one greedy piece, so the run ends where the letter
// begins. BPE never merges across pieces, so counting the segments one by one
// gives exactly the count of the whole text (tokens_test.go checks this on the
// corpus and under fuzzing).
func nextSegmentEnd(text string) int {
	for i := 2; i < len(text); i++ {
		if isASCIILetter(text[i]) && isASCIIPunct(text[i-1]) && isASCIIPunct(text[i-2]) {
			return i
		}
	}
	return len(text)
}

func isASCIILetter(c byte) bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }

func isASCIIPunct(c byte) bool {
	return c > ' ' && c < 0x7f && !isASCIILetter(c) && (c < '0' || c > '9')
}

// sentDefinition is the tool as clients forward it to a model: name,
// description and inputSchema, compact. Title, annotations and outputSchema
// stay with the client.
func sentDefinition(t *contract.Tool) []byte {
	def := &jsontree.Node{Kind: jsontree.Object, Offset: -1}
	for _, key := range []string{"name", "description", "inputSchema"} {
		if v := t.Node.Get(key); v != nil {
			def.Members = append(def.Members, jsontree.Member{Key: key, KeyOffset: -1, Value: v})
		}
	}
	return jsontree.Encode(def, jsontree.EncodeOptions{})
}
