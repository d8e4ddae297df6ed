package scaffold

import (
	"fmt"
	"strings"
)

// WorkflowPath is where init writes the workflow.
const WorkflowPath = ".github/workflows/mcp-contract.yml"

// WorkflowOptions shape the pull request workflow.
type WorkflowOptions struct {
	// ActionRef is what the step uses, e.g. mcp-contract/mcp-contract@v1.2.0.
	ActionRef string
	// Variables are the config's ${VAR} names; each comes from a repository
	// secret of the same name.
	Variables []string
}

// Workflow renders a workflow that runs `check` on every pull request and
// push to main: annotations, job summary, one sticky PR comment, SARIF in
// code scanning.
func Workflow(opts WorkflowOptions) []byte {
	var b strings.Builder
	b.WriteString(`# Written by ` + "`mcp-contract init --workflow`" + `: lint the MCP servers' tools and compare them
# with the committed snapshots on every pull request.
name: mcp-contract
on:
  pull_request:
  push:
    branches: [main]
permissions:
  contents: read
  pull-requests: write    # the one PR comment, kept up to date
  security-events: write  # findings in code scanning (SARIF)
jobs:
  mcp-contract:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v5
        with:
          persist-credentials: false  # servers we start must not find the job token in .git/config
          fetch-depth: 0  # drift reads the base branch's snapshots from git
`)
	fmt.Fprintf(&b, "      - uses: %s\n", opts.ActionRef)
	if len(opts.Variables) > 0 {
		b.WriteString("        env:  # the config's ${VAR}s, from repository secrets (Settings > Secrets and variables > Actions)\n")
		for _, v := range opts.Variables {
			secret := v
			comment := ""
			if strings.HasPrefix(strings.ToUpper(v), "GITHUB_") {
				// GitHub refuses secret names that start with GITHUB_.
				secret = "MCP_" + v
				comment = "  # a secret's name cannot start with GITHUB_"
			}
			fmt.Fprintf(&b, "          %s: ${{ secrets.%s }}%s\n", v, secret, comment)
		}
	}
	b.WriteString(`        with:
          command: check
          sarif: mcp-contract.sarif
      - uses: github/codeql-action/upload-sarif@v4
        if: always() && hashFiles('mcp-contract.sarif') != ''
        with:
          sarif_file: mcp-contract.sarif
          category: mcp-contract
`)
	return []byte(b.String())
}
