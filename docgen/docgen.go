// Package docgen writes the parts of docs/ that restate a file the program
// reads or the rule registry: the key table of docs/config.md from the
// config's JSON Schema, the input and output tables of docs/action.md from
// action.yml, and a group's rule table. A written
// part sits between two marker comments, so the prose around it stays
// hand-written and the part cannot drift from its source.
package docgen

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"go.yaml.in/yaml/v3"
)

// Splice replaces what lies between `<!-- BEGIN GENERATED name -->` and
// `<!-- END GENERATED name -->` in doc with body. Both markers must be there,
// once each, so a page that lost one is an error, never a page with two
// copies.
func Splice(doc []byte, name string, body []byte) ([]byte, error) {
	begin := []byte(fmt.Sprintf("<!-- BEGIN GENERATED %s: %s -->\n", name, regenerate))
	end := []byte(fmt.Sprintf("<!-- END GENERATED %s -->", name))
	i := bytes.Index(doc, begin)
	j := bytes.Index(doc, end)
	if i < 0 || j < i || bytes.Count(doc, begin) != 1 || bytes.Count(doc, end) != 1 {
		return nil, fmt.Errorf("want the markers %q and %q once each, in that order", strings.TrimSpace(string(begin)), end)
	}
	var out bytes.Buffer
	out.Write(doc[:i+len(begin)])
	out.Write(body)
	out.Write(doc[j:])
	return out.Bytes(), nil
}

// Regenerate is the command that rewrites every generated page and part.
const Regenerate = "go run ./cmd/docgen"

const regenerate = "written by `" + Regenerate + "`, do not edit"

// ActionInputs is the table of action.yml's inputs, in its order: name,
// default and description.
func ActionInputs(actionYML []byte) ([]byte, error) {
	return actionTable(actionYML, "inputs", true)
}

// ActionOutputs is the table of action.yml's outputs, in its order.
func ActionOutputs(actionYML []byte) ([]byte, error) {
	return actionTable(actionYML, "outputs", false)
}

func actionTable(actionYML []byte, section string, inputs bool) ([]byte, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(actionYML, &doc); err != nil {
		return nil, fmt.Errorf("action.yml: %v", err)
	}
	if len(doc.Content) != 1 {
		return nil, fmt.Errorf("action.yml: not one YAML document")
	}
	list := member(doc.Content[0], section)
	if list == nil || list.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("action.yml: no %s mapping", section)
	}
	var b bytes.Buffer
	if inputs {
		b.WriteString("| input | default | what it does |\n|---|---|---|\n")
	} else {
		b.WriteString("| output | what it holds |\n|---|---|\n")
	}
	for i := 0; i+1 < len(list.Content); i += 2 {
		name, spec := list.Content[i].Value, list.Content[i+1]
		desc := member(spec, "description")
		if desc == nil || strings.TrimSpace(desc.Value) == "" {
			return nil, fmt.Errorf("action.yml line %d: %s %q has no description", list.Content[i].Line, section, name)
		}
		text := cell(desc.Value)
		if dep := member(spec, "deprecationMessage"); dep != nil {
			text += " **Deprecated:** " + cell(dep.Value)
		}
		if inputs {
			def := ""
			if d := member(spec, "default"); d != nil && d.Value != "" {
				def = "`" + d.Value + "`"
			}
			fmt.Fprintf(&b, "| `%s` | %s | %s |\n", name, def, text)
		} else {
			fmt.Fprintf(&b, "| `%s` | %s |\n", name, text)
		}
	}
	return b.Bytes(), nil
}

// RuleTable is the table of one group's rules (id, default severity,
// summary), each id linking to its entry in rules.md through anchor.
func RuleTable(rules []contract.RuleInfo, group string, anchor func(id string) string) ([]byte, error) {
	var list []contract.RuleInfo
	for _, r := range rules {
		if r.Group == group {
			list = append(list, r)
		}
	}
	if len(list) == 0 {
		return nil, fmt.Errorf("no rules in group %q", group)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].ID < list[j].ID })
	var b bytes.Buffer
	b.WriteString("| rule | severity | what it finds |\n|---|---|---|\n")
	for _, r := range list {
		fmt.Fprintf(&b, "| [`%s`](rules.md#%s) | %s | %s |\n", r.ID, anchor(r.ID), r.Severity, cell(r.Summary))
	}
	return b.Bytes(), nil
}

