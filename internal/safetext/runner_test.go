package safetext

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/internal/testenv"
)

// hostileLog is what a server's stderr, a config's command or a tool name
// can carry into our output: both of the runner's command forms, hidden
// behind white space, controls and zero-width characters, with every line
// ending the runner splits at.
const hostileLog = "::set-output name=a::b\n" +
	"  \t::warning::indented\r\n" +
	"\u200b\ufeff::add-mask::PWNED\n" +
	"\x1b[2K::error::after an escape\r" +
	"text then ##[set-output name=x]y and ##[stop-commands]tok\n" +
	"#\u00ad#[error]soft hyphen\n" +
	"#\u200b#[error]zero width\n" +
	"\u00a0\u2003::notice::odd spaces\n" +
	"x\r::error::after a carriage return\n"

func TestGuardRunsNothing(t *testing.T) {
	if len(testenv.RunnerCommands(hostileLog)) < 8 {
		t.Fatalf("the hostile log runs only %d commands as it is: the test input is wrong", len(testenv.RunnerCommands(hostileLog)))
	}
	// Every way of cutting the text into writes.
	for step := 1; step <= len(hostileLog); step++ {
		var out bytes.Buffer
		g := NewGuard(&out)
		for i := 0; i < len(hostileLog); i += step {
			g.Write([]byte(hostileLog[i:min(i+step, len(hostileLog))]))
		}
		g.Flush()
		if got := testenv.RunnerCommands(out.String()); len(got) > 0 {
			t.Fatalf("writes of %d bytes: the runner runs %+v in %q", step, got, out.String())
		}
		if !strings.Contains(out.String(), "## [stop-commands]tok") || !strings.Contains(out.String(), ": :set-output") {
			t.Fatalf("writes of %d bytes: the text is not kept readable: %q", step, out.String())
		}
	}
}

// A line longer than what a Guard holds is written in pieces, and no piece
// boundary joins "##" and "[".
func TestGuardLongLine(t *testing.T) {
	for _, pad := range []int{maxPending - 2, maxPending - 1, maxPending, maxPending + 1} {
		var out bytes.Buffer
		g := NewGuard(&out)
		g.Write([]byte(strings.Repeat(" ", pad) + "::warning::x " + strings.Repeat("é", maxPending) + "##"))
		g.Write([]byte("[error]y\n"))
		if got := testenv.RunnerCommands(out.String()); len(got) > 0 {
			t.Errorf("pad %d: the runner runs %+v", pad, got)
		}
	}
}

// Our own commands go through as they are, each on its own line, and text
// written between them is still neutralised.
func TestGuardCommands(t *testing.T) {
	var out bytes.Buffer
	g := NewGuard(&out)
	cmds := CommandsTo(g)
	fmt.Fprint(g, "partial ")
	fmt.Fprint(cmds, "::add-mask::s3cret\n")
	fmt.Fprint(cmds, "::warning title=mcp-contract,file=a.json::bad ::x\n")
	fmt.Fprint(cmds, "::error::two\n::error::lines\n")
	fmt.Fprint(cmds, "  ::warning::not a command line of ours\n")
	fmt.Fprint(g, "::error::from a server\n")
	g.Flush()
	want := "partial \n::add-mask::s3cret\n::warning title=mcp-contract,file=a.json::bad ::x\n::error::two\n::error::lines\n  : :warning::not a command line of ours\n: :error::from a server\n"
	if out.String() != want {
		t.Errorf("got\n%q\nwant\n%q", out.String(), want)
	}
	if got := testenv.ForeignCommands(out.String()); len(got) != 0 {
		t.Errorf("foreign: %+v", got)
	}
	var plain bytes.Buffer
	if CommandsTo(&plain) != &plain {
		t.Error("CommandsTo a plain writer must be that writer")
	}
}
