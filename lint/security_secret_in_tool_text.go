package lint

import "github.com/mcp-contract/mcp-contract/contract"

var _ = register(&Rule{
	ID:       "security/secret-in-tool-text",
	Profile:  ProfileSecurity,
	Severity: contract.Error,
	Summary:  "the server put a secret of its own configuration into a tool's text",
	Help: "A server started with a token (a ${VAR} value of its config, a header, a credential-named " +
		"env value) sent that value back inside its tool list: in a description, a default, an enum, a " +
		"property name. Clients store tool lists, show them to users, send them to the model on every " +
		"turn and, with mcp-contract, commit them as snapshots, so the token would end up in a git " +
		"history and in every LLM provider's logs. mcp-contract masks the value as *** wherever it " +
		"appears (reports, snapshots, sanitize output) and reports each place here. Fix: stop the server " +
		"from echoing its configuration (a templated description, a debug dump of its environment or " +
		"request headers), and rotate the secret if the server's tool list was stored or shown anywhere " +
		"before.",
	CheckTool: func(p *Pass) {
		for _, pointer := range p.Tool.Masked {
			node, _ := p.Tool.Node.Lookup(pointer)
			p.Report(node, pointer, "stop the server from echoing its configuration into tool metadata, and rotate the secret",
				"the server sent a secret of its configuration in this text; it is masked as *** here and in snapshots")
		}
	},
})
