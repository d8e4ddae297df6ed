// Package fixtureserver is an MCP server for tests: it serves the tools of a
// JSON file, byte for byte, over stdio or Streamable HTTP, and can misbehave
// the ways real servers do. The handshake and transports are the official Go
// SDK's; tools/list is answered from the raw bytes, since the SDK's typed
// tools would reorder keys and rewrite numbers.
package fixtureserver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// Mode is how the server misbehaves.
type Mode string

// The modes. Each names one failure a client must survive.
const (
	// Normal serves the tools (paged when Options.PageSize is set).
	Normal Mode = "normal"
	// Crash exits at start with a message on stderr.
	Crash Mode = "crash"
	// Garbage writes text that is not JSON-RPC where the answer belongs.
	Garbage Mode = "garbage"
	// Hang reads requests and never answers any.
	Hang Mode = "hang"
	// EndlessCursor answers every tools/list page with a new nextCursor.
	EndlessCursor Mode = "endless-cursor"
	// LoopCursor answers every tools/list page with the same nextCursor.
	LoopCursor Mode = "loop-cursor"
	// Huge answers tools/list with a tool whose description is HugeBytes long.
	Huge Mode = "huge"
	// Deep adds a tool whose input schema nests Depth levels of items.
	Deep Mode = "deep"
	// RemoteRef adds a tool whose input schema is a $ref to RefURL.
	RemoteRef Mode = "remote-ref"
	// WorkflowText adds a tool whose texts hold GitHub workflow commands.
	WorkflowText Mode = "workflow-text"
	// EchoEnv adds a tool whose description lists the server's environment
	// (echo.go).
	EchoEnv Mode = "echo-env"
	// EchoHeaders adds, over HTTP, a tool whose description lists the headers
	// of the tools/list request (echo.go).
	EchoHeaders Mode = "echo-headers"
	// ListError answers tools/list with a JSON-RPC error (echo.go).
	ListError Mode = "list-error"
	// LongStderr writes a 70 KB line to stderr before serving, which kills a
	// server whose client stops reading stderr (cmd/fixtureserver).
	LongStderr Mode = "long-stderr"
	// HostileText adds HostileTool and writes HostileTexts to stderr
	// (hostile.go, cmd/fixtureserver).
	HostileText Mode = "hostile-text"
)

// Modes lists every mode, for flags and tests.
var Modes = []Mode{Normal, Crash, Garbage, Hang, EndlessCursor, LoopCursor, Huge, Deep, RemoteRef, WorkflowText, EchoEnv, EchoHeaders, ListError, LongStderr, HostileText, TrapSignals}

// Options shape the misbehaviour.
type Options struct {
	Mode Mode
	// PageSize splits tools/list into pages; 0 serves one page. The second
	// page's cursor is the empty string, which 2026-07-28 allows.
	PageSize int
	// HugeBytes is the size of the Huge answer (default 20 MiB).
	HugeBytes int
	// Depth is the nesting of the Deep schema (default 5,000).
	Depth int
	// RefURL is the RemoteRef target (default https://example.invalid/schema.json).
	RefURL string
	// PageDelay is how long each tools/list page takes: a server that stays
	// just under a client's per-request timeout.
	PageDelay time.Duration
	// Stateless serves HTTP without sessions, the only way the SDK speaks
	// 2026-07-28 over HTTP; with sessions clients fall back to 2025-11-25.
	Stateless bool
}

// Server holds the tools to serve.
type Server struct {
	opts  Options
	tools [][]byte
}

// Load reads a tools file: {"tools": [...]}, a JSON-RPC response holding one,
// or a bare array of tools.
func Load(path string, opts Options) (*Server, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return New(data, opts)
}

