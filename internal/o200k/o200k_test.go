package o200k

import (
	"encoding/binary"
	"encoding/json"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tiktoken-go/tokenizer/codec"
)

var update = flag.Bool("update", false, "regenerate vocab.bin from the library")

var library = codec.NewO200kBase()

// vocab.bin is the library's vocabulary, rank for rank, laid out as
// o200k.go reads it; -update rewrites it.
func TestVocabularyIsTheLibrarys(t *testing.T) {
	var tokens []string
	for r := uint(0); ; r++ {
		tok, err := library.Decode([]uint{r})
		if err != nil {
			// Past the last rank come the special tokens, which Count never sees.
			break
		}
		tokens = append(tokens, tok)
	}
	if len(tokens) != 199998 {
		t.Fatalf("%d ranks, want o200k_base's 199,998", len(tokens))
	}
	want := buildVocab(t, tokens)
	if *update {
		if err := os.WriteFile("vocab.bin", want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if string(want) != vocabBin {
		t.Fatalf("vocab.bin (%d bytes) is not the library's vocabulary (%d bytes): run go test ./internal/o200k -update", len(vocabBin), len(want))
	}
	for r, tok := range tokens {
		if got, ok := rank(tok); !ok || got != uint32(r) {
			t.Fatalf("rank(%q) = %d, %v; want %d", tok, got, ok, r)
		}
	}
}

func buildVocab(t *testing.T, tokens []string) []byte {
	slots := make([]uint64, tableSize)
	records := []byte{0}
	for r, tok := range tokens {
		if len(tok) > 255 || len(records) >= 1<<offsetBits || r > rankMask {
			t.Fatalf("rank %d (%d bytes) does not fit the layout", r, len(tok))
		}
		var h uint64
		v := uint64(r)
		if len(tok) <= shortMax {
			h = shortHash(keyOf(tok))
			v |= keyOf(tok)<<keyShift | uint64(len(tok))<<rankBits
		} else {
			h = longHash(tok)
			v |= tagOf(h)<<tagShift | uint64(len(records))<<keyShift
			records = append(records, byte(len(tok)))
			records = append(records, tok...)
		}
		k := h >> (64 - tableBits)
		for slots[k] != 0 {
			k = (k + 1) & (tableSize - 1)
		}
		slots[k] = v
	}
	out := make([]byte, 0, recordsAt+len(records))
	for _, v := range slots {
		out = binary.LittleEndian.AppendUint64(out, v)
	}
	return append(out, records...)
}

func libraryCount(text string) int {
	n, _ := library.Count(text)
	return n
}

// Every real tool definition and description of the corpus counts as the
// library counts it, piece for piece.
func TestCountIsTheLibrarysOnCorpus(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/corpus/servers/*.json")
	drift, _ := filepath.Glob("../../testdata/corpus/drift/*/*.json")
	if len(files) < 16 {
		t.Fatalf("only %d corpus files", len(files))
	}
	for _, f := range append(files, drift...) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		// Whole files, and each line on its own so a mismatch is found where it is.
		if got, want := Count(string(data)), libraryCount(string(data)); got != want {
			t.Errorf("%s: %d tokens, library %d", f, got, want)
			for _, line := range strings.SplitAfter(string(data), "\n") {
				if got, want := Count(line), libraryCount(line); got != want {
					t.Errorf("%q: %d tokens, library %d", line, got, want)
				}
			}
		}
	}
}

var splitCases = []string{
	"", "a", "tiktoken is great!", "HTTPServer", "ABC", "ABCdef", "don't", "DON'T", "we'LL", "I'm", "it'ſ", "'s",
	"x'", "A'", "a'r", "'re", "you've", "  \n  x", "\r\n\r\n", "a  b", "a\t\tb", " ", "  ", "\n", " \n", "\n ",
	"12345", "1,234.5", "x1y", "٣٤٥٦", "Ⅻ", "½", "\"name\":\"value\"", "{\"a\":[1,2]}", ".\n\n/", " //x", " ./x",
	"é", "e\u0301", "\u0301", " \u0301", "\u0301a", "Aʰb", "ʰ", "ABʰ", "日本語のテキスト", "Ǆx", "ǅx", "Ǆ",
	"a\u00a0b", "\u2028", "x\u3000y", "\u200bx", "🙂🙂", " 🙂", "a\x00b", "\ufeff", "snake_case_name", "camelCaseName",
	"$schema", "#/$defs/x", "a-b-c", strings.Repeat("a", 200), strings.Repeat(" ", 150) + "x", strings.Repeat("ab", 120),
	strings.Repeat("😀", 50), strings.Repeat(" \n", 100), strings.Repeat(`"",`, 100), strings.Repeat("{},", 100), strings.Repeat("0,", 150), strings.Repeat("\n \r\n\t", 50), "\n\n \n\n", "\xff", "a\xffb", "\xe2\x80", "ſ", "'ſ", "x'ſt", "\x7f", "a\x7fb", " \x7f ",
}

func TestCountIsTheLibrarysOnEdges(t *testing.T) {
	for _, text := range splitCases {
		if got, want := Count(text), libraryCount(text); got != want {
			t.Errorf("%q: %d tokens, library %d", text, got, want)
		}
		// Each case also after a letter, a space and punctuation, where
		// the optional leading character of the letter alternatives matters.
		for _, pre := range []string{"x", " ", "\"", "\n", "1", "A"} {
			if got, want := Count(pre+text), libraryCount(pre+text); got != want {
				t.Errorf("%q: %d tokens, library %d", pre+text, got, want)
			}
		}
	}
}

func FuzzCount(f *testing.F) {
	for _, s := range splitCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if got, want := Count(text), libraryCount(text); got != want {
			t.Fatalf("%q (valid UTF-8: %v): %d tokens, library %d", text, utf8.ValidString(text), got, want)
		}
	})
}

