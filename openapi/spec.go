// Package openapi reads OpenAPI documents and turns their operations into MCP
// tools: the operation's parameters and JSON body become one input object,
// its 2xx JSON response the output, and its schemas JSON Schema 2020-12.
//
// libopenapi (pb33f) reads the document: it tells 3.0, 3.1 and Swagger 2.0
// apart, parses YAML and JSON alike into nodes that keep line and column, and
// refuses a document that is not OpenAPI. The tools are built from those
// nodes rather than from its high-level model, because a tool must keep each
// schema keyword as written (and where it was written), and turn each $ref
// into a $defs entry of its own instead of inlining it.
package openapi

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/pb33f/go-yaml"
	"github.com/pb33f/libopenapi"
	"github.com/pb33f/libopenapi/datamodel"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/fileio"
)

// MaxSpecFile bounds one spec file read, like a tool file: GitHub's REST
// description, the largest public spec we know, is 13 MB.
const MaxSpecFile = fileio.MaxToolFile

// Spec is one OpenAPI document and the files its $refs reached.
type Spec struct {
	// File is the path the spec was read from, as given.
	File string
	// Version is the document's openapi (or swagger) version string.
	Version string
	// Title is info.title.
	Title string
	root  *yaml.Node
	// rootAbs is the spec's absolute path, the base of its relative refs.
	rootAbs string
	// files holds every document a $ref reached, keyed by cleaned path; the
	// spec itself is one of them.
	files map[string]*yaml.Node
	// limit is the folder every file a $ref names must stay inside.
	limit string
	// nodesLeft is what the files read so far left of MaxNodes.
	nodesLeft int
}

// Load reads an OpenAPI 3.0 or 3.1 document. Refs to other files resolve
// relative to the file that holds them, and only inside root (the
// repository, or the spec's own folder when root is empty); a remote ref is
// never fetched.
func Load(path, root string) (*Spec, error) {
	data, err := fileio.ReadFile(path, MaxSpecFile)
	if err != nil {
		return nil, &contract.InputError{File: path, Msg: fileio.Problem(err)}
	}
	return LoadBytes(data, path, path, root)
}

// LoadBytes reads a spec from data, such as the file at a git ref: name is
// how messages call it, path where its relative refs resolve from.
func LoadBytes(data []byte, name, path, root string) (*Spec, error) {
	if n := estimateNodes(data); n > maxEstimate {
		return nil, &contract.InputError{File: name, Msg: fmt.Sprintf("about %d YAML nodes, more than %d, the node budget of a spec", n, MaxNodes)}
	}
	if keys, line := widestMapping(data); keys > MaxMappingKeys {
		return nil, &contract.InputError{File: name, Line: line, Column: 1, Msg: fmt.Sprintf("a YAML mapping of %d keys, more than %d, which is read in time quadratic in its keys; write the spec as JSON, or split the mapping", keys, MaxMappingKeys)}
	}
	doc, err := libopenapi.NewDocumentWithConfiguration(data, &datamodel.DocumentConfiguration{
		AllowFileReferences:       false,
		AllowRemoteReferences:     false,
		SkipExternalRefResolution: true,
		AvoidIndexBuild:           true,
	})
	if err != nil {
		msg := oneLine(err.Error())
		if strings.Contains(msg, "spec type not supported") {
			// libopenapi's words for a document with no openapi or
			// swagger key at its top.
			msg = "it has no openapi: 3.x key at its top"
		}
		return nil, &contract.InputError{File: name, Msg: "not an OpenAPI document: " + msg}
	}
	info := doc.GetSpecInfo()
	if info == nil || info.RootNode == nil {
		return nil, &contract.InputError{File: name, Msg: "not an OpenAPI document"}
	}
	if info.SpecFormat != datamodel.OAS3 && info.SpecFormat != datamodel.OAS31 && info.SpecFormat != datamodel.OAS32 {
		return nil, &contract.InputError{File: name, Msg: fmt.Sprintf("OpenAPI %s is not read: convert it to 3.0 or 3.1 first (e.g. with swagger2openapi)", info.Version)}
	}
	top := info.RootNode
	if top.Kind == yaml.DocumentNode && len(top.Content) == 1 {
		top = top.Content[0]
	}
	if root == "" {
		root = filepath.Dir(path)
	}
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return nil, &contract.InputError{File: name, Msg: err.Error()}
	}
	absPath, err := filepath.Abs(path)
	if err != nil {
		return nil, &contract.InputError{File: name, Msg: err.Error()}
	}
	s := &Spec{File: name, Version: info.Version, root: top, rootAbs: absPath, files: map[string]*yaml.Node{absPath: top}, limit: absRoot, nodesLeft: MaxNodes}
	if err := s.charge(absPath, top); err != nil {
		return nil, err
	}
	s.Title = scalar(get(get(top, "info"), "title"))
	return s, nil
}

// display names a file in messages: the spec as it was given, any other
// file relative to the folder refs are confined to.
func (s *Spec) display(abs string) string {
	if abs == "" || abs == s.rootAbs {
		return s.File
	}
	if rel, err := filepath.Rel(s.limit, abs); err == nil {
		return filepath.ToSlash(rel)
	}
	return abs
}

