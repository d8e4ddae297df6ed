// Package o200k counts tokens of OpenAI's o200k_base encoding (GPT-4o,
// GPT-4.1, GPT-5, o-series) exactly as github.com/tiktoken-go/tokenizer
// does, without its costs: the pre-tokenizer regexp is a hand-written
// scanner (split.go), and the 200k-entry vocabulary is an embedded hash
// table (vocab.bin, generated from the library by `go test -update`) used in
// place, instead of a Go map built entry by entry in every process.
// The tests check both against the library, on the corpus and by fuzzing.
package o200k

import (
	_ "embed"
	"math"
	"strings"
	"unicode/utf8"
)

// vocabBin is the vocabulary as a ready hash table, so a process uses it
// without building anything (TestVocabularyIsTheLibrarys writes it from the library):
//
//	slots   tableSize little-endian uint64s: 0 for an empty slot, else the
//	        token's rank in the low rankBits, and above them
//	        - for a short token (at most shortMax bytes, most lookups): its
//	          length (lenBits) and, from bit keyShift, its bytes as
//	          keyOf packs them, so a lookup reads one slot and no record;
//	        - for a longer one: length 0, from bit keyShift where its record
//	          starts in records (offsetBits), and above that a tag, hash
//	          bits the slot's position does not use, to skip most records
//	          of other keys unread
//	records for each longer token: its length (one byte) and its bytes;
//	        records[0] is padding, so no record starts at 0
//
// Keys are found by a multiplicative hash (shortHash, longHash) and linear
// probing; the
// table is less than half full, so a miss (most lookups while merging miss)
// ends within a probe or two.
//
//go:embed vocab.bin
var vocabBin string

const (
	tableBits  = 19
	tableSize  = 1 << tableBits
	recordsAt  = tableSize * 8
	rankBits   = 18
	lenBits    = 4
	keyShift   = 24
	offsetBits = 22
	tagShift   = keyShift + offsetBits
	tagBits    = 64 - tagShift
	shortMax   = 5 // bytes of key that fit above keyShift

	rankMask = 1<<rankBits - 1
	lenMask  = (1<<lenBits - 1) << rankBits
)

const (
	mulA = 0x9E3779B97F4A7C15
	mulB = 0xC2B2AE3D27D4EB4F
)

// keyOf packs a short token's bytes (1 to shortMax) into a slot's key
// field: its first four bytes and its last, or when shorter its first,
// middle and last, so that keys of one length are equal only for equal
// tokens.
func keyOf(s string) uint64 {
	if len(s) >= 4 {
		return le32(s) | uint64(s[len(s)-1])<<32
	}
	return uint64(s[0]) | uint64(s[len(s)/2])<<8 | uint64(s[len(s)-1])<<16
}

func le32(s string) uint64 {
	_ = s[3]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24
}

func le64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// A key's slot is the top tableBits of its hash, a long key's tag the bits
// below them. A short key is hashed from keyOf in one multiply, a long one
// a word at a time.
func shortHash(key uint64) uint64 { return key * mulA }

func longHash(s string) uint64 {
	h := uint64(len(s)) * mulB
	for len(s) > 8 {
		h = (h ^ le64(s)) * mulA
		h ^= h >> 32
		s = s[8:]
	}
	// 1 to 8 bytes left: two 4-byte words, overlapping when fewer than 8,
	// or when fewer than 4 the first, middle and last byte.
	var t uint64
	if len(s) >= 4 {
		t = le32(s) | le32(s[len(s)-4:])<<32
	} else {
		t = uint64(s[0]) | uint64(s[len(s)/2])<<8 | uint64(s[len(s)-1])<<16
	}
	return (h ^ t) * mulA
}

func tagOf(h uint64) uint64 { return h >> (64 - tableBits - tagBits) & (1<<tagBits - 1) }

func slot(k uint64) uint64 {
	return le64(vocabBin[k*8:])
}

