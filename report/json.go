// Package report renders a run's result. It decides nothing: severities,
// order and content come from the result as given.
package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"runtime"
	"strconv"

	"github.com/mcp-contract/mcp-contract/contract"
)

// SchemaVersion is the version of the JSON report format (design.md §5).
const SchemaVersion = 1

// Meta names the program that wrote a report.
type Meta struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

type jsonSummary struct {
	Error   int `json:"error"`
	Warning int `json:"warning"`
	Info    int `json:"info"`
	Servers int `json:"servers"`
	Tools   int `json:"tools"`
	// Omitted is how many of the counts above are not in findings (the
	// cap per rule per server); the omitted list says which.
	Omitted int `json:"omitted,omitempty"`
}

// JSON writes the versioned JSON report. Findings are encoded one at a time,
// so a report of tens of thousands of findings never sits in memory twice.
func JSON(w io.Writer, r *contract.Result, meta Meta) error {
	counts := r.Count()
	summary := jsonSummary{
		Error:   counts[contract.Error],
		Warning: counts[contract.Warning],
		Info:    counts[contract.Info],
		Servers: len(r.Servers),
		Tools:   r.ToolCount(),
		Omitted: r.OmittedCount(),
	}
	servers := r.Servers
	if servers == nil {
		servers = []contract.ServerInfo{}
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	e := &elementEncoder{w: bw}
	e.raw("{\n  \"schemaVersion\": ")
	e.value(SchemaVersion, "  ")
	e.raw(",\n  \"tool\": ")
	e.value(meta, "  ")
	e.raw(",\n  \"servers\": ")
	e.value(servers, "  ")
	if r.Drift != nil {
		e.raw(",\n  \"drift\": ")
		e.value(r.Drift, "  ")
	}
	if r.Session != nil {
		e.raw(",\n  \"session\": ")
		e.value(r.Session, "  ")
	}
	e.raw(",\n  \"findings\": [")
	e.findings(r.Findings)
	if len(r.Findings) > 0 {
		e.raw("\n  ")
	}
	e.raw("]")
	if len(r.Omitted) > 0 {
		e.raw(",\n  \"omitted\": ")
		e.value(r.Omitted, "  ")
	}
	e.raw(",\n  \"summary\": ")
	e.value(summary, "  ")
	e.raw("\n}\n")
	if e.err != nil {
		return e.err
	}
	return bw.Flush()
}

// findingChunk is how many findings one goroutine encodes at a time.
const findingChunk = 1024

// findings writes the elements of the findings array. A large report is
// encoded on every core, a chunk of findings per goroutine, and the chunks
// are written in order; at most two chunks per core wait in memory, so the
// report still never sits in memory whole.
func (e *elementEncoder) findings(fs []contract.Finding) {
	chunks := (len(fs) + findingChunk - 1) / findingChunk
	if chunks <= 1 {
		e.findingRange(fs, 0, len(fs))
		return
	}
	type encoded struct {
		buf  *bytes.Buffer
		err  error
		done chan struct{}
	}
	// free holds the buffers of chunks already written, for the next
	// chunks to reuse: the report then allocates a few chunks' worth
	// instead of its whole size again in garbage (peak RSS on 100,000 tools
	// rose by 200 MB with a new buffer per chunk). No more buffers exist
	// than slots, so sending to free never blocks.
	free := make(chan *bytes.Buffer, 2*runtime.GOMAXPROCS(0)+1)
	out := make([]*encoded, chunks)
	for k := range out {
		out[k] = &encoded{done: make(chan struct{})}
	}
	slots := make(chan struct{}, 2*runtime.GOMAXPROCS(0))
	go func() {
		for k := range out {
			slots <- struct{}{}
			go func() {
				var b *bytes.Buffer
				select {
				case b = <-free:
				default:
					b = new(bytes.Buffer)
				}
				out[k].buf = b
				c := &elementEncoder{w: bufio.NewWriter(b)}
				c.findingRange(fs, k*findingChunk, min((k+1)*findingChunk, len(fs)))
				if c.err == nil {
					c.err = c.w.Flush()
				}
				out[k].err = c.err
				close(out[k].done)
			}()
		}
	}()
	for _, c := range out {
		<-c.done
		if e.err == nil {
			if e.err = c.err; e.err == nil {
				_, e.err = e.w.Write(c.buf.Bytes())
			}
		}
		c.buf.Reset()
		free <- c.buf
		c.buf = nil
		<-slots
	}
}

// findingRange writes findings [from, to) as elements of the array.
func (e *elementEncoder) findingRange(fs []contract.Finding, from, to int) {
	for i := from; i < to; i++ {
		if i > 0 {
			e.raw(",")
		}
		e.raw("\n    ")
		e.finding(&fs[i])
	}
}

// elementEncoder writes indented JSON values one by one, keeping the first error.
type elementEncoder struct {
	w   *bufio.Writer
	buf bytes.Buffer
	err error
}

func (e *elementEncoder) raw(s string) {
	if e.err == nil {
		_, e.err = e.w.WriteString(s)
	}
}

func (e *elementEncoder) value(v any, prefix string) {
	if e.err != nil {
		return
	}
	e.buf.Reset()
	enc := json.NewEncoder(&e.buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent(prefix, "  ")
	if e.err = enc.Encode(v); e.err == nil {
		_, e.err = e.w.Write(bytes.TrimSuffix(e.buf.Bytes(), []byte("\n")))
	}
}

// finding writes a finding as value(f, "    ") would. Encoding each finding
// through encoding/json's reflection and then re-indenting it was a tenth of
// a lint of a large catalog; the common shape (no patch, no related places)
// is written directly, the rest still goes through value.
func (e *elementEncoder) finding(f *contract.Finding) {
	if f.Patch != nil || len(f.Related) > 0 || len(f.Details) > 0 {
		e.value(f, "    ")
		return
	}
	if e.err != nil {
		return
	}
	const field = "\n      \""
	e.raw("{")
	e.str(field+"rule\": ", f.Rule)
	e.str(",\n      \"severity\": ", f.Severity.String())
	e.str(","+field+"category\": ", f.Category)
	e.optStr(","+field+"server\": ", f.Server)
	e.optStr(","+field+"tool\": ", f.Tool)
	e.optStr(","+field+"pointer\": ", f.Pointer)
	e.optStr(","+field+"file\": ", f.File)
	e.optInt(","+field+"line\": ", f.Line)
	e.optInt(","+field+"column\": ", f.Column)
	e.str(","+field+"message\": ", f.Message)
	e.optStr(","+field+"fix\": ", f.Fix)
	e.optStr(","+field+"change\": ", f.Change)
	if f.New != nil {
		e.raw("," + field + "new\": " + strconv.FormatBool(*f.New))
	}
	e.optStr(","+field+"allowedBy\": ", f.AllowedBy)
	e.raw("\n    }")
}

func (e *elementEncoder) optStr(key, s string) {
	if s != "" {
		e.str(key, s)
	}
}

func (e *elementEncoder) optInt(key string, n int) {
	if n != 0 {
		e.raw(key)
		e.raw(strconv.Itoa(n))
	}
}

// str writes key and s as a JSON string. Printable ASCII without quote or
// backslash is written as it is; anything else takes encoding/json's
// escaping (invalid UTF-8, U+2028), so the bytes match value's.
func (e *elementEncoder) str(key, s string) {
	e.raw(key)
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			e.value(s, "")
			return
		}
	}
	e.raw("\"")
	e.raw(s)
	e.raw("\"")
}