// New serves the tools in data (any shape Load accepts).
func New(data []byte, opts Options) (*Server, error) {
	if opts.Mode == "" {
		opts.Mode = Normal
	}
	if !validMode(opts.Mode) {
		return nil, fmt.Errorf("unknown mode %q", opts.Mode)
	}
	if opts.HugeBytes <= 0 {
		opts.HugeBytes = 20 << 20
	}
	if opts.Depth <= 0 {
		opts.Depth = 5000
	}
	if opts.RefURL == "" {
		opts.RefURL = "https://example.invalid/schema.json"
	}
	root, err := jsontree.Parse(data)
	if err != nil {
		return nil, err
	}
	list := root
	if root.Is(jsontree.Object) && root.Has("result") {
		list = root.Get("result")
	}
	if list.Is(jsontree.Object) {
		list = list.Get("tools")
	}
	if !list.Is(jsontree.Array) {
		return nil, fmt.Errorf("expected {\"tools\": [...]}, a JSON-RPC response or an array of tools")
	}
	s := &Server{opts: opts}
	for _, t := range list.Items() {
		s.tools = append(s.tools, data[t.Offset:jsontree.ValueEnd(string(data), int(t.Offset))])
	}
	s.tools = append(s.tools, s.extraTools()...)
	return s, nil
}

func validMode(m Mode) bool {
	for _, known := range Modes {
		if m == known {
			return true
		}
	}
	return false
}

func (s *Server) extraTools() [][]byte {
	switch s.opts.Mode {
	case Deep:
		var b bytes.Buffer
		b.WriteString(`{"name":"deep","description":"A schema nested beyond any sane depth.","inputSchema":`)
		for range s.opts.Depth {
			b.WriteString(`{"type":"array","items":`)
		}
		b.WriteString(`{"type":"string"}`)
		b.WriteString(strings.Repeat("}", s.opts.Depth))
		b.WriteString(`}`)
		return [][]byte{b.Bytes()}
	case RemoteRef:
		ref, _ := json.Marshal(s.opts.RefURL)
		return [][]byte{[]byte(`{"name":"remote_ref","description":"Its schema lives elsewhere.","inputSchema":{"$ref":` + string(ref) + `}}`)}
	case HostileText:
		return [][]byte{HostileTool()}
	case EchoEnv:
		return [][]byte{echoTool(EchoEnvTool, "Environment", os.Environ())}
	case WorkflowText:
		return [][]byte{[]byte(`{"name":"workflow_text","description":"::error file=action.yml,line=1::injected%0A::add-mask::x\n::stop-commands::halt","inputSchema":{"type":"object","properties":{"q":{"type":"string","description":"%0A::warning::also here"}}}}`)}
	}
	return nil
}

// listTools answers tools/list from the raw tool bytes. cursor is nil when
// the request carried none, which is not the same as an empty cursor.
func (s *Server) listTools(cursor *string) []byte {
	time.Sleep(s.opts.PageDelay)
	page := 0
	if cursor != nil && *cursor != "" {
		n, err := strconv.Atoi(*cursor)
		if err != nil || n < 2 {
			page = -1
		} else {
			page = n
		}
	} else if cursor != nil {
		page = 1
	}
	switch s.opts.Mode {
	case Huge:
		return []byte(`{"tools":[{"name":"huge","description":"` + strings.Repeat("x", s.opts.HugeBytes) + `","inputSchema":{"type":"object"}}]}`)
	case EndlessCursor:
		return pageJSON(s.tools[:min(1, len(s.tools))], strconv.Itoa(max(page, 1)+1))
	case LoopCursor:
		return pageJSON(s.tools[:min(1, len(s.tools))], "again")
	}
	if page < 0 {
		return nil
	}
	if s.opts.PageSize <= 0 {
		return pageJSON(s.tools, "")
	}
	start := page * s.opts.PageSize
	if start > len(s.tools) {
		return nil
	}
	end := min(start+s.opts.PageSize, len(s.tools))
	next := ""
	if end < len(s.tools) {
		// Page 1's cursor is "", then "2", "3", …
		next = strconv.Itoa(page + 1)
		if page == 0 {
			next = `""`
		}
	}
	return pageJSON(s.tools[start:end], next)
}

// pageJSON writes one tools/list result; next is the cursor ("" for none,
// `""` for the empty-string cursor).
func pageJSON(tools [][]byte, next string) []byte {
	var b bytes.Buffer
	b.WriteString(`{"tools":[`)
	b.Write(bytes.Join(tools, []byte(",")))
	b.WriteString(`]`)
	switch next {
	case "":
	case `""`:
		b.WriteString(`,"nextCursor":""`)
	default:
		c, _ := json.Marshal(next)
		b.WriteString(`,"nextCursor":`)
		b.Write(c)
	}
	b.WriteString(`}`)
	return b.Bytes()
}
