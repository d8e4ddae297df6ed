// Package snapshot owns the committed contract files: their canonical
// encoding, tool hashes, and atomic writes.
package snapshot

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"sort"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/fileio"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// DefaultDir is where snapshots live unless the config says otherwise.
const DefaultDir = "mcp-snapshots"

var canonical = jsontree.EncodeOptions{
	Indent:    "  ",
	SortKeys:  true,
	SortArray: func(key string) bool { return key == "required" },
}

// Encode returns the canonical snapshot of a catalog (design.md §6): exactly a
// tools/list result, tools sorted by name, object keys and `required` arrays
// sorted, every other array in server order, numbers as the server wrote
// them, two-space indent, final newline. An unchanged server always gives the
// same bytes.
func Encode(c *contract.Catalog) []byte {
	out := jsontree.Encode(sortedRoot(c), canonical)
	return append(out, '\n')
}

func sortedRoot(c *contract.Catalog) *jsontree.Node {
	tools := append([]*contract.Tool(nil), c.Tools...)
	sort.SliceStable(tools, func(i, j int) bool { return tools[i].Name < tools[j].Name })
	list := &jsontree.Node{Kind: jsontree.Array, Offset: -1}
	for _, t := range tools {
		list.SetItems(append(list.Items(), t.Node))
	}
	return jsontree.NewObject([]jsontree.Member{{Key: "tools", KeyOffset: -1, Value: list}})
}

// MaxSize is the largest snapshot written: what lint and drift read back
// (fileio.MaxToolFile). Indentation grows with depth, so a fetch well under
// its byte cap could still encode larger.
const MaxSize = fileio.MaxToolFile

// encodeChecked is Encode, refused (before any byte is built) when the
// result would be larger than a reader accepts: snapshot never writes a file
// lint and drift would refuse.
func encodeChecked(c *contract.Catalog) ([]byte, error) {
	tools := &jsontree.Node{Kind: jsontree.Array, Offset: -1}
	for _, t := range c.Tools {
		tools.SetItems(append(tools.Items(), t.Node))
	}
	root := jsontree.NewObject([]jsontree.Member{{Key: "tools", KeyOffset: -1, Value: tools}})
	if size := jsontree.EncodedSize(root, canonical, MaxSize-1) + 1; size > MaxSize {
		return nil, &contract.ServerError{Server: c.Server, Msg: fmt.Sprintf("the snapshot would be over %d bytes, more than lint and drift read back; the server's tool list is too large or too deeply nested to commit", MaxSize)}
	}
	return Encode(c), nil
}

// Digest identifies a catalog's canonical snapshot: "sha256:" and the hex
// sha256 of Encode, so a committed snapshot and a fetch of the same tools
// have the same digest.
// It streams the encoding into the hash: a deeply nested catalog that drift
// reads encodes, indented, to the square of its depth, so a catalog whose
// snapshot would be over MaxSize (which no snapshot file can be) has no
// digest (""): 49,000 levels would hash about 10 GB of indentation.
func Digest(c *contract.Catalog) string {
	root := sortedRoot(c)
	if jsontree.EncodedSize(root, canonical, MaxSize-1)+1 > MaxSize {
		return ""
	}
	h := sha256.New()
	_ = jsontree.EncodeTo(h, root, canonical) // a hash never fails to write
	h.Write([]byte{'\n'})
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// ToolHash identifies a tool's canonical content.
func ToolHash(t *contract.Tool) string {
	sum := sha256.Sum256(jsontree.Encode(t.Node, jsontree.EncodeOptions{SortKeys: true, SortArray: canonical.SortArray}))
	return hex.EncodeToString(sum[:])
}

// Path is the snapshot file of a server in dir. The server name is checked
// (contract.CheckServerName) and the result proven to sit directly inside
// dir, whatever source the name came from.
func Path(dir, server string) (string, error) {
	if err := contract.CheckServerName(server); err != nil {
		return "", &contract.InputError{File: dir, Msg: err.Error()}
	}
	p, err := fileio.InDir(dir, server+".json")
	return p, contract.FileInput(err)
}

// Changed reports whether writing the catalog would change its snapshot file.
func Changed(dir string, c *contract.Catalog) (bool, error) {
	path, err := Path(dir, c.Server)
	if err != nil {
		return false, err
	}
	data, err := encodeChecked(c)
	if err != nil {
		return false, err
	}
	return changed(path, data)
}

func changed(path string, data []byte) (bool, error) {
	if _, err := os.Lstat(path); os.IsNotExist(err) {
		return true, nil
	}
	old, err := fileio.ReadFile(path, MaxSize)
	if err != nil {
		return false, contract.FileInput(err)
	}
	return !bytes.Equal(old, data), nil
}

// Write stores the catalog's snapshot atomically (fileio.WriteFile: a temp
// file in the same folder, synced, then renamed over the old one), so a
// reader or a crash never sees half a file. It reports whether the content
// changed.
func Write(dir string, c *contract.Catalog) (bool, error) {
	if c.Error != "" {
		return false, fmt.Errorf("refusing to snapshot server %q: %s", c.Server, c.Error)
	}
	path, err := Path(dir, c.Server)
	if err != nil {
		return false, err
	}
	data, err := encodeChecked(c)
	if err != nil {
		return false, err
	}
	if ch, err := changed(path, data); err != nil || !ch {
		return false, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return false, &contract.InputError{File: dir, Msg: "cannot create the snapshot folder: " + err.Error()}
	}
	return true, contract.FileInput(fileio.WriteFile(path, data))
}
