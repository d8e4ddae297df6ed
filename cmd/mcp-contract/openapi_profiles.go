package main

import (
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/pipeline"
	"github.com/mcp-contract/mcp-contract/sanitize"
	"github.com/mcp-contract/mcp-contract/snapshot"
	"github.com/mcp-contract/mcp-contract/source"
)

// openapiProfiles are the providers `openapi tools` rewrites its tools for:
// --profile, else the provider profiles the config names (profiles:
// [openai-strict, gemini]), so that tools generated in a configured project
// pass the lint the project runs. Groups (portable, all) name no one
// provider and are skipped.
func openapiProfiles(flag, configPath string) ([]string, error) {
	if flag != "" {
		return []string{flag}, nil
	}
	cfg, err := pipeline.LoadConfig(configPath)
	if err != nil || cfg == nil {
		return nil, err
	}
	return sanitize.ProviderProfiles(cfg.Profiles), nil
}

// sanitizeFor encodes catalog rewritten for each profile in turn.
func sanitizeFor(catalog *contract.Catalog, profiles []string) ([]byte, error) {
	out := snapshot.Encode(catalog)
	for i, p := range profiles {
		res, err := sanitize.Catalog(catalog, p)
		if err != nil {
			return nil, err
		}
		out = res.JSON
		if i < len(profiles)-1 {
			next, err := source.Parse(out, "", catalog.Server, catalog.Origin)
			if err != nil {
				return nil, err
			}
			catalog = next
		}
	}
	return out, nil
}
