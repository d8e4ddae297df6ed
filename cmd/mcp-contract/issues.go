package main

import (
	"os"

	ghaction "github.com/mcp-contract/mcp-contract/github"
	"github.com/mcp-contract/mcp-contract/pipeline"
	"github.com/spf13/cobra"
)

func (c *cli) issuesCommand() *cobra.Command {
	var configPath string
	var from, repo string
	var maxIssues int
	var failOnDrift, dryRun bool
	cmd := &cobra.Command{
		Use:   "issues --from REPORT.json [--dry-run]",
		Short: "Keep one GitHub issue per drifting or unreachable server, from a saved JSON report (nightly)",
		Long: `Read a JSON report of check or drift (run with --keep-going, so a server that cannot be
reached is in it) and keep the repository's issues in step: one issue per drifting server
(label mcp-drift, hidden marker <!-- mcp-contract:drift:server=NAME -->) edited in place each
run, one per unreachable server (label mcp-unreachable), each closed with a comment and the
label drift-recovered once the server is back to its snapshot. At most --max-issues are open
at once. Needs GITHUB_TOKEN (issues: write) and GITHUB_REPOSITORY (or --repo); honours
GITHUB_API_URL. --dry-run writes nothing and prints each issue it would open, edit or
close, title and body: with a token and a repository it reads the open issues to say
which; without a token it reads nothing and says what it would open or close if the
issues are (not) there. Exit 0, or 1 with --fail-on-drift when a server drifts.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if from == "" {
				return usagef("issues needs --from REPORT.json (a report written by check or drift --format json)")
			}
			cfg, err := pipeline.LoadConfig(configPath)
			if err != nil {
				return err
			}
			if cfg != nil {
				c.masker.Add(cfg.Secrets...)
			}
			result, err := readReport(from)
			if err != nil {
				return err
			}
			if repo == "" {
				repo = os.Getenv("GITHUB_REPOSITORY")
			}
			token := os.Getenv("GITHUB_TOKEN")
			c.masker.Add(token)
			drifting, err := ghaction.KeepIssues(cmd.Context(), result, ghaction.IssuesOptions{Repo: repo, Token: token,
				APIURL: os.Getenv("GITHUB_API_URL"), RunURL: ghaction.RunURL(), MaxIssues: maxIssues, DryRun: dryRun, Out: c.stdout, Masker: c.masker})
			if err != nil {
				return err
			}
			return c.driftExit(failOnDrift, drifting)
		},
	}
	// It posts a saved report: only the config's secrets matter.
	cmd.Flags().StringVar(&configPath, "config", "", "config whose ${VAR} values are masked too (default .mcp-contract.yaml when present)")
	cmd.Flags().StringVar(&from, "from", "", "the JSON report to read")
	cmd.Flags().StringVar(&repo, "repo", "", "owner/name (default GITHUB_REPOSITORY)")
	cmd.Flags().IntVar(&maxIssues, "max-issues", ghaction.DefaultMaxIssues, "issues open at once, at most")
	cmd.Flags().BoolVar(&failOnDrift, "fail-on-drift", false, "exit 1 when a server drifts")
	cmd.Flags().BoolVar(&dryRun, "dry-run", false, "write nothing: print each issue it would open, edit or close (no token needed)")
	return cmd
}

func (c *cli) driftExit(failOnDrift bool, drifting int) error {
	if failOnDrift && drifting > 0 {
		return errFindings
	}
	return nil
}
