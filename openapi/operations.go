package openapi

import (
	"path"
	"strconv"
	"strings"

	"github.com/pb33f/go-yaml"

	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// methods in the order the OpenAPI spec lists a Path Item's operations.
var methods = []string{"get", "put", "post", "delete", "options", "head", "patch", "trace"}

// Operation is one method of one path.
type Operation struct {
	// ID is the operationId ("" when the spec has none).
	ID          string
	Method      string // upper case
	Path        string
	Summary     string
	Description string
	Tags        []string
	Deprecated  bool
	// Line and Column locate the operation object in the spec.
	Line, Column int
	// Pointer is the operation's JSON pointer in the spec.
	Pointer string

	file       string
	node       *yaml.Node
	parameters []located
}

// located is a node and the file it was read from, which its $refs are
// relative to.
type located struct {
	file    string
	node    *yaml.Node
	pointer string
}

// Operations lists every operation in document order: paths as written,
// methods in the spec's order.
func (s *Spec) Operations() ([]*Operation, error) {
	var ops []*Operation
	var err error
	rootFile := s.rootAbs
	members(get(s.root, "paths"), func(p string, _, item *yaml.Node) {
		if err != nil {
			return
		}
		itemFile, itemPointer := rootFile, "/paths/"+jsontree.EscapeToken(p)
		if ref := scalar(get(item, "$ref")); ref != "" {
			target, file, rerr := s.resolve(rootFile, ref)
			if rerr != nil {
				err = at(s.File, get(item, "$ref"), itemPointer, rerr.Error())
				return
			}
			item, itemFile, itemPointer = target, file, refPointer(ref)
		}
		shared := s.parameterList(itemFile, get(item, "parameters"), itemPointer+"/parameters")
		for _, m := range methods {
			op := get(item, m)
			if op == nil || op.Kind != yaml.MappingNode {
				continue
			}
			pointer := itemPointer + "/" + m
			o := &Operation{
				ID: scalar(get(op, "operationId")), Method: strings.ToUpper(m), Path: p,
				Summary: scalar(get(op, "summary")), Description: scalar(get(op, "description")),
				Deprecated: scalar(get(op, "deprecated")) == "true",
				Line:       op.Line, Column: op.Column, Pointer: pointer,
				file: itemFile, node: op,
			}
			if tags := get(op, "tags"); tags != nil && tags.Kind == yaml.SequenceNode {
				for _, t := range tags.Content {
					o.Tags = append(o.Tags, scalar(t))
				}
			}
			o.parameters = mergeParameters(shared, s.parameterList(itemFile, get(op, "parameters"), pointer+"/parameters"))
			ops = append(ops, o)
		}
	})
	return ops, err
}

// parameterList resolves each parameter of a list, keeping the file it
// came from. A parameter whose $ref cannot be resolved is kept unresolved so
// the tool build reports it where it is written.
func (s *Spec) parameterList(file string, list *yaml.Node, pointer string) []located {
	if list == nil || list.Kind != yaml.SequenceNode {
		return nil
	}
	out := make([]located, 0, len(list.Content))
	for i, p := range list.Content {
		l := located{file: file, node: deAlias(p), pointer: pointer + "/" + strconv.Itoa(i)}
		for hops := 0; hops < 32; hops++ {
			ref := scalar(get(l.node, "$ref"))
			if ref == "" {
				break
			}
			target, tfile, err := s.resolve(l.file, ref)
			if err != nil {
				break
			}
			l = located{file: tfile, node: target, pointer: refPointer(ref)}
		}
		out = append(out, l)
	}
	return out
}

// mergeParameters applies the Path Item's parameters to the operation: one
// of the operation's with the same name and location overrides it.
func mergeParameters(shared, own []located) []located {
	key := func(l located) string { return scalar(get(l.node, "in")) + "\x00" + scalar(get(l.node, "name")) }
	overridden := map[string]bool{}
	for _, p := range own {
		overridden[key(p)] = true
	}
	var out []located
	for _, p := range shared {
		if !overridden[key(p)] {
			out = append(out, p)
		}
	}
	return append(out, own...)
}

// Select reports whether the operation is one of those chosen: by
// operationId, by tag, or by a path glob (path.Match, so * stays within one
// segment). An empty filter chooses every operation.
func (o *Operation) Select(ids, tags, globs []string) bool {
	if len(ids) == 0 && len(tags) == 0 && len(globs) == 0 {
		return true
	}
	for _, id := range ids {
		if id == o.ID {
			return true
		}
	}
	for _, t := range tags {
		for _, ot := range o.Tags {
			if t == ot {
				return true
			}
		}
	}
	for _, g := range globs {
		if ok, _ := path.Match(g, o.Path); ok {
			return true
		}
	}
	return false
}
