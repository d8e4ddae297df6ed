package snapshot

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/source"
)

func parse(t *testing.T, s string) *contract.Catalog {
	t.Helper()
	c, err := source.Parse([]byte(s), "", "srv", "test")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestEncodeIsCanonical(t *testing.T) {
	// Same tools, different key order, tool order and required order: one snapshot.
	a := parse(t, `{"tools":[{"name":"b","inputSchema":{"type":"object","required":["y","x"],"properties":{"y":{"type":"number","maximum":1.50},"x":{"enum":["z","a"]}}}},{"name":"a","inputSchema":{"type":"object"}}]}`)
	b := parse(t, `[{"inputSchema":{"type":"object"},"name":"a"},{"inputSchema":{"properties":{"x":{"enum":["z","a"]},"y":{"maximum":1.50,"type":"number"}},"required":["x","y"],"type":"object"},"name":"b"}]`)
	want := `{
  "tools": [
    {
      "inputSchema": {
        "type": "object"
      },
      "name": "a"
    },
    {
      "inputSchema": {
        "properties": {
          "x": {
            "enum": [
              "z",
              "a"
            ]
          },
          "y": {
            "maximum": 1.50,
            "type": "number"
          }
        },
        "required": [
          "x",
          "y"
        ],
        "type": "object"
      },
      "name": "b"
    }
  ]
}
`
	if got := string(Encode(a)); got != want {
		t.Errorf("Encode(a) =\n%s\nwant\n%s", got, want)
	}
	if !bytes.Equal(Encode(a), Encode(b)) {
		t.Error("equivalent catalogs encode differently")
	}
	if ToolHash(a.Tool("b")) != ToolHash(b.Tool("b")) {
		t.Error("equivalent tools hash differently")
	}
}

// Digest streams the encoding into the hash (a deep catalog encodes to the
// square of its depth); it must still be the hash of what Encode writes.
func TestDigestHashesTheEncoding(t *testing.T) {
	for _, s := range []string{
		`[{"name":"b","inputSchema":{"type":"object","required":["z","a"],"properties":{"z":{"enum":[3,1,"\u2028"]}}}},{"name":"a","inputSchema":{}}]`,
		`[{"name":"t","inputSchema":` + strings.Repeat(`{"type":"object","properties":{"p":`, 1000) + `{}` + strings.Repeat(`}}`, 1000) + `}]`,
	} {
		c := parse(t, s)
		sum := sha256.Sum256(Encode(c))
		if got, want := Digest(c), "sha256:"+hex.EncodeToString(sum[:]); got != want {
			t.Errorf("Digest = %s, want the sha256 of Encode, %s", got, want)
		}
	}
	// 4,000 levels indent to more than MaxSize (the square of the depth:
	// 3,000 were over 64 MiB, under 96): no snapshot file can be that
	// catalog, so it has no digest, and none is computed.
	deep := parse(t, `[{"name":"t","inputSchema":`+strings.Repeat(`{"type":"object","properties":{"p":`, 4000)+`{}`+strings.Repeat(`}}`, 4000)+`}]`)
	if size := jsontree.EncodedSize(sortedRoot(deep), canonical, MaxSize); size <= MaxSize {
		t.Fatalf("the deep catalog encodes to %d bytes, not over MaxSize %d", size, MaxSize)
	}
	if got := Digest(deep); got != "" {
		t.Errorf("Digest of a catalog over MaxSize = %s, want none", got)
	}
}

func TestEncodeCorpusIsStable(t *testing.T) {
	files, _ := filepath.Glob("../testdata/corpus/servers/*.json")
	if len(files) == 0 {
		t.Fatal("no corpus")
	}
	for _, f := range files {
		c, err := source.LoadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		once := Encode(c)
		again, err := source.Parse(once, "", c.Server, "test")
		if err != nil {
			t.Fatalf("%s: snapshot does not parse: %v", f, err)
		}
		if !bytes.Equal(once, Encode(again)) {
			t.Errorf("%s: encoding a snapshot changes it", f)
		}
		if len(again.Tools) != len(c.Tools) {
			t.Errorf("%s: %d tools became %d", f, len(c.Tools), len(again.Tools))
		}
	}
}

func TestWriteIsAtomicAndIdempotent(t *testing.T) {
	dir := t.TempDir()
	c := parse(t, `{"tools":[{"name":"a","inputSchema":{"type":"object"}}]}`)
	changed, err := Write(dir, c)
	if err != nil || !changed {
		t.Fatalf("first write: changed=%v err=%v", changed, err)
	}
	first, _ := os.ReadFile(filepath.Join(dir, "srv.json"))
	changed, err = Write(dir, c)
	if err != nil || changed {
		t.Fatalf("second write: changed=%v err=%v", changed, err)
	}
	if again, _ := os.ReadFile(filepath.Join(dir, "srv.json")); !bytes.Equal(first, again) {
		t.Error("rewriting an unchanged server changed the file")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temp files left behind: %v", entries)
	}

	failed := &contract.Catalog{Server: "srv", Error: "connection refused"}
	if _, err := Write(dir, failed); err == nil || !strings.Contains(err.Error(), "connection refused") {
		t.Errorf("a failed fetch must not be written, got err %v", err)
	}
	if again, _ := os.ReadFile(filepath.Join(dir, "srv.json")); !bytes.Equal(first, again) {
		t.Error("a failed fetch touched the old snapshot")
	}
}

// A write that fails half way leaves the old snapshot byte for byte, and no
// temp file. The failure comes from the file size limit (RLIMIT_FSIZE),
// which root is held to as well, so the test proves the same as root (as in
// containers) and as a user: the temp file is created, the write into it
// fails with EFBIG (Go ignores SIGXFSZ), and the rename never happens.
func TestWriteFailureLeavesOldFile(t *testing.T) {
	dir := t.TempDir()
	if _, err := Write(dir, parse(t, `[{"name":"a","inputSchema":{"type":"object"}}]`)); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "srv.json")
	old, err := os.ReadFile(path)
	if err != nil || len(old) == 0 {
		t.Fatalf("no old snapshot to protect: %v", err)
	}
	const limit = 4096
	bigger := parse(t, `[{"name":"a","description":"`+strings.Repeat("x", 2*limit)+`","inputSchema":{"type":"object"}}]`)

	var saved syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &saved); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: limit, Max: saved.Max}); err != nil {
		t.Fatal(err)
	}
	_, werr := Write(dir, bigger)
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &saved); err != nil {
		t.Fatal(err)
	}

	if werr == nil || !strings.Contains(werr.Error(), "file too large") {
		t.Fatalf("a write over the file size limit must fail with EFBIG, got %v", werr)
	}
	now, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(now, old) {
		t.Errorf("the old snapshot changed (err %v): was %d bytes, now %d", err, len(old), len(now))
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("temp files left behind: %v", entries)
	}
	// The same write without the limit succeeds: the failure above was the limit's.
	if _, err := Write(dir, bigger); err != nil {
		t.Errorf("without the limit: %v", err)
	}
}

