package drift

import "github.com/mcp-contract/mcp-contract/contract"

var (
	inputTypeChanged = register(&Rule{
		ID: "drift/input-type-changed", Change: contract.ChangeBreaking,
		Summary: "An argument's type changed to one old callers do not send",
		Help: "Arguments of the old type are rejected (oasdiff request-property-type-changed ERR, mcpdiff T-TYPE-CHANGE). " +
			"Fix: accept both types (anyOf, or a type array) for a release.",
	})
	inputTypeNarrowed = register(&Rule{
		ID: "drift/input-type-narrowed", Change: contract.ChangeBreaking,
		Summary: "An argument accepts fewer types",
		Help: "Callers sending a dropped type (say null, or a number where integer is now demanded) are rejected " +
			"(oasdiff request-property-list-of-types-narrowed ERR, mcpdiff T-TYPE-NARROW). Fix: keep accepting the old types.",
	})
	inputTypeWidened = register(&Rule{
		ID: "drift/input-type-widened", Change: contract.ChangeNonBreaking,
		Summary: "An argument accepts more types",
		Help: "Everything old callers send still passes (oasdiff request-property-type-generalized INFO, mcpdiff T-TYPE-WIDEN); " +
			"github-mcp-server's issue_type string → anyOf[string, null] is one. Fix: nothing.",
	})
	outputTypeChanged = register(&Rule{
		ID: "drift/output-type-changed", Change: contract.ChangeBreaking,
		Summary: "A result field's type changed",
		Help: "Consumers parsing the old type fail (oasdiff response-property-type-changed ERR, mcpdiff T-OUT-TYPE-CHANGE). " +
			"Fix: add a field of the new type and keep the old one.",
	})
	outputTypeWidened = register(&Rule{
		ID: "drift/output-type-widened", Change: contract.ChangeBreaking,
		Summary: "A result field may now hold more types",
		Help: "A consumer written for the old type meets values it cannot handle, null above all " +
			"(oasdiff response-property-type-generalized and response-property-became-nullable ERR; mcpdiff has no id for it). " +
			"Fix: keep the result type; add a new field for the wider one.",
	})
	outputTypeNarrowed = register(&Rule{
		ID: "drift/output-type-narrowed", Change: contract.ChangeNonBreaking,
		Summary: "A result field holds fewer types",
		Help:    "Consumers handle every type they handled before (oasdiff response-…-narrowed INFO, mcpdiff T-OUT-TYPE-NARROW). Fix: nothing.",
	})
)

var _ = addSchemaCheck(checkType)

// checkType compares the sets of types two schemas admit (typesOf: "type",
// else the union of anyOf/oneOf, else the enum's values), so that a type
// moved into alternatives is judged by what it accepts.
func checkType(p *schemaPass) {
	if !p.Whole() {
		return
	}
	o, n := p.c.old.typesOf(p.Old), p.c.new.typesOf(p.New)
	if o == n {
		return
	}
	var r *Rule
	var how string
	switch {
	case n&o == o:
		r, how = p.pick(inputTypeWidened, outputTypeWidened), "widened"
	case n&o == n:
		r, how = p.pick(inputTypeNarrowed, outputTypeNarrowed), "narrowed"
	default:
		r, how = p.pick(inputTypeChanged, outputTypeChanged), "changed"
	}
	p.claim(claim{shape: true})
	p.reportAt(r, false, "type", "%s type %s from %s to %s", p.Path, how, o, n)
}
