package collisions

import (
	"fmt"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/english"
)

var duplicateName = register(&Rule{
	ID:       "collision/duplicate-name",
	Severity: contract.Error,
	Summary:  "two servers a client loads together publish a tool of the same name",
	Help: "A client that loads both servers must pick: Cursor runs the first match, CopilotKit drops duplicates (#2409), " +
		"AMP refuses the server (Govcraft/rust-docs-mcp-server#9), the OpenAI Agents SDK raises UserError, gemini-cli renames " +
		"the later one server__tool (PR #4459), docker/mcp-gateway picks one (#11), and agentgateway with `prefix: never` " +
		"requires non-overlapping names (PR #2531). Either way a model that asks for the tool may get the other server's. " +
		"MCP 2026-07-28 says aggregators SHOULD disambiguate, and that serverInfo.name is no basis for it. " +
		"What is checked: every exact (case-sensitive) name published by two or more servers of one group " +
		"(collisions.groups; by default every configured server); a server's own twins are mcp/duplicate-tool-name. " +
		"Each clash is reported once, on the later server, naming the others. " +
		"Fix: rename one tool with a server prefix (the finding proposes one that passes every selected provider under every " +
		"selected prefix style), or put the servers in different collisions.groups when no client loads both.",
})

var _ = addGroupCheck(duplicateName, func(k *checker, g *groupIndex) {
	for _, name := range g.names {
		list := g.byName[name]
		if len(list) < 2 {
			continue
		}
		at, others := list[1], append([]ref{list[0]}, list[2:]...)
		k.report(duplicateName, at, others, k.renameFix(g, at),
			"tool %q is also published by %s%s: a client that loads both runs only one of them, refuses a server, or renames one",
			name, serversOf(others), g.in)
	}
})

func serversOf(others []ref) string {
	var parts []string
	for i, o := range others {
		if i == named && len(others) > named+1 {
			parts = append(parts, fmt.Sprintf("%d more", len(others)-named))
			break
		}
		parts = append(parts, "server "+quote(o.c.Server))
	}
	return english.List(parts, "and")
}