func TestChanged(t *testing.T) {
	dir := t.TempDir()
	c := parse(t, `[{"name":"a","inputSchema":{"type":"object"}}]`)
	if ch, _ := Changed(dir, c); !ch {
		t.Error("a missing snapshot must count as changed")
	}
	Write(dir, c)
	if ch, _ := Changed(dir, c); ch {
		t.Error("just written, must be unchanged")
	}
	if ch, _ := Changed(dir, parse(t, `[{"name":"a","inputSchema":{"type":"object"},"description":"new"}]`)); !ch {
		t.Error("a new description must count as changed")
	}
}

// snapshot never writes what lint and drift refuse to read back: indentation
// grows with depth, so 3 MB of compact JSON 1,000 levels deep would encode to
// more than 3 GB. It is refused from its size alone, before any byte is built.
func TestRefusesSnapshotsTooLargeToReadBack(t *testing.T) {
	const depth = 1000
	doc := `{"name":"deep","inputSchema":{"type":"object","default":` + strings.Repeat("[", depth) +
		strings.TrimSuffix(strings.Repeat("1,", 1<<20), ",") + strings.Repeat("]", depth) + `}}`
	root, err := jsontree.Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	c := &contract.Catalog{Server: "srv", Tools: []*contract.Tool{{Name: "deep", Node: root}}}
	dir := t.TempDir()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	before := ms.TotalAlloc
	_, err = Write(dir, c)
	runtime.ReadMemStats(&ms)
	var se *contract.ServerError
	if !errors.As(err, &se) || !strings.Contains(se.Msg, "more than lint and drift read back") {
		t.Fatalf("want a refusal, got %v", err)
	}
	if extra := ms.TotalAlloc - before; extra > 64<<20 {
		t.Errorf("refusing allocated %d MB", extra>>20)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("files written: %v", entries)
	}
}
