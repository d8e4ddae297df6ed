package drift

import (
	"strconv"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

var (
	inputPropertyRemoved = register(&Rule{
		ID: "drift/input-property-removed", Change: contract.ChangeBreaking,
		Summary: "An argument the tool accepted is no longer declared",
		Help: "Callers still send it: a closed schema now rejects the call, an open one silently drops what the caller meant " +
			"(mcpdiff T-PROP-REMOVE breaking; Confluent PROPERTY_REMOVED_FROM_CLOSED_CONTENT_MODEL incompatible). " +
			"Renaming a parameter (issueNumber → issue_number in github-mcp-server) shows up as this plus an added property. " +
			"A declaration dropped as its object opens up (closed to additionalProperties: true) with every value it took still " +
			"accepted is not this but part of drift/input-constraint-relaxed. " +
			"Fix: keep accepting the old name (mark it deprecated in its description) until callers move.",
	})
	inputPropertyAdded = register(&Rule{
		ID: "drift/input-property-added", Change: contract.ChangeNonBreaking,
		Summary: "A new optional argument",
		Help: "Old callers do not send it and need not (oasdiff new-optional-request-property INFO, mcpdiff T-PROP-ADD). " +
			"Under Confluent's strict content model it is incompatible for an open schema, since old data may hold the name with " +
			"another type; MCP callers write arguments from the schema, so the default here is the oasdiff/mcpdiff reading. Fix: nothing.",
	})
	outputPropertyRemoved = register(&Rule{
		ID: "drift/output-property-removed", Change: contract.ChangeBreaking,
		Summary: "A result field consumers read is no longer declared",
		Help: "Consumers of structuredContent that read the field find it missing or holding what it never held (oasdiff " +
			"response-required-property-removed ERR, mcpdiff T-OUT-PROP-REMOVE breaking). An optional field dropped as the object " +
			"closes up, so results only narrow, is not this. Fix: keep returning the field, or version the tool.",
	})
	outputPropertyAdded = register(&Rule{
		ID: "drift/output-property-added", Change: contract.ChangeNonBreaking,
		Summary: "A new result field",
		Help:    "Consumers ignore fields they do not know (oasdiff response-optional-property-added INFO, mcpdiff T-OUT-PROP-ADD). Fix: nothing.",
	})
)

var _ = addSchemaCheck(checkProperties)

// checkProperties compares the declared property names of a pair. An added
// property that is also required is drift/input-required-property-added's,
// and an optional one with a default drift/input-property-added-with-default's.
// A dropped declaration is judged by what the new schema does to its key
// (undeclared.go).
func checkProperties(p *schemaPass) {
	if !p.Structural() {
		return
	}
	oldProps, newProps := p.Old.value("properties"), p.New.value("properties")
	newRequired := p.New.requiredSet()
	for _, name := range uniqueKeys(oldProps) {
		if p.c.new.declares(p.New, name, 0) {
			continue
		}
		if msg, breaks := p.removal(name); breaks {
			_, ptr := p.Old.get("properties")
			p.reportNode(p.pick(inputPropertyRemoved, outputPropertyRemoved), true, oldProps.Get(name), jsontree.Append(ptr, name),
				"%s property %q was removed%s", p.Path, name, msg)
		}
	}
	for _, name := range uniqueKeys(newProps) {
		if p.c.old.declares(p.Old, name, 0) || (p.Dir == dirInput && newRequired[name]) || hasAddedDefault(p, name) {
			continue
		}
		_, ptr := p.New.get("properties")
		p.reportNode(p.pick(inputPropertyAdded, outputPropertyAdded), false, newProps.Get(name), jsontree.Append(ptr, name),
			"%s property %q was added", p.Path, name)
	}
}

// removal says whether dropping the declaration of name breaks the side that
// reads the schema, and how, as the rest of the message.
func (p *schemaPass) removal(name string) (string, bool) {
	f := p.fateOf(name)
	o, n := modelIn(p.c.old, p.Old), modelIn(p.c.new, p.New)
	if p.Dir == dirInput {
		switch {
		case f.rejects && f.lost != "":
			return " and the new schema rejects what callers sent for it (" + f.lost + ")", true
		case f.rejects:
			return " and the new schema may reject what callers send for it", true
		case n < o:
			// Dropped with the closed model: drift/input-constraint-relaxed names it.
			return "", false
		case f.passes:
			return ": calls that send it still pass, but nothing says the tool reads it any more", true
		}
		return "", false
	}
	switch {
	case f.admits && f.gained != "":
		return " and may now hold what the old schema ruled out (" + f.gained + ")", true
	case f.admits:
		return ": consumers may now get values for it the old schema ruled out", true
	case f.unrequired:
		return " and is no longer required: consumers may not get it", true
	case n > o:
		// Dropped with the open model: the object no longer returns it.
		return "", false
	case f.passes:
		return ": consumers that read it have no declaration to read it by", true
	}
	return "", false
}

// droppedWhileOpening names the declarations an input object dropped as it
// opened up, which checkProperties leaves to the content model's finding.
func droppedWhileOpening(p *schemaPass) []string {
	if p.Dir != dirInput {
		return nil
	}
	var out []string
	for _, name := range uniqueKeys(p.Old.value("properties")) {
		if !p.c.new.declares(p.New, name, 0) {
			if _, breaks := p.removal(name); !breaks {
				out = append(out, name)
			}
		}
	}
	return out
}

func quoted(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = strconv.Quote(n)
	}
	return out
}

func hasAddedDefault(p *schemaPass, name string) bool {
	def, _ := addedDefault(p, name)
	return def != nil
}
