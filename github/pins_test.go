package github

import (
	"fmt"
	"os"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/report"
)

func TestPins(t *testing.T) {
	files := map[string]string{
		"package.json": "{\n  \"dependencies\": {\n    \"@modelcontextprotocol/server-filesystem\": \"2026.7.10\",\n    \"other\": \"1\"\n  }\n}\n",
		"package-lock.json": "{\n  \"packages\": {\n    \"node_modules/@modelcontextprotocol/server-memory\": {\n" +
			"      \"version\": \"2026.1.2\",\n      \"resolved\": \"x\"\n    }\n  }\n}\n",
		".mcp-contract.yaml": "version: 1\nservers:\n  everything: {command: [npx, -y, \"@modelcontextprotocol/server-everything@2026.8.31\"]}\n" +
			"  fetch: {command: [uvx, mcp-server-fetch==2025.4.7]}\n",
	}
	read := func(p string) ([]byte, error) {
		if s, ok := files[p]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	}
	servers := []PinnedServer{
		{Name: "filesystem", Argv: []string{"node", "node_modules/@modelcontextprotocol/server-filesystem/dist/index.js", "data"}},
		{Name: "memory", Argv: []string{"node", "./node_modules/@modelcontextprotocol/server-memory/dist/index.js"}},
		{Name: "everything", Argv: []string{"npx", "-y", "@modelcontextprotocol/server-everything@2026.8.31"}},
		{Name: "fetch", Argv: []string{"uvx", "mcp-server-fetch==2025.4.7"}},
		{Name: "local", Argv: []string{"go", "run", "./cmd/server"}},
	}
	diff := report.Diff{"package.json": {{First: 3, Last: 3}}, "package-lock.json": {{First: 4, Last: 4}}, ".mcp-contract.yaml": {{First: 3, Last: 4}}}
	got := Pins(servers, ".mcp-contract.yaml", diff, read)
	want := map[string]contract.Location{
		"filesystem": {Server: "filesystem", File: "package.json", Line: 3},
		"memory":     {Server: "memory", File: "package-lock.json", Line: 4},
		"everything": {Server: "everything", File: ".mcp-contract.yaml", Line: 3},
		"fetch":      {Server: "fetch", File: ".mcp-contract.yaml", Line: 4},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got  %v\nwant %v", got, want)
	}
	// A pin the pull request did not change is no pin.
	if got := Pins(servers, ".mcp-contract.yaml", report.Diff{"package.json": {{First: 4, Last: 4}}}, read); len(got) != 0 {
		t.Errorf("unchanged pins: %v", got)
	}
}
