// Package o200k counts tokens of OpenAI's o200k_base encoding (GPT-4o,
// GPT-4.1, GPT-5, o-series) exactly as github.com/tiktoken-go/tokenizer
// does, without its costs: the pre-tokenizer regexp is a hand-written
// scanner (split.go), and the 200k-entry vocabulary is an embedded table
// (vocab.bin, generated from the library by `go test -update`) that is
// indexed once in one allocation instead of built as a Go map entry by entry.
// The tests check both against the library, on the corpus and by fuzzing.
package o200k

import (
	_ "embed"
	"hash/maphash"
	"math"
	"strings"
	"sync"
	"unicode/utf8"
)

// vocabBin holds the tokens in rank order: for rank 0, 1, 2, ... a length
// byte and that many bytes (a zero length marks a rank with no token).
//
//go:embed vocab.bin
var vocabBin string

// table indexes vocabBin: an open-addressing hash table whose slots hold
// a tag from the key's hash (the high bits) and rank+1 (the low rankBits),
// and each rank's offset in vocabBin.
type table struct {
	seed  maphash.Seed
	slots []uint32
	mask  uint64
	start []uint32 // start[r]: where rank r's bytes begin; start[r+1]-start[r] is its length
}

const (
	rankBits = 18 // o200k_base has 199,998 ranks
	rankMask = 1<<rankBits - 1
)

var vocab = sync.OnceValue(func() *table {
	n := 0
	for i := 0; i < len(vocabBin); i += 1 + int(vocabBin[i]) {
		n++
	}
	t := &table{seed: maphash.MakeSeed(), start: make([]uint32, n+1)}
	size := 1
	for size < 2*n {
		size <<= 1
	}
	// Below half full, a miss (most BPE lookups miss) ends within two probes.
	t.slots = make([]uint32, size)
	t.mask = uint64(size - 1)
	i := 0
	for r := range n {
		l := int(vocabBin[i])
		t.start[r] = uint32(i + 1)
		i += 1 + l
		if l == 0 {
			continue
		}
		h := maphash.String(t.seed, vocabBin[i-l:i])
		for k := h & t.mask; ; k = (k + 1) & t.mask {
			if t.slots[k] == 0 {
				t.slots[k] = uint32(h>>(64-(32-rankBits)))<<rankBits | uint32(r+1)
				break
			}
		}
	}
	t.start[n] = uint32(i + 1)
	return t
})

// rank returns the rank of token s, or false when s is not a token.
func (t *table) rank(s string) (uint32, bool) {
	h := maphash.String(t.seed, s)
	tag := uint32(h >> (64 - (32 - rankBits)))
	for k := h & t.mask; ; k = (k + 1) & t.mask {
		v := t.slots[k]
		if v == 0 {
			return 0, false
		}
		if v>>rankBits == tag {
			r := v&rankMask - 1
			// A token's bytes end one length byte before the next token's start.
			if tok := vocabBin[t.start[r] : t.start[r+1]-1]; tok == s {
				return r, true
			}
		}
	}
}

// Count returns the number of o200k_base tokens of text, as the library's
// Codec.Count does. Invalid UTF-8 is counted as the library sees it: each
// invalid byte as U+FFFD.
func Count(text string) int {
	if !utf8.ValidString(text) {
		text = strings.Map(func(r rune) rune { return r }, text) // invalid bytes become U+FFFD, one each
	}
	t := vocab()
	var parts []int32
	total := 0
	for len(text) > 0 {
		end := pieceEnd(text)
		if end < 0 {
			text = text[-end:]
			continue
		}
		piece := text[:end]
		text = text[end:]
		if _, ok := t.rank(piece); ok {
			total++
			continue
		}
		var n int
		n, parts = t.mergeCount(piece, parts)
		total += n
	}
	return total
}

