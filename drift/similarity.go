package drift

import (
	"sort"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// minRenameFacts is the least number of facts an input schema must state to
// be recognised after a rename. Parameterless tools ({"type":"object"}) all
// look alike; calling two of them a rename would be a guess, so they stay a
// removal and an addition.
const minRenameFacts = 4

// facts flattens a schema into a set of "pointer=value" strings, one per
// scalar, with the items of required/enum/type arrays as unordered members
// ("/required/*=owner"). Key order and set order leave the set unchanged.
//
// similarity is the Jaccard index of two fact sets, |A∩B| / |A∪B|. It is 1
// for equivalent schemas and falls by one fact's weight for each changed
// description, type, enum value or required entry, so 0.9 means "at most one
// fact in ten differs": a tool whose parameters are the same but for a
// reworded description or two. Renamed parameters change every fact below
// them, which keeps a different tool with the same parameter names apart.
func facts(n *jsontree.Node) map[string]bool {
	out := map[string]bool{}
	type item struct {
		n   *jsontree.Node
		ptr string
		key string
	}
	stack := []item{{n, "", ""}}
	for len(stack) > 0 && len(out) < 100000 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch it.n.Kind {
		case jsontree.Object:
			for _, k := range uniqueKeys(it.n) {
				stack = append(stack, item{it.n.Get(k), jsontree.Append(it.ptr, k), k})
			}
			if len(it.n.Members) == 0 {
				out[it.ptr+"={}"] = true
			}
		case jsontree.Array:
			for i, x := range it.n.Items {
				p := jsontree.AppendIndex(it.ptr, i)
				if unordered(it.key) {
					p = it.ptr + "/*"
				}
				stack = append(stack, item{x, p, ""})
			}
			if len(it.n.Items) == 0 {
				out[it.ptr+"=[]"] = true
			}
		default:
			out[it.ptr+"="+canonical(it.n)] = true
		}
	}
	return out
}

func similarity(a, b map[string]bool) float64 {
	if len(a) == 0 && len(b) == 0 {
		return 1
	}
	common := 0
	for f := range a {
		if b[f] {
			common++
		}
	}
	return float64(common) / float64(len(a)+len(b)-common)
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
	addedFacts := make([]map[string]bool, len(added))
	for j, t := range added {
		addedFacts[j] = facts(orEmpty(t.Input()))
	}
	type cand struct {
		i, j int
		sim  float64
	}
	var cands []cand
	for i, t := range removed {
		f := facts(orEmpty(t.Input()))
		if len(f) < minRenameFacts {
			continue
		}
		for j, g := range addedFacts {
			if len(g) < minRenameFacts {
				continue
			}
			if s := similarity(f, g); s >= threshold {
				cands = append(cands, cand{i, j, s})
			}
		}
	}
	sort.SliceStable(cands, func(a, b int) bool { return cands[a].sim > cands[b].sim })
	usedOld, usedNew := map[int]bool{}, map[int]bool{}
	for _, c := range cands {
		if usedOld[c.i] || usedNew[c.j] {
			continue
		}
		usedOld[c.i], usedNew[c.j] = true, true
		renames = append(renames, rename{old: removed[c.i], new: added[c.j], similarity: c.sim})
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
