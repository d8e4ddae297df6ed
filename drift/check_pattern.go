package drift

import (
	"strconv"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

var patternChanged = register(&Rule{
	ID: "drift/pattern-changed", Change: contract.ChangeReview,
	Summary: "A pattern changed in a way that could not be compared",
	Help: "The old and new pattern are compared on automata (which strings each matches), but this one uses what the " +
		"comparison does not read exactly: a backreference, lookaround, \\s, \\b, \\p{…}, \\u escapes or flags, where " +
		"ECMA-262 (JSON Schema's regex dialect) and RE2 differ or RE2 has no equivalent, or it is too large to explore. " +
		"It may accept less than before, or more; oasdiff reports any changed pattern (request-property-pattern-changed WARN). " +
		"Fix: read both patterns; if the new one rejects what callers send (or returns what consumers cannot read), keep the old one.",
})

// checkPattern judges a changed pattern by the strings it matches
// (pattern.go): wider is a relaxation, narrower or different a tightening
// proved by a string, the same strings no change, and what cannot be
// compared drift/pattern-changed.
func checkPattern(p *schemaPass, tightened, relaxed *Rule) {
	if p.outerOnly("pattern") {
		return
	}
	o, n := p.Old.value("pattern"), p.New.value("pattern")
	switch {
	case o == nil && n == nil, o != nil && n != nil && o.Is(jsontree.String) && n.Is(jsontree.String) && o.Text == n.Text:
		return
	case o == nil || n == nil || !o.Is(jsontree.String) || !n.Is(jsontree.String):
		checkWhole(p, "pattern", tightened, relaxed)
		return
	}
	lost, lostEx, okL := patternIncludes(o.Text, n.Text)
	gained, gainedEx, okG := patternIncludes(n.Text, o.Text)
	if !okL || !okG {
		p.reportAt(patternChanged, false, "pattern", "%s pattern changed from %s to %s; whether it accepts less or more could not be told",
			p.Path, short(o), short(n))
		return
	}
	narrowed, widened := !lost, !gained
	switch {
	case !narrowed && !widened:
	case narrowed && (p.Dir == dirInput || !widened):
		p.reportAt(tightened, false, "pattern", "%s pattern changed from %s to %s (for example %s matched the old pattern and no longer does)",
			p.Path, short(o), short(n), strconv.Quote(lostEx))
	default:
		p.reportAt(relaxed, false, "pattern", "%s pattern changed from %s to %s (for example %s now matches and did not before)",
			p.Path, short(o), short(n), strconv.Quote(gainedEx))
	}
}
