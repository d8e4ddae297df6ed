package lint

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// ToolCache remembers what the tool rules found in a tool and the tool's
// token count, from an earlier run with the same binary, rules and options,
// so an unchanged tool is not linted or counted again (Options.Cache). The
// caller decides which tools it serves and where it keeps them; catalog
// rules (budgets, duplicate names, request limits) always run. Run calls
// Get and Put from several goroutines at once.
type ToolCache interface {
	// Get returns what was remembered for a tool with t's bytes.
	Get(t *contract.Tool) (CachedTool, bool)
	// Put remembers what t's rules found and its token count.
	Put(t *contract.Tool, v CachedTool)
}

// CachedTool is what a ToolCache keeps of one tool.
type CachedTool struct {
	Tokens   int             `json:"tokens"`
	Findings []CachedFinding `json:"findings"`
}

// CachedFinding is a tool rule's finding without its server, tool and file
// position: the same bytes may sit in another file, or further down the
// same one, so the place is kept as the byte offset of the finding's node
// from the tool's first byte (-1 when it has none) and found again in the
// current file.
type CachedFinding struct {
	Rule     string            `json:"rule"`
	Severity contract.Severity `json:"severity"`
	Pointer  string            `json:"pointer,omitempty"`
	Offset   int               `json:"offset"`
	Message  string            `json:"message"`
	Fix      string            `json:"fix,omitempty"`
}

func cachedFinding(t *contract.Tool, f contract.Finding, node *jsontree.Node) CachedFinding {
	offset := -1
	if node != nil && node.Offset >= 0 && t.Node.Offset >= 0 && t.Lines != nil {
		offset = int(node.Offset) - int(t.Node.Offset)
	}
	return CachedFinding{Rule: f.Rule, Severity: f.Severity, Pointer: f.Pointer, Offset: offset, Message: f.Message, Fix: f.Fix}
}

// findings places the remembered findings on tool t of catalog c, exactly
// as the rules would have reported them there.
func (v CachedTool) findings(c *contract.Catalog, t *contract.Tool) []contract.Finding {
	out := make([]contract.Finding, len(v.Findings))
	for i, cf := range v.Findings {
		f := contract.Finding{Rule: cf.Rule, Severity: cf.Severity, Category: contract.CategoryLint,
			Server: c.Server, Tool: t.Name, Pointer: cf.Pointer, Message: cf.Message, Fix: cf.Fix, File: t.File}
		if cf.Offset >= 0 && t.Lines != nil && t.Node.Offset >= 0 {
			f.Line, f.Column = t.Lines.Position(int(t.Node.Offset) + cf.Offset)
		}
		out[i] = f
	}
	return out
}

// toolTokens returns the token count of the i-th tool of the run, or -1
// when tokens were not counted.
func toolTokens(catalogs []*contract.Catalog, count *TokenCount) func(i int) int {
	var flat []int
	if count != nil {
		for _, s := range count.Servers {
			for _, t := range s.Tools {
				flat = append(flat, t.Tokens)
			}
		}
	}
	return func(i int) int {
		if i < len(flat) {
			return flat[i]
		}
		return -1
	}
}
