// Package source turns inputs into catalogs: tool files of every accepted
// shape, folders of them, the project config, MCP client configs and live
// servers. It never lints or prints.
package source

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/fileio"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// MaxFileSize bounds what one tool file may hold; larger files are refused
// rather than read into memory.
const MaxFileSize = fileio.MaxToolFile

// ServerName is a file's server name: its base name without extension.
func ServerName(path string) string {
	base := filepath.Base(path)
	return strings.TrimSuffix(base, filepath.Ext(base))
}

// fileServerName is the server name of the file called base (file names
// it in errors), checked by contract.CheckServerName as every server name
// is before it can name a snapshot file.
func fileServerName(base, file string) (string, error) {
	name := ServerName(base)
	if err := contract.CheckServerName(name); err != nil {
		return "", &contract.InputError{File: file, Msg: fmt.Sprintf("the file's base name is its server name: %v; rename the file", err)}
	}
	return name, nil
}

// folderName is the server name of a folder of one-tool files: its base
// name, after resolving "." and ".." to the folder they stand for.
func folderName(dir string) string {
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	return filepath.Base(filepath.Clean(dir))
}

// Load reads a file or a folder. A folder holding one-tool files (as
// github-mcp-server's __toolsnaps__) is one server named after the folder;
// every file in it holding a tool list is a server of its own.
func Load(path string) ([]*contract.Catalog, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, &contract.InputError{File: path, Msg: readProblem(err)}
	}
	if !info.IsDir() {
		c, err := LoadFile(path)
		if err != nil {
			return nil, err
		}
		return []*contract.Catalog{c}, nil
	}
	return LoadDir(path)
}

// LoadDir reads every *.json and *.snap file of a folder (not recursively).
func LoadDir(dir string) ([]*contract.Catalog, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, &contract.InputError{File: dir, Msg: readProblem(err)}
	}
	var names []string
	for _, e := range entries {
		ext := filepath.Ext(e.Name())
		if !e.IsDir() && (ext == ".json" || ext == ".snap") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	if len(names) == 0 {
		return nil, &contract.InputError{File: dir, Msg: "no *.json or *.snap tool files in this folder"}
	}
	var docs []*document
	for _, name := range names {
		doc, err := readDoc(filepath.Join(dir, name), MaxFileSize)
		if err != nil {
			return nil, err
		}
		docs = append(docs, doc)
	}
	return catalogsOf(docs, folderName(dir), "dir:"+dir, "file:")
}

// catalogsOf groups a folder's parsed files: one-tool files (as
// github-mcp-server's __toolsnaps__) make one server named after the folder,
// every other file a server of its own, its origin filePrefix + its name.
// Two files that give one server name (a.json and a.snap, or A.json and
// a.json on a case-insensitive disk) are an error: one would hide the other.
func catalogsOf(docs []*document, folder, folderOrigin, filePrefix string) ([]*contract.Catalog, error) {
	var lists []*contract.Catalog
	single := &contract.Catalog{Server: folder, Origin: folderOrigin}
	for _, doc := range docs {
		if shapeOf(doc.root) == shapeTool {
			single.Tools = append(single.Tools, doc.tool(doc.root, len(single.Tools)))
			continue
		}
		name, err := fileServerName(doc.base, doc.file)
		if err != nil {
			return nil, err
		}
		c, err := doc.catalog(name, filePrefix+doc.file)
		if err != nil {
			return nil, err
		}
		lists = append(lists, c)
	}
	if len(single.Tools) > 0 {
		if err := contract.CheckServerName(folder); err != nil {
			return nil, &contract.InputError{File: strings.TrimPrefix(folderOrigin, "dir:"), Msg: fmt.Sprintf("a folder of one-tool files is one server named after the folder: %v; rename the folder", err)}
		}
		lists = append(lists, single)
	}
	for i, c := range lists {
		for _, prev := range lists[:i] {
			if contract.SameFileName(prev.Server, c.Server) {
				return nil, &contract.InputError{File: originFile(c.Origin), Msg: fmt.Sprintf("server %q is also given by %s; two sources of one server name would share one snapshot file, keep one", c.Server, originFile(prev.Origin))}
			}
		}
	}
	return lists, nil
}

func originFile(origin string) string {
	_, file, _ := strings.Cut(origin, ":")
	if strings.HasPrefix(origin, "git:") {
		return origin
	}
	return file
}

// LoadFile reads one tool file of any accepted shape.
func LoadFile(path string) (*contract.Catalog, error) {
	name, err := fileServerName(filepath.Base(path), path)
	if err != nil {
		return nil, err
	}
	doc, err := readDoc(path, MaxFileSize)
	if err != nil {
		return nil, err
	}
	return doc.catalog(name, "file:"+path)
}

