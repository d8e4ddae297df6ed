package drift

import (
	"regexp"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// A declaration dropped from properties (issue 19) breaks a caller only when
// the new schema rejects, for that key, a value the old one accepted (a
// closed object, a stricter additionalProperties, patternProperties or
// propertyNames), and a consumer only when the new schema lets the key hold
// a value the old one ruled out, or no longer requires it. A key both sides
// still accept is breaking by design while the object keeps its content
// model: the caller's argument passes and nothing says the tool reads it any
// more (github-mcp-server dropping page for cursor pagination). When the
// object opens up with the drop (closed, with declared properties, to
// additionalProperties: true) the declaration went with the closed model,
// and the drop is part of the widening drift/input-constraint-relaxed
// reports; for an output, closing up is the mirror.

// keyFate is what the new schema does to a key the old one declared and the
// new one does not.
type keyFate struct {
	// rejects: some value the old schema accepted for the key is rejected
	// now; admits: some value it ruled out is accepted now; unrequired: the
	// old schema demanded the key and the new one no longer does; passes: a
	// value for the key still passes both.
	rejects, admits, unrequired, passes bool
	// lost and gained show rejects and admits ("" when no example is known,
	// which happens only when the verdict is assumed, not proven).
	lost, gained string
}

// fateOf decides the key from what each side accepts: exactly on the
// decision's universe when the pair is of its fragment, else from the
// schema each side applies to the key alone.
func (p *schemaPass) fateOf(key string) keyFate {
	if p.decision != nil {
		if f, ok := p.decision.keyFate(key); ok {
			return f
		}
	}
	return p.localFate(key)
}

// keyFate evaluates both schemas on the instances holding key. A difference
// counts for the key only when the key is its cause: the side that rejects
// the instance accepts it with the key absent or holding another value.
func (d *decision) keyFate(key string) (keyFate, bool) {
	i, ok := d.universe.index[key]
	if !ok {
		return keyFate{}, false
	}
	var f keyFate
	d.universe.each(func(in *instance) bool {
		if in.scalar != nil {
			return true
		}
		v := in.vals[i]
		a, b := holds(d.old, in), holds(d.new, in)
		with := func(s *jsontree.Node, x *jsontree.Node) bool {
			in.vals[i] = x
			h := holds(s, in)
			in.vals[i] = v
			return h
		}
		otherwise := func(s *jsontree.Node) bool {
			for _, x := range d.universe.choices[i] {
				if x != v && with(s, x) {
					return true
				}
			}
			return false
		}
		switch {
		case v == nil:
			// The old schema rejected this instance only for lacking the key.
			if b && !a && !f.unrequired {
				for _, x := range d.universe.choices[i][1:] {
					if with(d.old, x) {
						f.unrequired = true
						break
					}
				}
			}
		case a && b:
			f.passes = true
		case a && !f.rejects && otherwise(d.new):
			f.rejects, f.lost = true, witness("for example %s matched the old schema and no longer does", d.ps.shown(in.value()))
		case b && !f.admits && otherwise(d.old):
			f.admits, f.gained = true, witness("for example %s now matches and did not before", d.ps.shown(in.value()))
		}
		return true
	})
	return f, true
}

// localFate compares the key's declaration with the schema the new side
// applies to an undeclared key of that name. What it cannot decide it
// assumes, on the side that breaks: rejected for an input, admitted for an output.
func (p *schemaPass) localFate(key string) keyFate {
	unknown := keyFate{rejects: true, admits: true, passes: true}
	unknown.unrequired = stringSet(p.Old.value("required"))[key] && !stringSet(p.New.value("required"))[key]
	oldDecl := p.c.old.resolve(p.Old.value("properties").Get(key), "")
	if oldDecl.over != nil || oldDecl.node == nil {
		return unknown
	}
	newSchema, ok := p.undeclaredSchema(key)
	if !ok {
		return unknown
	}
	f := keyFate{unrequired: unknown.unrequired}
	switch {
	case acceptsAnything(newSchema):
		f.passes = true
		f.admits = !acceptsAnything(oldDecl.node)
		if f.admits {
			f.gained, f.admits = p.localExample(oldDecl.node, false, key)
		}
		return f
	case newSchema.Is(jsontree.Bool):
		if !newSchema.Bool && !(oldDecl.node.Is(jsontree.Bool) && !oldDecl.node.Bool) {
			f.lost, f.rejects = p.localExample(oldDecl.node, true, key)
		}
		return f
	case equalSubschema(oldDecl.node, newSchema):
		f.passes = true
		return f
	}
	ps := newPresence()
	if !ps.scalar(oldDecl.node, 0) || !ps.scalar(newSchema, 0) {
		return unknown
	}
	ps.fresh()
	for _, v := range ps.pool {
		was, is := matches(oldDecl.node, v), matches(newSchema, v)
		switch {
		case was && is:
			f.passes = true
		case was && !f.rejects:
			f.rejects, f.lost = true, witness("for example %s was accepted for it and no longer is", map[string]any{key: v.Interface()})
		case is && !f.admits:
			f.admits, f.gained = true, witness("for example %s is accepted for it and was not before", map[string]any{key: v.Interface()})
		}
	}
	return f
}

// localExample finds a value decl accepts (accepted) or rejects, for a
// message; ok is false only when decl is outside the scalar fragment and so
// no value can be shown (the verdict stands, assumed).
func (p *schemaPass) localExample(decl *jsontree.Node, accepted bool, key string) (string, bool) {
	ps := newPresence()
	if !ps.scalar(decl, 0) {
		return "", true
	}
	ps.fresh()
	for _, v := range ps.pool {
		if matches(decl, v) == accepted {
			if accepted {
				return witness("for example %s was accepted for it and no longer is", map[string]any{key: v.Interface()}), true
			}
			return witness("for example %s is accepted for it and was not before", map[string]any{key: v.Interface()}), true
		}
	}
	// The fragment tells every value apart: none differs.
	return "", false
}

// undeclaredSchema is the schema the new side applies to key now that no
// property declares it: a patternProperties schema whose pattern matches,
// else additionalProperties (absent: true). false when that cannot be read
// here: more than one pattern matches, a pattern is not a valid regexp, or
// propertyNames changed (the old one judged the name before).
func (p *schemaPass) undeclaredSchema(key string) (*jsontree.Node, bool) {
	if !sameJSON(p.Old.value("propertyNames"), p.New.value("propertyNames")) {
		return nil, false
	}
	var match *jsontree.Node
	for _, m := range members(p.New.value("patternProperties")) {
		re, err := regexp.Compile(m.Key)
		if err != nil {
			return nil, false
		}
		if re.MatchString(key) {
			if match != nil {
				return nil, false
			}
			match = m.Value
		}
	}
	if match != nil {
		return p.c.new.resolve(match, "").node, true
	}
	ap := p.New.value("additionalProperties")
	if ap == nil {
		return jsontree.FromValue(true), true
	}
	return p.c.new.resolve(ap, "").node, true
}

// acceptsAnything reports a schema that constrains nothing: true, or an
// object of prose keywords only.
func acceptsAnything(n *jsontree.Node) bool {
	if n.Is(jsontree.Bool) {
		return n.Bool
	}
	if !n.Is(jsontree.Object) {
		return false
	}
	for _, m := range n.Members() {
		if !proseKeywords[m.Key] {
			return false
		}
	}
	return true
}
