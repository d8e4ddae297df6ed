package testenv

import (
	"slices"
	"strings"
	"testing"
	"unicode"
)

// RunnerCommand is one workflow command the GitHub runner would run on a
// line of a step's output.
type RunnerCommand struct {
	Line       int // 1-based line of the output
	Legacy     bool
	Indented   bool // the "::" form, found after leading white space
	Name       string
	Properties map[string]string
	Data       string
	Text       string // the line as written
}

// RegisteredCommands are the names the runner acts on: its command
// extensions plus stop-commands (actions/runner,
// src/Runner.Worker/ActionCommandManager.cs, the constructor and
// RegisterCommandExtension; internal-set-repo-path is registered only while
// actions/checkout runs).
var RegisteredCommands = []string{
	"set-env", "set-output", "save-state", "add-mask", "add-path", "add-matcher", "remove-matcher",
	"debug", "warning", "error", "notice", "group", "endgroup", "echo", "stop-commands",
}

// RunnerCommands reads output the way the runner reads a step's stdout and
// stderr: line by line (StreamReader.ReadLine splits at "\n", "\r" and
// "\r\n"), each line tried with ActionCommand.TryParseV2 and then the legacy
// ActionCommand.TryParse (ActionCommandManager.TryProcessCommand). The two
// parsers are ported from actions/runner src/Runner.Common/ActionCommand.cs.
//
// The runner's StartsWith and IndexOf are culture-sensitive, and .NET on
// Linux compares through ICU, where controls and format characters carry no
// weight; the port models that by matching on the line without them
// (ignorable). After stop-commands the runner runs nothing until its token
// comes back; the port still lists every command, since any line past a
// hostile stop-commands is one the runner was tricked into ignoring.
func RunnerCommands(output string) []RunnerCommand {
	registered := map[string]bool{}
	for _, name := range RegisteredCommands {
		registered[name] = true
	}
	var found []RunnerCommand
	output = strings.ReplaceAll(output, "\r\n", "\n")
	for i, line := range strings.FieldsFunc(output, func(r rune) bool { return r == '\n' || r == '\r' }) {
		if c, ok := tryParseV2(line, registered); ok {
			c.Line, c.Text = i+1, line
			found = append(found, c)
		} else if c, ok := tryParse(line, registered); ok {
			c.Line, c.Text = i+1, line
			found = append(found, c)
		}
	}
	return found
}

// ignorable drops what ICU's root collation gives no weight: C0 and C1
// controls other than the white space TrimStart removes, and format
// characters (Cf).
func ignorable(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Cf, r) || unicode.IsControl(r) && !unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

// tryParseV2 ports TryParseV2: "::" at the start once leading white space
// is trimmed, the command info up to the next "::", a registered name before
// the first space, properties "k=v" split at ",", the rest is the data.
func tryParseV2(message string, registered map[string]bool) (RunnerCommand, bool) {
	message = ignorable(message)
	trimmed := strings.TrimLeftFunc(message, unicode.IsSpace)
	if !strings.HasPrefix(trimmed, "::") {
		return RunnerCommand{}, false
	}
	end := strings.Index(trimmed[2:], "::")
	if end < 0 {
		return RunnerCommand{}, false
	}
	info := trimmed[2 : 2+end]
	name, props, hasProps := strings.Cut(info, " ")
	if !registered[name] {
		return RunnerCommand{}, false
	}
	c := RunnerCommand{Name: name, Indented: trimmed != message, Properties: map[string]string{}}
	if hasProps {
		for _, p := range strings.Split(strings.TrimSpace(props), ",") {
			if k, v, ok := strings.Cut(p, "="); ok && k != "" && v != "" {
				c.Properties[k] = unescape(v, "%0D", "\r", "%0A", "\n", "%3A", ":", "%2C", ",", "%25", "%")
			}
		}
	}
	c.Data = unescape(trimmed[2+end+2:], "%0D", "\r", "%0A", "\n", "%25", "%")
	return c, true
}

// tryParse ports the legacy TryParse: "##[" anywhere, the command info up
// to the next "]", a registered name before the first space, properties
// "k=v" split at ";", the rest is the data.
func tryParse(message string, registered map[string]bool) (RunnerCommand, bool) {
	message = ignorable(message)
	start := strings.Index(message, "##[")
	if start < 0 {
		return RunnerCommand{}, false
	}
	rb := strings.IndexByte(message[start:], ']')
	if rb < 0 {
		return RunnerCommand{}, false
	}
	info := message[start+3 : start+rb]
	name, props, hasProps := strings.Cut(info, " ")
	if !registered[name] {
		return RunnerCommand{}, false
	}
	c := RunnerCommand{Name: name, Legacy: true, Properties: map[string]string{}}
	legacy := []string{"%3B", ";", "%0D", "\r", "%0A", "\n", "%5D", "]", "%25", "%"}
	if hasProps {
		for _, p := range strings.Split(props, ";") {
			if k, v, ok := strings.Cut(p, "="); ok && k != "" && v != "" {
				c.Properties[k] = unescape(v, legacy...)
			}
		}
	}
	c.Data = unescape(message[start+rb+1:], legacy...)
	return c, true
}

// unescape replaces each escape in the runner's order (one pass per
// mapping, as its Unescape does).
func unescape(s string, pairs ...string) string {
	for i := 0; i < len(pairs); i += 2 {
		s = strings.ReplaceAll(s, pairs[i], pairs[i+1])
	}
	return s
}

// OurCommands are the workflow commands mcp-contract writes, and the
// properties it gives them.
var OurCommands = map[string][]string{
	"add-mask": nil,
	"error":    {"title", "file", "line", "col", "endLine", "endColumn"},
	"warning":  {"title", "file", "line", "col", "endLine", "endColumn"},
	"notice":   {"title", "file", "line", "col", "endLine", "endColumn"},
	"group":    nil,
	"endgroup": nil,
}

// ForeignCommands are the commands in output that mcp-contract did not
// write: ours are the "::" form at the very start of a line, named in
// OurCommands with only its properties, and never add-mask of a value named
// in hostile (a server must not choose what the log hides).
func ForeignCommands(output string, hostile ...string) []RunnerCommand {
	var foreign []RunnerCommand
	for _, c := range RunnerCommands(output) {
		props, ours := OurCommands[c.Name]
		ours = ours && !c.Legacy && !c.Indented && strings.HasPrefix(c.Text, "::")
		for k := range c.Properties {
			if !slices.Contains(props, k) {
				ours = false
			}
		}
		if c.Name == "add-mask" {
			for _, h := range hostile {
				if h != "" && strings.Contains(c.Data, h) {
					ours = false
				}
			}
		}
		if !ours {
			foreign = append(foreign, c)
		}
	}
	return foreign
}

// AssertOnlyOurCommands fails t for each of output's ForeignCommands; what
// names the output in the message.
func AssertOnlyOurCommands(t testing.TB, what, output string, hostile ...string) {
	t.Helper()
	for _, c := range ForeignCommands(output, hostile...) {
		t.Errorf("%s: line %d runs as the runner's %q command, which is not ours: %q", what, c.Line, c.Name, c.Text)
	}
}
