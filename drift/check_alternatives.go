package drift

var _ = addSchemaCheck(checkAlternatives)

// checkAlternatives reports anyOf/oneOf alternatives left without a
// counterpart (comparer.branches pairs the rest and compares them). One whose
// types the other side's union does not cover changed the type set, which
// checkType already reports; the others are shapes of the same types, such
// as one of two object variants: removing one rejects callers that sent it
// (oasdiff request-property-any-of-removed ERR), adding one gives consumers a
// shape they do not expect (response-property-one-of-added ERR).
func checkAlternatives(p *schemaPass) {
	if !p.Structural() {
		return
	}
	ob := p.c.alternatives(p.c.old, p.Old, p.Path)
	nb := p.c.alternatives(p.c.new, p.New, p.Path)
	if ob == nil || nb == nil {
		return
	}
	pairedOld, pairedNew := map[int]bool{}, map[int]bool{}
	for _, m := range p.c.pairBranches(ob, nb) {
		pairedOld[m.i], pairedNew[m.j] = true, true
	}
	newTypes, oldTypes := p.c.new.typesOf(p.New), p.c.old.typesOf(p.Old)
	for i, b := range ob {
		if t := p.c.old.typesOf(b.view); !pairedOld[i] && t&newTypes == t && !(p.Dir == dirInput && p.c.absorbedAlone(b, true, nb)) {
			p.claim(claim{shape: true}).reportNode(p.pick(inputConstraintTightened, outputConstraintTightened), true, b.view.node, b.view.ptr,
				"%s alternative %s was removed", p.Path, b.path[len(p.Path)+1:])
		}
	}
	for j, b := range nb {
		if t := p.c.new.typesOf(b.view); !pairedNew[j] && t&oldTypes == t && !(p.Dir == dirOutput && p.c.absorbedAlone(b, false, ob)) {
			p.claim(claim{shape: true}).reportNode(p.pick(inputConstraintRelaxed, outputConstraintRelaxed), false, b.view.node, b.view.ptr,
				"%s alternative %s was added", p.Path, b.path[len(p.Path)+1:])
		}
	}
}
