// Command docgen writes the generated parts of docs/: docs/rules.md from the
// rule registry, the key table of docs/config.md from
// schema/mcp-contract.schema.json, the input and output tables of
// docs/action.md from action.yml, and the rule tables of docs/openapi.md
// and docs/cli.md from the registry. Run it from the repository root after
// adding a rule, a config key or an Action input: go run ./cmd/docgen
package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/docgen"
	"github.com/mcp-contract/mcp-contract/pipeline"
	"github.com/mcp-contract/mcp-contract/report"
)

func main() {
	pages, err := generate(".")
	if err == nil {
		for _, p := range pages {
			if err = os.WriteFile(p.path, p.data, 0o644); err != nil {
				break
			}
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "docgen:", err)
		os.Exit(1)
	}
}

type page struct {
	path string
	data []byte
}

// generate returns every generated page as it should be, its path relative
// to the repository root at root.
func generate(root string) ([]page, error) {
	var rules []contract.RuleInfo
	for _, info := range pipeline.KnownRules() {
		rules = append(rules, info)
	}
	var rulesMD bytes.Buffer
	if err := report.RulesMarkdown(&rulesMD, rules); err != nil {
		return nil, err
	}
	config, err := splice(root, "docs/config.md", part{"config-keys", "schema/mcp-contract.schema.json", docgen.ConfigKeys})
	if err != nil {
		return nil, err
	}
	action, err := splice(root, "docs/action.md",
		part{"action-inputs", "action.yml", docgen.ActionInputs},
		part{"action-outputs", "action.yml", docgen.ActionOutputs})
	if err != nil {
		return nil, err
	}
	table := func(group string) func([]byte) ([]byte, error) {
		return func([]byte) ([]byte, error) { return docgen.RuleTable(rules, group, report.RuleAnchor) }
	}
	openapi, err := splice(root, "docs/openapi.md", part{"openapi-rules", "", table("openapi")})
	if err != nil {
		return nil, err
	}
	cli, err := splice(root, "docs/cli.md", part{"collision-rules", "", table("collision")})
	if err != nil {
		return nil, err
	}
	return []page{{filepath.Join(root, "docs", "rules.md"), rulesMD.Bytes()}, config, action, openapi, cli}, nil
}

// part is one generated region of a page: its name, the file it restates
// ("" for the rule registry) and how it is written from that file.
type part struct {
	name, source string
	render       func([]byte) ([]byte, error)
}

func splice(root, doc string, parts ...part) (page, error) {
	path := filepath.Join(root, doc)
	data, err := os.ReadFile(path)
	if err != nil {
		return page{}, err
	}
	for _, p := range parts {
		var src []byte
		if p.source != "" {
			if src, err = os.ReadFile(filepath.Join(root, p.source)); err != nil {
				return page{}, err
			}
		}
		body, err := p.render(src)
		if err != nil {
			return page{}, fmt.Errorf("%s: %v", p.source, err)
		}
		if data, err = docgen.Splice(data, p.name, body); err != nil {
			return page{}, fmt.Errorf("%s: %v", doc, err)
		}
	}
	return page{path, data}, nil
}
