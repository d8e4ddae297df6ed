package progress

import (
	"bytes"
	"regexp"
	"testing"
)

type stage string

func (s stage) String() string { return string(s) }

// In GitHub Actions' log each server is one group, written when its fetch
// ends, with the time each stage began; a server it was not told of is
// ignored, and off a terminal and outside Actions there is no view.
func TestActionsLogGroupsEachServerWhenDone(t *testing.T) {
	var buf bytes.Buffer
	if New(&buf, func(s string) string { return s }, []string{"a"}, false) != nil {
		t.Fatal("a view outside a terminal and GitHub Actions")
	}
	v := New(&buf, func(s string) string { return s }, []string{"a", "b"}, true)
	v.Report("a", stage("starting"), Running, "")
	v.Report("zz", stage("starting"), Running, "")
	if buf.Len() != 0 {
		t.Fatalf("written before a server was done: %q", buf.String())
	}
	v.Report("a", stage("listing"), Running, "")
	v.Report("a", stage("done"), Done, "3 tools")
	v.Report("b", stage("starting"), Running, "")
	v.Report("b", stage("failed"), Failed, "exit 1")
	v.Close()
	want := regexp.MustCompile(`^::group::a: done in \d+\.\d s, 3 tools
starting at \d+\.\d s
listing at \d+\.\d s
done at \d+\.\d s: 3 tools
::endgroup::
::group::b: failed after \d+\.\d s: exit 1
starting at \d+\.\d s
failed at \d+\.\d s: exit 1
::endgroup::
$`)
	if !want.MatchString(buf.String()) {
		t.Errorf("got:\n%s", buf.String())
	}
}
