package source

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestChangedLines(t *testing.T) {
	dir := t.TempDir()
	runGit(t, dir, "init", "-q")
	write(t, filepath.Join(dir, "tools", "a.json"), "1\n2\n3\n4\n5\n")
	write(t, filepath.Join(dir, "gone.json"), "x\n")
	runGit(t, dir, "add", "-A")
	runGit(t, dir, "commit", "-qm", "base")
	runGit(t, dir, "tag", "base")
	// Line 2 rewritten, two lines added after 4, the last line without a
	// newline; one file removed, one added.
	write(t, filepath.Join(dir, "tools", "a.json"), "1\ntwo\n3\n4\n4a\n4b\n5")
	write(t, filepath.Join(dir, "new.json"), "n1\nn2\n")
	runGit(t, dir, "rm", "-q", "gone.json")
	runGit(t, dir, "add", "-A")
	runGit(t, dir, "commit", "-qm", "head")

	got, err := ChangedLines(dir, "base")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]LineRange{
		"tools/a.json": {{2, 2}, {5, 7}},
		"new.json":     {{1, 2}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v\nwant %v", got, want)
	}

	if got, err := ChangedLines(dir, strings.Repeat("ab", 20)); got != nil || err != nil {
		t.Errorf("a base not in the clone: %v, %v; want no preference and no error", got, err)
	}
}
