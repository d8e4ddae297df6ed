package drift

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

var inputPropertyAddedWithDefault = register(&Rule{
	ID: "drift/input-property-added-with-default", Change: contract.ChangeReview,
	Summary: "A new optional argument with a default",
	Help: "No call is rejected, but the server now applies the default to every call that never sent the key: " +
		"`minimal_output: {type: boolean, default: true}` changes what every existing call gets back unless true is what " +
		"the tool did before (oasdiff new-optional-request-property INFO and Confluent compatible see only the schema). " +
		"Fix: make the default the old behaviour, or say in the changelog what existing calls now get.",
})

var _ = addSchemaCheck(checkPropertyAddedWithDefault)

// checkPropertyAddedWithDefault reports, instead of drift/input-property-added,
// an optional argument that arrives with a default.
func checkPropertyAddedWithDefault(p *schemaPass) {
	if !p.Structural() || p.Dir != dirInput {
		return
	}
	for _, name := range uniqueKeys(p.New.value("properties")) {
		def, ptr := addedDefault(p, name)
		if def == nil {
			continue
		}
		p.reportNode(inputPropertyAddedWithDefault, false, def, ptr,
			"%s property %q was added with default %s: every call that leaves it out now gets that; does it equal what such calls got before?",
			p.Path, name, short(def))
	}
}

// addedDefault is the default of name, and its pointer, when name is a new
// optional property of the new side whose schema sets one; nil otherwise.
func addedDefault(p *schemaPass, name string) (*jsontree.Node, string) {
	props, ptr := p.New.get("properties")
	decl := props.Get(name)
	if p.Dir != dirInput || decl == nil || p.c.old.declares(p.Old, name, 0) || p.New.requiredSet()[name] {
		return nil, ""
	}
	// A default behind a local $ref applies just the same.
	return p.c.new.resolve(decl, jsontree.Append(ptr, name)).get("default")
}
