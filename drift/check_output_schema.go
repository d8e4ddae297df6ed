package drift

import "github.com/mcp-contract/mcp-contract/contract"

var (
	outputSchemaRemoved = register(&Rule{
		ID: "drift/output-schema-removed", Change: contract.ChangeBreaking,
		Summary: "A tool no longer declares its structured result",
		Help: "Without outputSchema the server need not return structuredContent, and clients that validated or parsed it " +
			"lose their contract (oasdiff rates removing response content ERR). Fix: keep the outputSchema.",
	})
	outputSchemaAdded = register(&Rule{
		ID: "drift/output-schema-added", Change: contract.ChangeNonBreaking,
		Summary: "A tool now declares its structured result",
		Help: "Clients gain a contract for structuredContent; old consumers of the text content are unaffected " +
			"(server-memory 2026.1.26 added one to every tool). Fix: nothing; the schema is compared from now on.",
	})
)

var _ = addToolCheck(checkOutputSchema)

func checkOutputSchema(p *toolPass) {
	o, n := p.Old.Output(), p.New.Output()
	switch {
	case o != nil && n == nil:
		p.report(outputSchemaRemoved, true, o, "/outputSchema", "outputSchema was removed")
	case o == nil && n != nil:
		p.report(outputSchemaAdded, false, n, "/outputSchema", "outputSchema was added")
	}
}