// Parse reads tool-list bytes of any accepted shape. file names them in
// positions and errors ("" for bytes that came from a live server).
func Parse(data []byte, file, server, origin string) (*contract.Catalog, error) {
	doc, err := parseDoc(string(data), file)
	if err != nil {
		return nil, err
	}
	return doc.catalog(server, origin)
}

type document struct {
	file string
	// base is the file's name in its folder, which names its server.
	base  string
	lines *jsontree.Lines
	root  *jsontree.Node
}

// readDoc reads a JSON file of at most limit bytes (fileio.ReadText: regular
// files only).
func readDoc(path string, limit int64) (*document, error) {
	text, err := fileio.ReadText(path, limit)
	if err != nil {
		return nil, contract.FileInput(err)
	}
	doc, err := parseDoc(text, path)
	if err != nil {
		return nil, err
	}
	doc.base = filepath.Base(path)
	return doc, nil
}

// parseDoc parses text, which the tree and (for a file, whose positions
// are wanted) its Lines share.
func parseDoc(text string, file string) (*document, error) {
	root, lines, err := jsontree.ParseText(text)
	if err != nil {
		var se *jsontree.SyntaxError
		if errors.As(err, &se) {
			return nil, &contract.InputError{File: orInput(file), Line: se.Line, Column: se.Column, Msg: "malformed JSON: " + se.Msg}
		}
		return nil, &contract.InputError{File: orInput(file), Msg: err.Error()}
	}
	doc := &document{file: file, root: root}
	if file != "" {
		doc.lines = lines
	}
	return doc, nil
}

func orInput(file string) string {
	if file == "" {
		return "<server response>"
	}
	return file
}

type shape int

const (
	shapeUnknown shape = iota
	shapeList          // {"tools": [...]}
	shapeRPC           // {"jsonrpc": "2.0", "result": {"tools": [...]}}
	shapeArray         // [...]
	shapeTool          // {"name": ..., "inputSchema": ...}
)

func shapeOf(n *jsontree.Node) shape {
	switch {
	case n.Is(jsontree.Array):
		return shapeArray
	case !n.Is(jsontree.Object):
		return shapeUnknown
	case n.Has("tools"):
		return shapeList
	case n.Has("result") && (n.Has("jsonrpc") || n.Has("id")):
		return shapeRPC
	case n.Has("name") && (n.Has("inputSchema") || n.Has("description")):
		return shapeTool
	}
	return shapeUnknown
}

func (d *document) catalog(server, origin string) (*contract.Catalog, error) {
	c := &contract.Catalog{Server: server, Origin: origin}
	var list *jsontree.Node
	switch shapeOf(d.root) {
	case shapeArray:
		list = d.root
	case shapeList:
		list = d.root.Get("tools")
	case shapeRPC:
		result := d.root.Get("result")
		if !result.Is(jsontree.Object) || !result.Has("tools") {
			return nil, d.errorAt(d.root.Get("result"), "/result", "a JSON-RPC response must hold a tools/list result {\"tools\": [...]} in \"result\"")
		}
		list = result.Get("tools")
	case shapeTool:
		c.Tools = []*contract.Tool{d.tool(d.root, 0)}
		return c, nil
	default:
		if d.root.Is(jsontree.Object) && d.root.Has("error") {
			return nil, d.errorAt(d.root.Get("error"), "/error", "the file holds a JSON-RPC error, not a tools/list result")
		}
		return nil, d.errorAt(d.root, "", "expected a tools/list result {\"tools\": [...]}, a JSON-RPC response, an array of tools or one tool object")
	}
	if !list.Is(jsontree.Array) {
		return nil, d.errorAt(list, "/tools", fmt.Sprintf("\"tools\" must be an array, found %s", list.Kind))
	}
	for i, item := range list.Items() {
		if !item.Is(jsontree.Object) {
			return nil, d.errorAt(item, jsontree.AppendIndex("/tools", i), fmt.Sprintf("tool %d is %s, not an object", i, item.Kind))
		}
		c.Tools = append(c.Tools, d.tool(item, i))
	}
	return c, nil
}

func (d *document) tool(n *jsontree.Node, index int) *contract.Tool {
	t := &contract.Tool{Node: n, Index: index, File: d.file, Lines: d.lines}
	if name := n.Get("name"); name.Is(jsontree.String) {
		t.Name = name.Text
	}
	return t
}

func (d *document) errorAt(n *jsontree.Node, pointer, msg string) error {
	e := &contract.InputError{File: orInput(d.file), Msg: msg}
	if pointer != "" {
		e.Msg = fmt.Sprintf("%s (at %s)", msg, pointer)
	}
	if d.lines != nil && n != nil {
		e.Line, e.Column = d.lines.Position(int(n.Offset))
	}
	return e
}

func readProblem(err error) string { return fileio.Problem(err) }
