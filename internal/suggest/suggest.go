// Package suggest finds the names a partial or mistyped one could mean.
package suggest

import "strings"

// Close returns the ids (in their order) a partial or mistyped id could
// mean: every id containing it ("anyof", "gemini/"), else every id, or the
// part after its group, within a few edits of it
// ("gemini/anyof-with-sibling", "anyof-with-siblings").
func Close(ids []string, query string) []string {
	q := strings.ToLower(strings.TrimSpace(query))
	if q == "" {
		return nil
	}
	var out []string
	for _, id := range ids {
		if strings.Contains(id, q) {
			out = append(out, id)
		}
	}
	if len(out) > 0 {
		return out
	}
	limit := max(2, len(q)/4)
	for _, id := range ids {
		_, name, _ := strings.Cut(id, "/")
		if editDistance(id, q) <= limit || editDistance(name, q) <= limit {
			out = append(out, id)
		}
	}
	return out
}

// editDistance is the Levenshtein distance between two short strings.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
