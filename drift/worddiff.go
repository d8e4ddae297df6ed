package drift

import "strings"

// maxDiffCells bounds the word LCS table (old words × new words); longer
// texts are shown as one replacement rather than spending quadratic time.
const maxDiffCells = 1 << 20

// diffContext is how many unchanged words are kept on each side of a change;
// longer unchanged runs are cut to "…".
const diffContext = 4

// wordDiff renders the change from a to b in git's --word-diff=plain style:
// "[-removed words-]{+added words+}", unchanged words kept around them.
func wordDiff(a, b string) string {
	x, y := strings.Fields(a), strings.Fields(b)
	if len(x)*len(y) > maxDiffCells {
		return marked("[-", x, "-]") + marked("{+", y, "+}")
	}
	// lcs[i][j] is the longest common subsequence of x[i:] and y[j:].
	lcs := make([][]int32, len(x)+1)
	for i := range lcs {
		lcs[i] = make([]int32, len(y)+1)
	}
	for i := len(x) - 1; i >= 0; i-- {
		for j := len(y) - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var parts []string
	var same, del, ins []string
	flushChange := func() {
		if len(del)+len(ins) > 0 {
			parts = append(parts, marked("[-", del, "-]")+marked("{+", ins, "+}"))
		}
		del, ins = nil, nil
	}
	flushSame := func(atStart, atEnd bool) {
		if len(same) == 0 {
			return
		}
		keep := same
		switch {
		case atStart && atEnd:
			keep = nil
		case atStart && len(same) > diffContext:
			keep = append([]string{"…"}, same[len(same)-diffContext:]...)
		case atEnd && len(same) > diffContext:
			keep = append(append([]string(nil), same[:diffContext]...), "…")
		case !atStart && !atEnd && len(same) > 2*diffContext:
			keep = append(append(append([]string(nil), same[:diffContext]...), "…"), same[len(same)-diffContext:]...)
		}
		if len(keep) > 0 {
			parts = append(parts, strings.Join(keep, " "))
		}
		same = nil
	}
	started := false
	i, j := 0, 0
	for i < len(x) || j < len(y) {
		switch {
		case i < len(x) && j < len(y) && x[i] == y[j]:
			flushChange()
			same = append(same, x[i])
			i, j = i+1, j+1
		case j < len(y) && (i == len(x) || lcs[i][j+1] >= lcs[i+1][j]):
			flushSame(!started, false)
			started = true
			ins = append(ins, y[j])
			j++
		default:
			flushSame(!started, false)
			started = true
			del = append(del, x[i])
			i++
		}
	}
	flushChange()
	flushSame(!started, true)
	return strings.Join(parts, " ")
}

func marked(open string, words []string, close string) string {
	if len(words) == 0 {
		return ""
	}
	return open + strings.Join(words, " ") + close
}
