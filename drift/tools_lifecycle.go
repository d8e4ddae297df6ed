package drift

import "github.com/mcp-contract/mcp-contract/contract"

// Tool and server lifecycle: reported by Compare and CompareAll while pairing,
// not by a per-pair check.
var (
	toolRemoved = register(&Rule{
		ID: "drift/tool-removed", Change: contract.ChangeBreaking,
		Summary: "A tool is gone",
		Help: "Agents, prompts and saved workflows call tools by name; a removed tool makes every such call fail " +
			"with \"tool not found\". oasdiff rates the API analogue api-path-removed-without-deprecation ERR; mcpdiff T-REMOVED is breaking. " +
			"Fix: keep the tool (it may delegate to its replacement) and announce its removal, or accept the break and update the snapshot.",
	})
	toolAdded = register(&Rule{
		ID: "drift/tool-added", Change: contract.ChangeNonBreaking,
		Summary: "A tool is new",
		Help: "A new tool breaks no caller (oasdiff endpoint-added INFO, mcpdiff T-ADDED), but it grows the catalog every client " +
			"loads and is a new capability to review. Fix: nothing to fix; update the snapshot once reviewed.",
	})
	toolRenamed = register(&Rule{
		ID: "drift/tool-renamed", Change: contract.ChangeBreaking,
		Summary: "A tool was removed and a nearly identical one added under another name",
		Help: "A removed tool and an added one whose input schemas are at least 90% alike (Jaccard index over the schemas' " +
			"scalar facts, set arrays unordered) are one rename. Callers of the old name fail exactly as for drift/tool-removed; " +
			"github-mcp-server's write_label → label_write (#1198) is the pattern. Fix: keep the old name as an alias for a release, " +
			"or accept the break and update the snapshot.",
	})
	serverRemoved = register(&Rule{
		ID: "drift/server-removed", Change: contract.ChangeBreaking,
		Summary: "A whole server is gone",
		Help:    "Every tool of the server disappears for its callers. Fix: restore the server, or remove its snapshot on purpose.",
	})
	serverAdded = register(&Rule{
		ID: "drift/server-added", Change: contract.ChangeNonBreaking,
		Summary: "A server is new",
		Help:    "A new server breaks nothing but brings tools to review. Fix: nothing; snapshot it once reviewed.",
	})
)
