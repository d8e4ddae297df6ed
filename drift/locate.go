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
		pointer := f.Pointer
		for {
			if node, ok := t.Node.Lookup(pointer); ok {
				f.Locate(t, node)
				break
			}
			j := strings.LastIndexByte(pointer, '/')
			if j < 0 {
				f.Locate(t, t.Node)
				break
			}
			pointer = pointer[:j]
		}
	}
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
