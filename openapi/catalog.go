package openapi

import "github.com/mcp-contract/mcp-contract/contract"

// Catalog is the tools generated from spec as one server's catalog, named
// for the service (ServiceName of service and the spec's title).
func Catalog(spec *Spec, tools []Tool, service string) (*contract.Catalog, error) {
	if len(tools) == 0 {
		return nil, contract.Inputf("%s: no operation matches --operation, --tag or --path", spec.File)
	}
	catalog := &contract.Catalog{Server: ServiceName(service, spec.Title), Origin: "openapi:" + spec.File}
	for i, t := range tools {
		catalog.Tools = append(catalog.Tools, &contract.Tool{Name: t.Name, Node: t.Node, Index: i})
	}
	return catalog, nil
}
