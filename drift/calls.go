package drift

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/fileio"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/schemacheck"
)

// Call is one recorded tools/call: real arguments an agent sent, which every
// new schema must still accept (design.md §7). A call without a server is
// held against every compared server that has the tool.
type Call struct {
	Server    string          `json:"server"`
	Tool      string          `json:"tool"`
	Arguments json.RawMessage `json:"arguments"`
	// File is where the call was read from, for messages.
	File string `json:"-"`
}

var recordedCallRejected = register(&Rule{
	ID: "drift/recorded-call-rejected", Change: contract.ChangeBreaking,
	Summary: "A call an agent really made is rejected by the new schema",
	Help: "Schema diffs judge the declared contract; recorded calls judge what callers actually send. A call in mcp-calls/ " +
		"that the new inputSchema rejects (or whose tool is gone) will fail in production, whatever the classification of " +
		"the change that caused it. Fix: accept the call's shape again, or, if the call is obsolete, delete its file.",
})

// LoadCalls reads every *.json file of dir (the project's mcp-calls/), each
// one {"server", "tool", "arguments"}, in file-name order. A missing folder
// holds no calls.
func LoadCalls(dir string) ([]Call, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, &contract.InputError{File: dir, Msg: err.Error()}
	}
	sort.Strings(paths)
	var calls []Call
	for _, path := range paths {
		if info, err := os.Lstat(path); err == nil && info.IsDir() {
			continue
		}
		data, err := fileio.ReadFile(path, fileio.MaxCallFile)
		if err != nil {
			return nil, contract.FileInput(err)
		}
		var c Call
		dec := json.NewDecoder(bytes.NewReader(jsontree.TrimBOM(data)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&c); err != nil {
			return nil, &contract.InputError{File: path, Msg: "a recorded call must be {\"server\", \"tool\", \"arguments\"}: " + err.Error()}
		}
		if c.Tool == "" {
			return nil, &contract.InputError{File: path, Msg: "a recorded call needs a \"tool\" name"}
		}
		c.File = path
		calls = append(calls, c)
	}
	return calls, nil
}

// checkCalls reports every recorded call of the server that the new tools
// reject, one finding per reason. byNew maps each new tool to its pair, so a
// finding carries that tool's patch; a call to a tool that is gone is located
// at the old tool.
func checkCalls(calls []Call, old, new *contract.Catalog, byNew map[*contract.Tool]*toolPair, emit func(contract.Finding)) {
	compiled := map[*contract.Tool]*schemacheck.Schema{}
	for _, call := range calls {
		if call.Server != "" && call.Server != new.Server {
			continue
		}
		t := new.Tool(call.Tool)
		if t == nil {
			tp := &toolPair{server: new.Server, old: old.Tool(call.Tool), emit: emit}
			if tp.old == nil {
				if call.Server == "" {
					// A call naming no server is held against every server
					// that has the tool; this one never had it.
					continue
				}
				// Never a tool on either side: nothing to locate, nothing changed.
				emit(contract.Finding{Rule: recordedCallRejected.ID, Severity: recordedCallRejected.Severity(), Category: contract.CategoryDrift,
					Server: new.Server, Tool: call.Tool, File: call.File, Change: recordedCallRejected.Change, Fix: recordedCallRejected.fix(),
					Message: fmt.Sprintf("recorded call %s is rejected: the server has no tool %q", call.File, call.Tool)})
				continue
			}
			tp.report(recordedCallRejected, true, tp.old.Node, "", "", "recorded call %s is rejected: tool %q no longer exists", call.File, call.Tool)
			continue
		}
		tp := byNew[t]
		if tp == nil {
			tp = &toolPair{server: new.Server, new: t}
		}
		tp.emit = emit
		schema, ok := compiled[t]
		if !ok {
			var err error
			// A schema that does not compile is lint's finding (schema/*);
			// there is nothing to hold a call against.
			if schema, err = schemacheck.Compile(orEmpty(t.Input())); err != nil {
				schema = nil
			}
			compiled[t] = schema
		}
		if schema == nil {
			continue
		}
		args := call.Arguments
		if len(args) == 0 || string(args) == "null" {
			args = json.RawMessage("{}")
		}
		instance, err := schemacheck.DecodeInstance(args)
		if err != nil {
			continue
		}
		for _, v := range schema.Validate(instance) {
			tp.report(recordedCallRejected, false, t.Input(), "/inputSchema", "",
				"recorded call %s is rejected at %s: %s", call.File, "arguments"+v.Pointer, v.Message)
		}
	}
}

// CallCoverage says which recorded calls a comparison replays: those whose
// server (or, for a call naming none, some server holding the tool) was
// compared. Each other call is listed with why, so a folder of calls that
// match nothing is never read as "every call still passes". pairFiles is
// Compare's case: one old and one new catalog, one server whatever the names.
func CallCoverage(calls []Call, old, new []*contract.Catalog, pairFiles bool) (replayed int, skipped []string) {
	var pairs []serverPair
	if pairFiles && len(old) == 1 && len(new) == 1 {
		pairs = []serverPair{{old: old[0], new: new[0]}}
	} else {
		pairs = pairServers(old, new)
	}
	for _, call := range calls {
		ran := false
		for _, sp := range pairs {
			if sp.old == nil || sp.new == nil || sp.skipped() != "" || (call.Server != "" && call.Server != sp.new.Server) {
				continue
			}
			if call.Server != "" || sp.new.Tool(call.Tool) != nil || sp.old.Tool(call.Tool) != nil {
				ran = true
			}
		}
		switch {
		case ran:
			replayed++
		case call.Server != "":
			skipped = append(skipped, fmt.Sprintf("%s: server %q was not compared", call.File, call.Server))
		default:
			skipped = append(skipped, fmt.Sprintf("%s: no compared server has tool %q", call.File, call.Tool))
		}
	}
	return replayed, skipped
}
