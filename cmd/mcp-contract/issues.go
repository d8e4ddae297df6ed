package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/mcp-contract/mcp-contract/contract"
	ghaction "github.com/mcp-contract/mcp-contract/github"
	"github.com/spf13/cobra"
)

func (a *app) issuesCommand() *cobra.Command {
	var from, repo string
	var maxIssues int
	var failOnDrift bool
	cmd := &cobra.Command{
		Use:   "issues --from REPORT.json",
		Short: "Keep one GitHub issue per drifting or unreachable server, from a saved JSON report (nightly)",
		Long: `Read a JSON report of check or drift (run with --keep-going, so a server that cannot be
reached is in it) and keep the repository's issues in step: one issue per drifting server
(label mcp-drift, hidden marker <!-- mcp-contract:drift:server=NAME -->) edited in place each
run, one per unreachable server (label mcp-unreachable), each closed with a comment and the
label drift-recovered once the server is back to its snapshot. At most --max-issues are open
at once. Needs GITHUB_TOKEN (issues: write) and GITHUB_REPOSITORY (or --repo); honours
GITHUB_API_URL. Exit 0, or 1 with --fail-on-drift when a server drifts.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if from == "" {
				return usagef("issues needs --from REPORT.json (a report written by check or drift --format json)")
			}
			if err := a.loadConfig(); err != nil {
				return err
			}
			result, err := readReport(from)
			if err != nil {
				return err
			}
			if repo == "" {
				repo = os.Getenv("GITHUB_REPOSITORY")
			}
			r, err := ghaction.ParseRepo(repo)
			if err != nil {
				return usagef("%v (give --repo owner/name or set GITHUB_REPOSITORY)", err)
			}
			token := os.Getenv("GITHUB_TOKEN")
			if token == "" {
				return usagef("issues needs GITHUB_TOKEN, a token allowed to write issues")
			}
			a.masker.Add(token)
			drifting, err := a.syncDriftIssues(cmd.Context(), os.Getenv("GITHUB_API_URL"), token, r, result, maxIssues, runURL(), func(format string, args ...any) {
				fmt.Fprintf(a.stdout, format+"\n", args...)
			})
			if err != nil {
				return err
			}
			if failOnDrift && drifting > 0 {
				return errFindings
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&from, "from", "", "the JSON report to read")
	cmd.Flags().StringVar(&repo, "repo", "", "owner/name (default GITHUB_REPOSITORY)")
	cmd.Flags().IntVar(&maxIssues, "max-issues", ghaction.DefaultMaxIssues, "issues open at once, at most")
	cmd.Flags().BoolVar(&failOnDrift, "fail-on-drift", false, "exit 1 when a server drifts")
	return cmd
}

// runURL links the current workflow run, when there is one.
func runURL() string {
	server, repo, id := os.Getenv("GITHUB_SERVER_URL"), os.Getenv("GITHUB_REPOSITORY"), os.Getenv("GITHUB_RUN_ID")
	if server == "" || repo == "" || id == "" {
		return ""
	}
	return strings.TrimSuffix(server, "/") + "/" + repo + "/actions/runs/" + id
}

// syncDriftIssues brings the drift issues in step with result and says what
// it did through say; it returns how many servers drift.
func (a *app) syncDriftIssues(ctx context.Context, apiURL, token string, repo ghaction.Repo, result *contract.Result, maxIssues int, run string, say func(string, ...any)) (int, error) {
	client, err := ghaction.NewClient(apiURL, token, nil)
	if err != nil {
		return 0, usagef("%v", err)
	}
	standings := ghaction.Standings(result, ghaction.StandingOptions{RunURL: run, Masker: a.masker, Now: time.Now()})
	drifting := 0
	for _, s := range standings {
		if s.State == ghaction.Drifting {
			drifting++
		}
	}
	out, err := client.SyncDriftIssues(ctx, repo, standings, ghaction.SyncOptions{MaxIssues: maxIssues, RunURL: run})
	if err != nil {
		return drifting, fmt.Errorf("drift issues: %w", err)
	}
	say("drift issues: %d servers drifting, %s created, %s edited, %s closed", drifting, numbers(out.Created), numbers(out.Edited), numbers(out.Closed))
	if len(out.Held) > 0 {
		say("drift issues: no issue opened for %s: %d are open already (max-issues)", strings.Join(out.Held, ", "), maxIssues)
	}
	return drifting, nil
}

func numbers(ns []int) string {
	if len(ns) == 0 {
		return "none"
	}
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = fmt.Sprintf("#%d", n)
	}
	return strings.Join(parts, " ")
}