// mergeCount byte-pair merges a piece that is not a token itself and
// returns how many tokens it becomes. Pairs merge lowest rank first, the
// leftmost of equal ranks first, as tiktoken does. parts is scratch space,
// returned for reuse.
func (t *table) mergeCount(piece string, parts []int32) (int, []int32) {
	if len(piece) >= heapThreshold {
		return t.mergeCountHeap(piece), parts
	}
	// parts[i] is where part i starts; ranks[i] the rank of parts i and
	// i+1 merged (noRank when that is no token).
	parts = parts[:0]
	for i := range len(piece) + 1 {
		parts = append(parts, int32(i))
	}
	var ranksBuf [heapThreshold]uint32
	ranks := ranksBuf[:len(piece)]
	pairRank := func(i int) uint32 {
		if i+2 >= len(parts) {
			return noRank
		}
		if r, ok := t.rank(piece[parts[i]:parts[i+2]]); ok {
			return r
		}
		return noRank
	}
	for i := range ranks {
		ranks[i] = pairRank(i)
	}
	for {
		best, at := uint32(noRank), -1
		for i := 0; i < len(parts)-2; i++ {
			if ranks[i] < best {
				best, at = ranks[i], i
			}
		}
		if at < 0 {
			break
		}
		parts = append(parts[:at+1], parts[at+2:]...)
		ranks = append(ranks[:at+1], ranks[at+2:]...)
		ranks[at] = pairRank(at)
		if at > 0 {
			ranks[at-1] = pairRank(at - 1)
		}
	}
	return len(parts) - 1, parts
}

// heapThreshold is the piece length from which merging uses a heap: a
// linear scan per merge is quadratic, and a piece can be a long run of one
// letter.
const heapThreshold = 96

const noRank = math.MaxUint32

// mergeCountHeap is mergeCount in O(n log n): parts are a linked list, and
// candidate merges wait in a heap ordered by rank, then position; entries
// made stale by a neighbouring merge are skipped when they surface.
func (t *table) mergeCountHeap(piece string) int {
	n := int32(len(piece))
	next := make([]int32, n+1) // next[i]: start of the part after the one at i (-1 at the end)
	prev := make([]int32, n+1)
	rank := make([]uint32, n+1) // rank[i]: rank of the part at i merged with its successor
	for i := range next {
		next[i], prev[i], rank[i] = int32(i)+1, int32(i)-1, noRank
	}
	next[n] = -1
	pairRank := func(i int32) uint32 {
		j := next[i]
		if j < 0 || next[j] < 0 {
			return noRank
		}
		if r, ok := t.rank(piece[i:next[j]]); ok {
			return r
		}
		return noRank
	}
	h := make(candidates, 0, n)
	for i := int32(0); i < n; i++ {
		if rank[i] = pairRank(i); rank[i] != noRank {
			h = append(h, candidate{rank[i], i})
		}
	}
	h.init()
	count := int(n)
	for len(h) > 0 {
		c := h.pop()
		if rank[c.at] != c.rank || next[c.at] < 0 {
			continue
		}
		// Merge the part at c.at with the one after it.
		j := next[c.at]
		rank[j] = noRank
		next[c.at] = next[j]
		if next[j] >= 0 {
			prev[next[j]] = c.at
		}
		count--
		for _, b := range [2]int32{c.at, prev[c.at]} {
			if b < 0 {
				continue
			}
			if rank[b] = pairRank(b); rank[b] != noRank {
				h.push(candidate{rank[b], b})
			}
		}
	}
	return count
}

type candidate struct {
	rank uint32
	at   int32
}

// candidates is a binary min-heap by rank, then position.
type candidates []candidate

func (h candidates) less(a, b int) bool {
	return h[a].rank < h[b].rank || h[a].rank == h[b].rank && h[a].at < h[b].at
}

func (h candidates) init() {
	for i := len(h)/2 - 1; i >= 0; i-- {
		h.down(i)
	}
}

func (h *candidates) push(c candidate) {
	*h = append(*h, c)
	for i := len(*h) - 1; i > 0; {
		p := (i - 1) / 2
		if !h.less(i, p) {
			break
		}
		(*h)[i], (*h)[p] = (*h)[p], (*h)[i]
		i = p
	}
}

func (h *candidates) pop() candidate {
	old := *h
	top := old[0]
	old[0] = old[len(old)-1]
	*h = old[:len(old)-1]
	h.down(0)
	return top
}

func (h candidates) down(i int) {
	for {
		c := 2*i + 1
		if c >= len(h) {
			return
		}
		if c+1 < len(h) && h.less(c+1, c) {
			c++
		}
		if !h.less(c, i) {
			return
		}
		h[i], h[c] = h[c], h[i]
		i = c
	}
}