func BenchmarkCount(b *testing.B) {
	benchmarkCorpusFiles(b, Count)
}

// The text lint counts: each corpus tool's name, description and
// inputSchema as compact JSON.
func BenchmarkCountTools(b *testing.B) {
	texts := toolDefinitions(b)
	size := 0
	for _, t := range texts {
		size += len(t)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, t := range texts {
			Count(t)
		}
	}
}

func toolDefinitions(tb testing.TB) []string {
	files, _ := filepath.Glob("../../testdata/corpus/servers/*.json")
	var texts []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		var catalog struct {
			Tools []struct {
				Name        json.RawMessage `json:"name"`
				Description json.RawMessage `json:"description,omitempty"`
				InputSchema json.RawMessage `json:"inputSchema,omitempty"`
			} `json:"tools"`
		}
		if err := json.Unmarshal(data, &catalog); err != nil {
			tb.Fatal(err)
		}
		for _, t := range catalog.Tools {
			def, err := json.Marshal(t) // compact: Marshal compacts RawMessage
			if err != nil {
				tb.Fatal(err)
			}
			texts = append(texts, string(def))
		}
	}
	return texts
}

func BenchmarkLibraryCount(b *testing.B) {
	benchmarkCorpusFiles(b, libraryCount)
}

// benchmarkCorpusFiles times count over the whole text of every corpus file.
func benchmarkCorpusFiles(b *testing.B, count func(string) int) {
	files, _ := filepath.Glob("../../testdata/corpus/servers/*.json")
	var texts []string
	size := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		texts = append(texts, string(data))
		size += len(data)
	}
	b.SetBytes(int64(size))
	for b.Loop() {
		for _, t := range texts {
			count(t)
		}
	}
}

// Every character of the Basic Multilingual Plane, and a sample of the
// others, alone and between letters, spaces and itself, counts as the
// library counts it: the character classes of split.go are the engine's.
func TestCountIsTheLibrarysOnEveryCharacter(t *testing.T) {
	bad := 0
	for r := rune(0); r <= utf8.MaxRune && bad < 20; r++ {
		if r > 0xFFFF {
			r += 12
		}
		if !utf8.ValidRune(r) {
			continue
		}
		s := string(r)
		text := "a" + s + " " + s + s + "\n" + s + "'s" + "A" + s + "b"
		if got, want := Count(text), libraryCount(text); got != want {
			t.Errorf("%U in %q: %d tokens, library %d", r, text, got, want)
			bad++
		}
	}
}

// Long pieces take the heap path; runs of a few characters make ranks
// tie and change under neighbouring merges, which is where a heap that
// updates in place could go wrong.
func TestLongPiecesCountAsTheLibrary(t *testing.T) {
	r := rand.New(rand.NewPCG(32, 32))
	for _, alphabet := range []string{`"",{}[]:`, "ab", "aaab", "-_=+", "0,"} {
		for range 40 {
			var b strings.Builder
			for range heapThreshold + r.IntN(1500) {
				b.WriteByte(alphabet[r.IntN(len(alphabet))])
			}
			if got, want := Count(b.String()), libraryCount(b.String()); got != want {
				t.Fatalf("%q: %d tokens, library %d", b.String(), got, want)
			}
		}
	}
}

func TestLongestPiecesCountWithinAFewTokens(t *testing.T) {
	const window = 4096
	for _, unit := range []string{`"",`, `{},`, "-", "ab", "é", "\u0000a"} {
		piece := strings.Repeat(unit, (20*window+123)/len(unit))
		got, exact := windowCount(piece, window), mergeCountHeap(piece)
		if got < exact || got > exact+20*2 {
			t.Errorf("%q × %d: %d tokens counted by window, %d exactly", unit, len(piece)/len(unit), got, exact)
		}
	}
	// Count takes windows past maxExactPiece, which lose a merge or two.
	piece := strings.Repeat(`"",`, maxExactPiece/3+100)
	if n, exact := Count(piece), mergeCountHeap(piece); n != windowCount(piece, maxExactPiece) || n == exact {
		t.Errorf("a %d-byte piece: %d tokens, %d exactly", len(piece), n, exact)
	}
}