// rank returns the rank of token s (not empty), or false when s is not a
// token.
func rank(s string) (uint32, bool) {
	if len(s) <= shortMax {
		key := keyOf(s)
		want := key<<keyShift | uint64(len(s))<<rankBits
		for k := shortHash(key) >> (64 - tableBits); ; k = (k + 1) & (tableSize - 1) {
			v := slot(k)
			if v == 0 {
				return 0, false
			}
			if v&^rankMask == want {
				return uint32(v & rankMask), true
			}
		}
	}
	h := longHash(s)
	tag := tagOf(h)
	for k := h >> (64 - tableBits); ; k = (k + 1) & (tableSize - 1) {
		v := slot(k)
		if v == 0 {
			return 0, false
		}
		if v>>tagShift != tag || v&lenMask != 0 {
			continue
		}
		at := recordsAt + int(v>>keyShift&(1<<offsetBits-1))
		if n := int(vocabBin[at]); n == len(s) && vocabBin[at+1:at+1+n] == s {
			return uint32(v & rankMask), true
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
	total := 0
	for len(text) > 0 {
		end := pieceEnd(text)
		if end < 0 {
			text = text[-end:]
			continue
		}
		piece := text[:end]
		text = text[end:]
		if _, ok := rank(piece); ok {
			total++
			continue
		}
		total += mergeCount(piece)
	}
	return total
}

// mergeCount byte-pair merges a piece that is not a token itself and
// returns how many tokens it becomes. Pairs merge lowest rank first, the
// leftmost of equal ranks first, as tiktoken does.
func mergeCount(piece string) int {
	if len(piece) > maxExactPiece {
		return windowCount(piece, maxExactPiece)
	}
	if len(piece) >= heapThreshold {
		return mergeCountHeap(piece)
	}
	// parts[i] is where part i starts; ranks[i] the rank of parts i and
	// i+1 merged (noRank when that is no token). Both live on the stack.
	var partsBuf [heapThreshold + 1]int32
	parts := partsBuf[:len(piece)+1]
	for i := range parts {
		parts[i] = int32(i)
	}
	var ranksBuf [heapThreshold]uint32
	ranks := ranksBuf[:len(piece)]
	pairRank := func(i int) uint32 {
		if i+2 >= len(parts) {
			return noRank
		}
		if r, ok := rank(piece[parts[i]:parts[i+2]]); ok {
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
	return len(parts) - 1
}

// maxExactPiece is the longest piece counted exactly. Merging holds 20
// bytes per byte of the piece: 320 MB for the one piece of a 16 MiB enum of
// "" (issue 32). Only generated text has a piece near this long: a word or
// a run of punctuation or spaces without a break.
const maxExactPiece = 1 << 20

// windowCount counts a piece longer than maxExactPiece in windows of that
// many bytes, each ending on a character boundary, so merging holds 20 MB
// at most. A merge across a window's end is lost, which adds a token or a
// few per window (TestLongestPiecesCountWithinAFewTokens): on a piece that
// long, a count that is a few tokens in a million over.
func windowCount(piece string, window int) int {
	total := 0
	for len(piece) > 0 {
		end := min(len(piece), window)
		for end < len(piece) && !utf8.RuneStart(piece[end]) {
			end--
		}
		total += mergeCountHeap(piece[:end])
		piece = piece[end:]
	}
	return total
}

// heapThreshold is the piece length from which merging uses a heap: a
// linear scan per merge is quadratic, and a piece can be a long run of one
// letter.
const heapThreshold = 96

const noRank = math.MaxUint32

// mergeCountHeap is mergeCount in O(n log n): parts are a linked list, and
// candidate merges wait in a heap ordered by rank, then position. The heap
// holds each part at most once and is updated in place when a neighbouring
// merge changes a part's rank: with stale entries left to be skipped, a
// 16 MiB run of punctuation (an enum of "") made 680 MB of heap and its
// growth, 40 bytes per byte (issue 32); now it is 20, allocated once.
func mergeCountHeap(piece string) int {
	n := int32(len(piece))
	next := make([]int32, n+1) // next[i]: start of the part after the one at i (-1 at the end)
	prev := make([]int32, n+1)
	h := pairHeap{ranks: make([]uint32, n+1), at: make([]int32, 0, n), index: make([]int32, n+1)}
	for i := range next {
		next[i], prev[i], h.ranks[i], h.index[i] = int32(i)+1, int32(i)-1, noRank, -1
	}
	next[n] = -1
	pairRank := func(i int32) uint32 {
		j := next[i]
		if j < 0 || next[j] < 0 {
			return noRank
		}
		if r, ok := rank(piece[i:next[j]]); ok {
			return r
		}
		return noRank
	}
	for i := int32(0); i < n; i++ {
		if r := pairRank(i); r != noRank {
			h.ranks[i], h.index[i] = r, int32(len(h.at))
			h.at = append(h.at, i)
		}
	}
	for i := len(h.at)/2 - 1; i >= 0; i-- {
		h.down(i)
	}
	count := int(n)
	for len(h.at) > 0 {
		at := h.at[0]
		h.set(at, noRank)
		// Merge the part at at with the one after it.
		j := next[at]
		h.set(j, noRank)
		next[at] = next[j]
		if next[j] >= 0 {
			prev[next[j]] = at
		}
		count--
		h.set(at, pairRank(at))
		if b := prev[at]; b >= 0 {
			h.set(b, pairRank(b))
		}
	}
	return count
}

// pairHeap is a binary min-heap of parts by the rank of merging each with
// the next, then by position; index says where a part sits in it (-1:
// not there), so a rank can change in place.
type pairHeap struct {
	ranks []uint32
	at    []int32
	index []int32
}

func (h *pairHeap) less(a, b int) bool {
	pa, pb := h.at[a], h.at[b]
	ra, rb := h.ranks[pa], h.ranks[pb]
	return ra < rb || ra == rb && pa < pb
}

func (h *pairHeap) swap(a, b int) {
	h.at[a], h.at[b] = h.at[b], h.at[a]
	h.index[h.at[a]], h.index[h.at[b]] = int32(a), int32(b)
}

// set gives part p rank r, adding it to the heap, moving it, or taking it
// out (noRank).
func (h *pairHeap) set(p int32, r uint32) {
	i := int(h.index[p])
	h.ranks[p] = r
	switch {
	case i < 0 && r == noRank:
	case i < 0:
		h.index[p] = int32(len(h.at))
		h.at = append(h.at, p)
		h.up(len(h.at) - 1)
	case r == noRank:
		last := len(h.at) - 1
		h.swap(i, last)
		h.at = h.at[:last]
		h.index[p] = -1
		if i < last {
			h.down(i)
			h.up(i)
		}
	default:
		h.down(i)
		h.up(i)
	}
}

func (h *pairHeap) up(i int) {
	for i > 0 {
		p := (i - 1) / 2
		if !h.less(i, p) {
			return
		}
		h.swap(i, p)
		i = p
	}
}

func (h *pairHeap) down(i int) {
	for {
		c := 2*i + 1
		if c >= len(h.at) {
			return
		}
		if c+1 < len(h.at) && h.less(c+1, c) {
			c++
		}
		if !h.less(c, i) {
			return
		}
		h.swap(i, c)
		i = c
	}
}