// ConfigKeys is the table of every key of .mcp-contract.yaml, from its JSON
// Schema, in the schema's order: a server's keys under servers.NAME, a list
// entry's under key[].
func ConfigKeys(schemaJSON []byte) ([]byte, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(schemaJSON, &doc); err != nil {
		return nil, fmt.Errorf("schema: %v", err)
	}
	if len(doc.Content) != 1 {
		return nil, fmt.Errorf("schema: not one JSON document")
	}
	s := &schemaDoc{root: doc.Content[0]}
	var b bytes.Buffer
	b.WriteString("| key | type | what it is |\n|---|---|---|\n")
	if err := s.rows(&b, "", s.root); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

type schemaDoc struct{ root *yaml.Node }

// rows writes one row per property of obj, then the rows of the keys a
// property's object, map values or list entries have.
func (s *schemaDoc) rows(b *bytes.Buffer, prefix string, obj *yaml.Node) error {
	props := member(obj, "properties")
	if props == nil {
		return nil
	}
	required := map[string]bool{}
	if r := member(obj, "required"); r != nil {
		for _, n := range r.Content {
			required[n.Value] = true
		}
	}
	for i := 0; i+1 < len(props.Content); i += 2 {
		name, sub := props.Content[i].Value, props.Content[i+1]
		key := prefix + name
		desc := ""
		if d := member(sub, "description"); d != nil {
			desc = cell(d.Value)
		}
		if desc == "" {
			return fmt.Errorf("schema line %d: key %s has no description", props.Content[i].Line, key)
		}
		if required[name] {
			desc = "Required. " + desc
		}
		typ, err := s.typeOf(sub)
		if err != nil {
			return fmt.Errorf("schema line %d: key %s: %v", props.Content[i].Line, key, err)
		}
		fmt.Fprintf(b, "| `%s` | %s | %s |\n", key, typ, desc)
		if err := s.children(b, key, sub); err != nil {
			return err
		}
	}
	return nil
}

func (s *schemaDoc) children(b *bytes.Buffer, key string, sub *yaml.Node) error {
	sub, err := s.deref(sub)
	if err != nil {
		return err
	}
	if member(sub, "properties") != nil {
		return s.rows(b, key+".", sub)
	}
	if items := member(sub, "items"); items != nil {
		if items, err = s.deref(items); err != nil {
			return err
		}
		if member(items, "properties") != nil {
			return s.rows(b, key+"[].", items)
		}
	}
	if ap := member(sub, "additionalProperties"); ap != nil && ap.Kind == yaml.MappingNode {
		if ap, err = s.deref(ap); err != nil {
			return err
		}
		if member(ap, "properties") != nil {
			return s.rows(b, key+".NAME.", ap)
		}
	}
	return nil
}

// deref follows a local $ref ("#/$defs/server").
func (s *schemaDoc) deref(n *yaml.Node) (*yaml.Node, error) {
	for range 16 {
		ref := member(n, "$ref")
		if ref == nil {
			return n, nil
		}
		name, ok := strings.CutPrefix(ref.Value, "#/$defs/")
		def := member(member(s.root, "$defs"), name)
		if !ok || def == nil {
			return nil, fmt.Errorf("$ref %q: want a #/$defs/ entry that exists", ref.Value)
		}
		n = def
	}
	return nil, fmt.Errorf("$ref chain longer than 16")
}

// typeOf says in a few words what values a key takes.
func (s *schemaDoc) typeOf(n *yaml.Node) (string, error) {
	n, err := s.deref(n)
	if err != nil {
		return "", err
	}
	if c := member(n, "const"); c != nil {
		return "`" + c.Value + "`", nil
	}
	if e := member(n, "enum"); e != nil {
		vals := make([]string, 0, len(e.Content))
		for _, v := range e.Content {
			vals = append(vals, "`"+v.Value+"`")
		}
		return strings.Join(vals, ", "), nil
	}
	if alts := member(n, "anyOf"); alts != nil {
		var parts []string
		for _, alt := range alts.Content {
			t, err := s.typeOf(alt)
			if err != nil {
				return "", err
			}
			parts = append(parts, t)
		}
		return strings.Join(parts, " or "), nil
	}
	var types []string
	if t := member(n, "type"); t != nil {
		if t.Kind == yaml.SequenceNode {
			for _, v := range t.Content {
				types = append(types, v.Value)
			}
		} else {
			types = []string{t.Value}
		}
	}
	sort.Strings(types)
	switch {
	case len(types) == 1 && types[0] == "array":
		if items := member(n, "items"); items != nil {
			t, err := s.typeOf(items)
			if err != nil {
				return "", err
			}
			return "list of " + t, nil
		}
		return "list", nil
	case len(types) == 1 && types[0] == "object":
		if ap := member(n, "additionalProperties"); ap != nil && ap.Kind == yaml.MappingNode && member(n, "properties") == nil {
			t, err := s.typeOf(ap)
			if err != nil {
				return "", err
			}
			return "map of name to " + t, nil
		}
		return "object", nil
	case len(types) > 2 && !slices.Contains(types, "array") && !slices.Contains(types, "object"):
		// YAML reads 1, true and 1.0 as what they look like; a key that
		// takes any of them means "write a plain value".
		return "scalar", nil
	case len(types) > 0:
		return strings.Join(types, " or "), nil
	}
	return "any", nil
}

// member is the value of key in a mapping node (nil when absent).
func member(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// cell puts text in one table cell: on one line, its pipes escaped, and
// outside code spans its angle brackets too, which markdown reads as HTML
// ("<server>.json").
func cell(s string) string {
	var b strings.Builder
	inCode := false
	for _, r := range strings.Join(strings.Fields(s), " ") {
		switch {
		case r == '`':
			inCode = !inCode
			b.WriteRune(r)
		case r == '|':
			b.WriteString(`\|`)
		case !inCode && r == '<':
			b.WriteString("&lt;")
		case !inCode && r == '>':
			b.WriteString("&gt;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
