// Package contract is the data model every step shares: catalogs of tools in,
// findings out. It imports no sibling package.
package contract

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// Severity orders findings; Off disables a rule.
type Severity int

const (
	Off Severity = iota
	Info
	Warning
	Error
)

func (s Severity) String() string {
	switch s {
	case Info:
		return "info"
	case Warning:
		return "warning"
	case Error:
		return "error"
	}
	return "off"
}

// ParseSeverity reads error|warning|info|off (and "never" as a fail-on level
// above every severity, returned as Error+1).
func ParseSeverity(s string) (Severity, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "error":
		return Error, nil
	case "warning", "warn":
		return Warning, nil
	case "info":
		return Info, nil
	case "off":
		return Off, nil
	case "never":
		return Error + 1, nil
	}
	return Off, fmt.Errorf("unknown severity %q (want error, warning, info or off)", s)
}

func (s Severity) MarshalJSON() ([]byte, error) { return json.Marshal(s.String()) }

func (s *Severity) UnmarshalJSON(b []byte) error {
	var str string
	if err := json.Unmarshal(b, &str); err != nil {
		return err
	}
	v, err := ParseSeverity(str)
	*s = v
	return err
}

// Categories of findings.
const (
	CategoryLint      = "lint"
	CategoryDrift     = "drift"
	CategoryCollision = "collision"
)

// Drift change kinds. ChangeReview breaks no call but must be read (a
// description, an annotation) and is reported as a warning; it was "info"
// once, which contradicted that severity.
const (
	ChangeBreaking    = "breaking"
	ChangeNonBreaking = "non-breaking"
	ChangeReview      = "review"
)

// Tool is one tool object as its server published it.
type Tool struct {
	// Name is the tool's "name" string ("" when missing or not a string).
	Name string
	// Node is the tool object exactly as parsed: key order, duplicate keys and
	// number literals are kept.
	Node *jsontree.Node
	// Index is the tool's place in its server's list.
	Index int
	// File and Lines locate Node when the tool was read from a file.
	File  string
	Lines *jsontree.Lines
	// Masked are the pointers of the strings and keys where the server had
	// put a secret value of its own configuration, now masked in Node.
	Masked []string
}

// Input returns the inputSchema node, or nil.
func (t *Tool) Input() *jsontree.Node { return t.Node.Get("inputSchema") }

// Output returns the outputSchema node, or nil.
func (t *Tool) Output() *jsontree.Node { return t.Node.Get("outputSchema") }

// Position returns where node sits, when the tool came from a file.
func (t *Tool) Position(node *jsontree.Node) (file string, line, column int) {
	if t == nil || t.Lines == nil || node == nil || node.Offset < 0 {
		return t.fileName(), 0, 0
	}
	line, column = t.Lines.Position(int(node.Offset))
	return t.File, line, column
}

// Raw returns the tool's bytes as its file has them, or nil when it was
// not read from a file.
func (t *Tool) Raw() []byte {
	if t == nil || t.Lines == nil || t.Node == nil || t.Node.Offset < 0 {
		return nil
	}
	return t.Lines.Raw(t.Node)
}

func (t *Tool) fileName() string {
	if t == nil {
		return ""
	}
	return t.File
}

// Catalog is one server's tool list.
type Catalog struct {
	// Server names the server: a config key, or a file's base name.
	Server string
	// Origin says where the tools came from: "file:PATH", "dir:PATH", "stdio:CMD", "http:URL".
	Origin string
	// ProtocolVersion is the version negotiated with a live server.
	ProtocolVersion string
	Tools           []*Tool
	// Error is set when the server could not be read; Tools is then empty.
	Error string
}

// Tool returns the first tool named name, or nil.
func (c *Catalog) Tool(name string) *Tool {
	for _, t := range c.Tools {
		if t.Name == name {
			return t
		}
	}
	return nil
}

// Finding is one result of any check. Pointer is relative to the tool object.
type Finding struct {
	Rule     string          `json:"rule"`
	Severity Severity        `json:"severity"`
	Category string          `json:"category"`
	Server   string          `json:"server,omitempty"`
	Tool     string          `json:"tool,omitempty"`
	Pointer  string          `json:"pointer,omitempty"`
	File     string          `json:"file,omitempty"`
	Line     int             `json:"line,omitempty"`
	Column   int             `json:"column,omitempty"`
	Message  string          `json:"message"`
	Fix      string          `json:"fix,omitempty"`
	Change   string          `json:"change,omitempty"`
	Patch    json.RawMessage `json:"patch,omitempty"`
	// Details are the keyword-level facts behind a finding that names one
	// change (a union introduced, a type widened to a union), each a
	// sentence: one change is one finding, and what it consists of is still
	// there to read.
	Details []string `json:"details,omitempty"`
	// Related are the other places a finding concerns, such as the other
	// side of a name collision, so each can be annotated.
	Related []Location `json:"related,omitempty"`
	// New is set only when the run had a base to compare with (--against
	// REF, or a committed baseline): true for a finding the base does not
	// have, false for one it already had. Nil means "not compared", so a
	// plain run's report does not claim every finding is new.
	New *bool `json:"new,omitempty"`
	// AllowedBy names the label that let this finding through the
	// verdict (a breaking change, a finding the pull request hides from
	// itself), so a reader of the JSON report sees what SARIF and the page
	// say; empty when nothing allowed it.
	AllowedBy string `json:"allowedBy,omitempty"`
}

// Existing reports whether the finding was already there in the base the
// run compared with; a finding never compared is not existing.
func (f *Finding) Existing() bool { return f.New != nil && !*f.New }

// Location is one place a finding points at besides its own.
type Location struct {
	Server  string `json:"server,omitempty"`
	Tool    string `json:"tool,omitempty"`
	Pointer string `json:"pointer,omitempty"`
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
}

// Locate fills File/Line/Column from the node's place in the tool's file.
func (f *Finding) Locate(t *Tool, node *jsontree.Node) {
	f.File, f.Line, f.Column = t.Position(node)
}

// RuleInfo is what `rules` and `explain` print about a rule of any step.
type RuleInfo struct {
	ID       string   `json:"id"`
	Group    string   `json:"group"`
	Severity Severity `json:"severity"`
	Summary  string   `json:"summary"`
	// Help: why it matters, the evidence, how to fix.
	Help string `json:"help"`
}
