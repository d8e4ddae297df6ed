package report

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
)

// TextOptions control the terminal report.
type TextOptions struct {
	// Color adds ANSI colours; the caller sets it only for a terminal without NO_COLOR.
	Color bool
	// FailOn is shown in the summary line so a reader knows why the run failed.
	FailOn contract.Severity
}

type painter struct{ on bool }

func (p painter) paint(code, s string) string {
	if !p.on {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

func (p painter) severity(s contract.Severity) string {
	label := fmt.Sprintf("%-7s", s.String())
	switch s {
	case contract.Error:
		return p.paint("31;1", label)
	case contract.Warning:
		return p.paint("33", label)
	}
	return p.paint("36", label)
}

// Text writes findings grouped by server, tool and JSON node, then a summary.
func Text(w io.Writer, r *contract.Result, opts TextOptions) error {
	tw := &errWriter{w: w}
	p := painter{on: opts.Color}
	byServer := map[string][]contract.Finding{}
	var extra []string
	known := map[string]bool{}
	for _, s := range r.Servers {
		known[s.Name] = true
	}
	for _, f := range r.Findings {
		if !known[f.Server] && byServer[f.Server] == nil {
			extra = append(extra, f.Server)
		}
		byServer[f.Server] = append(byServer[f.Server], f)
	}
	servers := append([]contract.ServerInfo(nil), r.Servers...)
	for _, name := range extra {
		servers = append(servers, contract.ServerInfo{Name: name})
	}
	for _, s := range servers {
		fs := byServer[s.Name]
		if len(fs) == 0 && s.Error == "" {
			continue
		}
		header := s.Name
		if header == "" {
			header = "(project)"
		}
		if s.Origin != "" {
			header += fmt.Sprintf(" (%s, %d tools)", s.Origin, s.Tools)
		}
		tw.printf("%s\n", p.paint("1", header))
		if s.Error != "" {
			tw.printf("  %s %s\n", p.severity(contract.Error), s.Error)
		}
		writeTools(tw, p, fs)
		tw.printf("\n")
	}
	writeTokens(tw, r)
	counts := r.Count()
	tw.printf("%s, %s, %s in %s, %s",
		plural(counts[contract.Error], "error"), plural(counts[contract.Warning], "warning"), plural(counts[contract.Info], "info"),
		plural(len(r.Servers), "server"), plural(r.ToolCount(), "tool"))
	if opts.FailOn > contract.Off && opts.FailOn <= contract.Error {
		failing := 0
		for sev, n := range counts {
			if sev >= opts.FailOn {
				failing += n
			}
		}
		if failing > 0 {
			tw.printf(" — %s at or above --fail-on %s", plural(failing, "finding"), opts.FailOn)
		}
	}
	tw.printf("\n")
	return tw.err
}

func writeTools(tw *errWriter, p painter, fs []contract.Finding) {
	var tools []string
	byTool := map[string][]contract.Finding{}
	for _, f := range fs {
		if _, seen := byTool[f.Tool]; !seen {
			tools = append(tools, f.Tool)
		}
		byTool[f.Tool] = append(byTool[f.Tool], f)
	}
	for _, tool := range tools {
		indent := "  "
		if tool != "" {
			tw.printf("  %s\n", p.paint("1", tool))
			indent = "    "
		}
		var nodes []string
		byNode := map[string][]contract.Finding{}
		for _, f := range byTool[tool] {
			key := location(f) + "\x00" + f.Pointer
			if _, seen := byNode[key]; !seen {
				nodes = append(nodes, key)
			}
			byNode[key] = append(byNode[key], f)
		}
		for _, key := range nodes {
			group := byNode[key]
			head := strings.TrimSpace(location(group[0]) + " " + group[0].Pointer)
			if head != "" {
				tw.printf("%s%s\n", indent, p.paint("2", head))
			}
			for _, f := range group {
				tw.printf("%s  %s %s  %s\n", indent, p.severity(f.Severity), p.paint("2", f.Rule), oneLine(f.Message))
				if f.Fix != "" {
					tw.printf("%s          fix: %s\n", indent, oneLine(f.Fix))
				}
				// The other sides of a collision: the clash is shown once, here.
				for _, r := range f.Related {
					tw.printf("%s          also: %s\n", indent, safetext.Line(strings.TrimSpace(r.Server+"/"+r.Tool+" "+location(contract.Finding{File: r.File, Line: r.Line, Column: r.Column}))))
				}
			}
			if broken := breaks(group); len(broken) > 1 {
				tw.printf("%s  breaks: %s\n", indent, strings.Join(broken, ", "))
			}
		}
	}
}

// breaks lists the rule groups (profiles) that reject the node.
func breaks(group []contract.Finding) []string {
	seen := map[string]bool{}
	var out []string
	for _, f := range group {
		if f.Severity != contract.Error {
			continue
		}
		g, _, _ := strings.Cut(f.Rule, "/")
		if !seen[g] {
			seen[g] = true
			out = append(out, g)
		}
	}
	sort.Strings(out)
	return out
}

func writeTokens(tw *errWriter, r *contract.Result) {
	type toolTokens struct {
		server, tool string
		n            int
	}
	var all []toolTokens
	total := 0
	for _, s := range r.Servers {
		total += s.Tokens
		for tool, n := range s.ToolTokens {
			all = append(all, toolTokens{s.Name, tool, n})
		}
	}
	if total == 0 {
		return
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].n != all[j].n {
			return all[i].n > all[j].n
		}
		return all[i].server+"/"+all[i].tool < all[j].server+"/"+all[j].tool
	})
	tw.printf("Tool definitions cost %d tokens per turn (o200k_base). Largest:\n", total)
	for i, t := range all {
		if i == 5 {
			break
		}
		tw.printf("  %6d  %s/%s\n", t.n, t.server, t.tool)
	}
	tw.printf("\n")
}

func location(f contract.Finding) string {
	switch {
	case f.File != "" && f.Line > 0:
		return fmt.Sprintf("%s:%d:%d", f.File, f.Line, f.Column)
	case f.File != "":
		return f.File
	}
	return ""
}

// oneLine keeps a message on one line and strips control characters, since
// messages quote text from servers we do not trust (a description could carry
// terminal escapes).
func oneLine(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || (r >= 0x7f && r < 0xa0) {
			return ' '
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

func plural(n int, word string) string {
	if n == 1 || word == "info" {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}
