package drift

import (
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
)

// LocateInSnapshots gives a place in a committed file to drift findings that
// have none: when the new side is a live server, a finding carries only a
// pointer, and an annotation needs a line the pull request shows. The
// finding is placed on the node at its pointer in the old (snapshot) tool,
// or the nearest ancestor that exists there, or for a tool the snapshot
// does not hold (an added tool) on the snapshot file itself.
func LocateInSnapshots(findings []contract.Finding, old []*contract.Catalog) {
	byServer := map[string]*contract.Catalog{}
	for _, c := range old {
		if _, ok := byServer[c.Server]; !ok {
			byServer[c.Server] = c
		}
	}
	for i := range findings {
		f := &findings[i]
		if f.File != "" || f.Category != contract.CategoryDrift {
			continue
		}
		c := byServer[f.Server]
		if c == nil {
			continue
		}
		t := c.Tool(f.Tool)
		if t == nil || t.Lines == nil {
			f.File = catalogFile(c)
			continue
		}
		locateNearest(f, t)
	}
}

// LocateInWorkTree moves drift findings placed in a file at a git ref
// (git:REF:path: a removal, compared with --against) onto the same tool in
// the work tree, at the nearest node of their pointer that exists there (for
// a removed property, its parent): a pull request shows the work tree, and a
// line of the ref's file is a line it may not show. A finding whose tool the
// work tree no longer holds keeps its place at the ref.
func LocateInWorkTree(findings []contract.Finding, new []*contract.Catalog) {
	byServer := map[string]*contract.Catalog{}
	for _, c := range new {
		if _, ok := byServer[c.Server]; !ok {
			byServer[c.Server] = c
		}
	}
	for i := range findings {
		f := &findings[i]
		if !strings.HasPrefix(f.File, "git:") || f.Category != contract.CategoryDrift {
			continue
		}
		c := byServer[f.Server]
		if c == nil {
			continue
		}
		if t := c.Tool(f.Tool); t != nil && t.Lines != nil && t.File != "" && !strings.HasPrefix(t.File, "git:") {
			locateNearest(f, t)
		}
	}
}

// locateNearest places f on the node at its pointer in t, or on the nearest
// ancestor that t holds.
func locateNearest(f *contract.Finding, t *contract.Tool) {
	f.Locate(t, t.Node.Nearest(f.Pointer))
}

// catalogFile is the file a catalog was read from, or "".
func catalogFile(c *contract.Catalog) string {
	if p, ok := strings.CutPrefix(c.Origin, "file:"); ok {
		return p
	}
	for _, t := range c.Tools {
		if t.File != "" {
			return t.File
		}
	}
	return ""
}
