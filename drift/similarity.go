package drift

import (
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// minRenameFacts is the least number of facts an input schema must state to
// be recognised after a rename. Parameterless tools ({"type":"object"}) all
// look alike; calling two of them a rename would be a guess, so they stay a
// removal and an addition.
const minRenameFacts = 4

// schemaFacts is a schema flattened for comparison: structure holds one
// "pointer=value" string per scalar, with the items of required/enum/type
// arrays as unordered members ("/required/*=owner"), so key and set order
// leave it unchanged; prose holds description and title texts by pointer.
type schemaFacts struct {
	structure map[string]bool
	prose     map[string]string
}

func (f schemaFacts) size() int { return len(f.structure) + len(f.prose) }

// maxFacts bounds the work spent on one hostile schema.
const maxFacts = 100000

func facts(n *jsontree.Node) schemaFacts {
	out := schemaFacts{structure: map[string]bool{}, prose: map[string]string{}}
	type item struct {
		n   *jsontree.Node
		ptr string
		key string
	}
	stack := []item{{n, "", ""}}
	for len(stack) > 0 && out.size() < maxFacts {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch it.n.Kind {
		case jsontree.Object:
			for _, k := range uniqueKeys(it.n) {
				stack = append(stack, item{it.n.Get(k), jsontree.Append(it.ptr, k), k})
			}
			if len(it.n.Members()) == 0 {
				out.structure[it.ptr+"={}"] = true
			}
		case jsontree.Array:
			for i, x := range it.n.Items() {
				p := jsontree.AppendIndex(it.ptr, i)
				if unordered(it.key) {
					p = it.ptr + "/*"
				}
				stack = append(stack, item{x, p, ""})
			}
			if len(it.n.Items()) == 0 {
				out.structure[it.ptr+"=[]"] = true
			}
		case jsontree.String:
			if it.key == "description" || it.key == "title" {
				out.prose[it.ptr] = it.n.Text
				continue
			}
			out.structure[it.ptr+"="+canonical(it.n)] = true
		default:
			out.structure[it.ptr+"="+canonical(it.n)] = true
		}
	}
	return out
}

// similarity is a Jaccard index over facts, |A∩B| / |A∪B|, in which two
// texts at the same pointer count as the Jaccard index of their word sets
// rather than all or nothing. It is 1 for equivalent schemas; each changed
// type, enum value or required entry costs one fact's weight, and a reworded
// description only the share of its words that changed. So 0.9 means "about
// one fact in ten differs": the same parameters with a tweak or two. A
// renamed parameter changes every fact below it, which keeps a different tool
// that happens to share a few parameter names apart.
func similarity(a, b schemaFacts) float64 {
	if a.size() == 0 && b.size() == 0 {
		return 1
	}
	common := 0
	for f := range a.structure {
		if b.structure[f] {
			common++
		}
	}
	union := float64(len(a.structure) + len(b.structure) - common)
	score := float64(common)
	for p, ta := range a.prose {
		if tb, ok := b.prose[p]; ok {
			score += wordSimilarity(ta, tb)
		}
		union++
	}
	for p := range b.prose {
		if _, ok := a.prose[p]; !ok {
			union++
		}
	}
	return score / union
}

func wordSimilarity(a, b string) float64 {
	if a == b {
		return 1
	}
	wa, wb := map[string]bool{}, map[string]bool{}
	for _, w := range strings.Fields(strings.ToLower(a)) {
		wa[w] = true
	}
	for _, w := range strings.Fields(strings.ToLower(b)) {
		wb[w] = true
	}
	common := 0
	for w := range wa {
		if wb[w] {
			common++
		}
	}
	if union := len(wa) + len(wb) - common; union > 0 {
		return float64(common) / float64(union)
	}
	return 1
}

type rename struct {
	old, new   *contract.Tool
	similarity float64
}

// matchRenames pairs removed and added tools whose input schemas are at least
// threshold alike, best pairs first, each tool in at most one pair.
func matchRenames(removed, added []*contract.Tool, threshold float64) (renames []rename, stillRemoved, stillAdded []*contract.Tool) {
	if len(removed) == 0 || len(added) == 0 {
		return nil, removed, added
	}
	addedFacts := make([]schemaFacts, len(added))
	for j, t := range added {
		addedFacts[j] = facts(orEmpty(t.Input()))
	}
	var cands []candidate
	for i, t := range removed {
		f := facts(orEmpty(t.Input()))
		if f.size() < minRenameFacts {
			continue
		}
		for j, g := range addedFacts {
			if g.size() < minRenameFacts {
				continue
			}
			if s := similarity(f, g); s >= threshold {
				cands = append(cands, candidate{i, j, s})
			}
		}
	}
	usedOld, usedNew := map[int]bool{}, map[int]bool{}
	for _, c := range bestPairs(cands, 0) {
		usedOld[c.i], usedNew[c.j] = true, true
		renames = append(renames, rename{old: removed[c.i], new: added[c.j], similarity: c.score})
	}
	for i, t := range removed {
		if !usedOld[i] {
			stillRemoved = append(stillRemoved, t)
		}
	}
	for j, t := range added {
		if !usedNew[j] {
			stillAdded = append(stillAdded, t)
		}
	}
	return renames, stillRemoved, stillAdded
}
