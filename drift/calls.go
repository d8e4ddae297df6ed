package drift

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/mcp-contract/mcp-contract/contract"
)

// maxCallFileSize bounds one recorded call file.
const maxCallFileSize = 16 << 20

// Call is one recorded tools/call: real arguments an agent sent, which every
// new schema must still accept (design.md §7).
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

// LoadCalls reads every mcp-calls/*.json file of dir, each one
// {"server", "tool", "arguments"}, in file-name order.
func LoadCalls(dir string) ([]Call, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, &contract.InputError{File: dir, Msg: err.Error()}
	}
	sort.Strings(paths)
	var calls []Call
	for _, path := range paths {
		info, err := os.Stat(path)
		if err != nil {
			return nil, &contract.InputError{File: path, Msg: err.Error()}
		}
		if info.Size() > maxCallFileSize {
			return nil, &contract.InputError{File: path, Msg: fmt.Sprintf("recorded call is %d bytes, over the %d-byte limit", info.Size(), maxCallFileSize)}
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, &contract.InputError{File: path, Msg: err.Error()}
		}
		var c Call
		dec := json.NewDecoder(bytes.NewReader(data))
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

// checkCall reports a recorded call the new catalog no longer accepts.
func checkCall(call Call, c *contract.Catalog, emit func(contract.Finding)) {
	t := c.Tool(call.Tool)
	if t == nil {
		emit(callFinding(call, c.Server, fmt.Sprintf("recorded call %s: tool %q no longer exists", call.File, call.Tool)))
		return
	}
}

func callFinding(call Call, server, msg string) contract.Finding {
	return contract.Finding{
		Rule:     recordedCallRejected.ID,
		Severity: recordedCallRejected.Severity(),
		Category: contract.CategoryDrift,
		Server:   server,
		Tool:     call.Tool,
		File:     call.File,
		Message:  msg,
		Change:   recordedCallRejected.Change,
	}
}
