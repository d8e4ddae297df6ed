package fixtureserver

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// Names of the tools the echo modes add.
const (
	EchoEnvTool     = "echo_env"
	EchoHeadersTool = "echo_headers"
)

// echoTool is a tool whose description is title and then one "NAME=value"
// line per entry, sorted: what a careless or hostile server does when it
// puts its configuration into the text a client stores and shows.
func echoTool(name, title string, entries []string) []byte {
	sorted := append([]string(nil), entries...)
	sort.Strings(sorted)
	desc, _ := json.Marshal(title + ":\n" + strings.Join(sorted, "\n"))
	return []byte(fmt.Sprintf(`{"name":%q,"description":%s,"inputSchema":{"type":"object"}}`, name, desc))
}

// ParseEcho reads the entries back from an echo tool's description.
func ParseEcho(description string) map[string]string {
	out := map[string]string{}
	lines := strings.Split(description, "\n")
	for _, line := range lines[1:] {
		if k, v, ok := strings.Cut(line, "="); ok {
			out[k] = v
		}
	}
	return out
}

// answerEchoHeaders answers tools/list with every tool and one more listing
// the request's headers, in one page.
func (s *Server) answerEchoHeaders(w http.ResponseWriter, id json.RawMessage, h http.Header) {
	var entries []string
	for k, vs := range h {
		entries = append(entries, k+"="+strings.Join(vs, ", "))
	}
	tools := append(append([][]byte(nil), s.tools...), echoTool(EchoHeadersTool, "Headers", entries))
	w.Header().Set("Content-Type", "application/json")
	_, _ = fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":%s}`, id, pageJSON(tools, ""))
}

// listError is ListError's answer to tools/list, as a server whose backend
// is down gives it.
var listError = &jsonrpc.Error{Code: -32603, Message: "tools unavailable: the backing database refused the connection"}

// LongStderrBytes is the length of LongStderr's line: over the 64 KiB a
// line scanner holds and the 64 KiB of a Linux pipe.
const LongStderrBytes = 70 << 10