// Is31 reports whether the document's schemas are JSON Schema 2020-12
// (3.1 and later), not 3.0's extended subset of draft 5.
func (s *Spec) Is31() bool { return !strings.HasPrefix(s.Version, "3.0") }

func oneLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}

// at is a problem with the spec (exit 2), located where it was found.
func at(file string, n *yaml.Node, pointer, msg string) *contract.InputError {
	if pointer != "" {
		msg += " (at " + pointer + ")"
	}
	e := &contract.InputError{File: file, Msg: msg}
	if n != nil {
		e.Line, e.Column = n.Line, n.Column
	}
	return e
}

// resolve follows one $ref written in file: "#/a/b" in the same file,
// "other.yaml#/a/b" or "other.yaml" relative to it. It returns the target
// node, the file that holds it (for the refs inside it) and the target's
// canonical name: the absolute path plus the fragment.
func (s *Spec) resolve(file, ref string) (*yaml.Node, string, error) {
	target, fragment, _ := strings.Cut(ref, "#")
	if strings.Contains(target, "://") || strings.HasPrefix(target, "//") {
		return nil, "", fmt.Errorf("$ref %q is remote and is never fetched: vendor the file into the repository and refer to it by path", ref)
	}
	doc := file
	if target != "" {
		doc = filepath.Clean(filepath.Join(filepath.Dir(file), filepath.FromSlash(target)))
		rel, err := filepath.Rel(s.limit, doc)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return nil, "", fmt.Errorf("$ref %q leaves %s; refs may only name files inside it", ref, s.limit)
		}
	}
	node, err := s.document(doc)
	if err != nil {
		return nil, "", fmt.Errorf("$ref %q: %w", ref, err)
	}
	found, err := pointerLookup(node, fragment)
	if err != nil {
		return nil, "", fmt.Errorf("$ref %q: %w", ref, err)
	}
	return found, doc, nil
}

// document returns the parsed file at abs, reading it on first use.
func (s *Spec) document(abs string) (*yaml.Node, error) {
	if n, ok := s.files[abs]; ok {
		return n, nil
	}
	if len(s.files) >= maxFiles {
		return nil, fmt.Errorf("more than %d files reached by $refs", maxFiles)
	}
	// The lexical check in resolve keeps ".." out; os.Root keeps a
	// symlink inside the folder from leading out of it.
	rel, err := filepath.Rel(s.limit, abs)
	if err != nil {
		return nil, err
	}
	data, err := fileio.ReadFileInside(s.limit, rel, MaxSpecFile)
	if err != nil {
		return nil, errors.New(fileio.Problem(err))
	}
	if n := estimateNodes(data); n > maxEstimate {
		return nil, fmt.Errorf("%s: about %d YAML nodes, more than %d, the node budget of a spec", s.display(abs), n, MaxNodes)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %s", abs, oneLine(err.Error()))
	}
	n := &doc
	if n.Kind == yaml.DocumentNode && len(n.Content) == 1 {
		n = n.Content[0]
	}
	if err := s.charge(abs, n); err != nil {
		return nil, err
	}
	s.files[abs] = n
	return n, nil
}

const maxFiles = 256

func pointerLookup(n *yaml.Node, fragment string) (*yaml.Node, error) {
	if fragment == "" || fragment == "/" {
		return n, nil
	}
	if !strings.HasPrefix(fragment, "/") {
		return nil, fmt.Errorf("only JSON pointer fragments are read, not %q", fragment)
	}
	for _, tok := range strings.Split(fragment[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch n.Kind {
		case yaml.MappingNode:
			next := get(n, tok)
			if next == nil {
				return nil, fmt.Errorf("no %q", tok)
			}
			n = next
		case yaml.SequenceNode:
			i := 0
			if _, err := fmt.Sscanf(tok, "%d", &i); err != nil || i < 0 || i >= len(n.Content) {
				return nil, fmt.Errorf("no item %q", tok)
			}
			n = n.Content[i]
		default:
			return nil, fmt.Errorf("no %q", tok)
		}
	}
	return n, nil
}

// get returns the value of key in a mapping node, or nil.
func get(n *yaml.Node, key string) *yaml.Node {
	n = deAlias(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return deAlias(n.Content[i+1])
		}
	}
	return nil
}

func deAlias(n *yaml.Node) *yaml.Node {
	for depth := 0; n != nil && n.Kind == yaml.AliasNode && depth < 64; depth++ {
		n = n.Alias
	}
	return n
}

// scalar returns a scalar node's text, or "".
func scalar(n *yaml.Node) string {
	if n == nil || n.Kind != yaml.ScalarNode {
		return ""
	}
	return n.Value
}

// members calls f for each key and value of a mapping node, in order.
func members(n *yaml.Node, f func(key string, keyNode, value *yaml.Node)) {
	n = deAlias(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		f(n.Content[i].Value, n.Content[i], deAlias(n.Content[i+1]))
	}
}
