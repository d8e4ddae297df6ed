package drift

import (
	"fmt"

	"github.com/mcp-contract/mcp-contract/contract"
)

var titleChanged = register(&Rule{
	ID: "drift/title-changed", Change: contract.ChangeReview,
	Summary: "A tool's or schema's title changed",
	Help: "Clients show the title (tool title, annotations.title) to users approving a call, so a changed title changes " +
		"what people consent to; schema titles reach the model like descriptions. Nothing is rejected. " +
		"Fix: review the new title; update the snapshot.",
})

var (
	_ = addToolCheck(checkToolTitle)
	_ = addSchemaCheck(checkSchemaTitle)
)

func checkToolTitle(p *toolPass) {
	for _, loc := range []struct{ parent, key, pointer string }{{"", "title", "/title"}, {"annotations", "title", "/annotations/title"}} {
		oldParent, newParent := p.Old.Node, p.New.Node
		if loc.parent != "" {
			oldParent, newParent = oldParent.Get(loc.parent), newParent.Get(loc.parent)
		}
		o, n := oldParent.Get(loc.key), newParent.Get(loc.key)
		if textOf(o) == textOf(n) {
			continue
		}
		at := n
		if at == nil {
			at = p.New.Node
		}
		p.report(titleChanged, false, at, loc.pointer, "%s %s", loc.pointer[1:], textChange(textOf(o), textOf(n)))
	}
}

func checkSchemaTitle(p *schemaPass) {
	if !p.Whole() {
		return
	}
	o, n := textOf(p.Old.value("title")), textOf(p.New.value("title"))
	if o != n {
		p.reportAt(titleChanged, false, "title", "%s title %s", p.Path, textChange(o, n))
	}
}

func textChange(o, n string) string {
	switch {
	case o == "":
		return fmt.Sprintf("added: %q", n)
	case n == "":
		return fmt.Sprintf("removed (was %q)", o)
	}
	return fmt.Sprintf("changed from %q to %q", o, n)
}
