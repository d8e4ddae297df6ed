package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/mcp-contract/mcp-contract/contract"
	ghaction "github.com/mcp-contract/mcp-contract/github"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
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
			r, err := ghaction.ParseRepo(repo)
			switch {
			case dryRun && (token == "" || repo == ""):
				standings := c.standings(result, runURL())
				plan := ghaction.PlanDriftIssuesUnlisted(standings, ghaction.SyncOptions{MaxIssues: maxIssues, RunURL: runURL()})
				return c.driftExit(failOnDrift, c.previewDriftIssues(plan, standings))
			case err != nil:
				return usagef("%v (give --repo owner/name or set GITHUB_REPOSITORY)", err)
			case token == "":
				return usagef("issues needs GITHUB_TOKEN, a token allowed to write issues (or --dry-run to see what it would write)")
			case dryRun:
				client, err := ghaction.NewClient(os.Getenv("GITHUB_API_URL"), token, nil)
				if err != nil {
					return usagef("%v", err)
				}
				standings := c.standings(result, runURL())
				plan, err := client.PlanDriftIssues(cmd.Context(), r, standings, ghaction.SyncOptions{MaxIssues: maxIssues, RunURL: runURL()})
				if err != nil {
					return fmt.Errorf("drift issues: %w", err)
				}
				return c.driftExit(failOnDrift, c.previewDriftIssues(plan, standings))
			}
			drifting, err := c.syncDriftIssues(cmd.Context(), os.Getenv("GITHUB_API_URL"), token, r, result, maxIssues, runURL(), func(format string, args ...any) {
				fmt.Fprintf(c.stdout, format+"\n", args...)
			})
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

func (c *cli) standings(result *contract.Result, run string) []ghaction.Standing {
	return ghaction.Standings(result, ghaction.StandingOptions{RunURL: run, Masker: c.masker, Now: time.Now()})
}

// previewDriftIssues prints what a sync would write, each title and body
// in full, and returns how many servers drift. The texts are the ones the
// issues would carry, already escaped and masked; Line keeps each heading
// on one line.
func (c *cli) previewDriftIssues(plan ghaction.IssuePlan, standings []ghaction.Standing) int {
	w := c.stdout
	counts := map[string]int{}
	for _, st := range plan.Steps {
		counts[st.Kind]++
		server := safetext.Line(c.masker.Mask(st.Server))
		switch st.Kind {
		case ghaction.IssueCreate:
			head := "would open an issue labelled " + st.Label + " for " + server
			if st.Unlisted {
				head += ", or edit the one open (open issues not read: no token)"
			}
			fmt.Fprintf(w, "--- %s\ntitle: %s\n\n%s\n", head, safetext.Line(st.Title), strings.TrimRight(st.Body, "\n"))
		case ghaction.IssueEdit:
			fmt.Fprintf(w, "--- would edit issue #%d of %s\ntitle: %s\n\n%s\n", st.Number, server, safetext.Line(st.Title), strings.TrimRight(st.Body, "\n"))
		case ghaction.IssueClose:
			head := fmt.Sprintf("would close issue #%d of %s, labelled %s", st.Number, server, strings.Join(st.Labels, ", "))
			if st.Unlisted {
				head = "would close the " + st.Label + " issue of " + server + ", if one is open (open issues not read: no token)"
			}
			fmt.Fprintf(w, "--- %s, commenting:\n\n%s\n", head, st.Comment)
		}
	}
	drifting := 0
	for _, s := range standings {
		if s.State == ghaction.Drifting {
			drifting++
		}
	}
	fmt.Fprintf(w, "--- drift issues, dry run: %d servers drifting; would open %d, edit %d, close %d; nothing was written\n",
		drifting, counts[ghaction.IssueCreate], counts[ghaction.IssueEdit], counts[ghaction.IssueClose])
	if len(plan.Held) > 0 {
		fmt.Fprintf(w, "--- no issue would be opened for %s: max-issues are open already\n", safetext.Line(strings.Join(plan.Held, ", ")))
	}
	return drifting
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
func (c *cli) syncDriftIssues(ctx context.Context, apiURL, token string, repo ghaction.Repo, result *contract.Result, maxIssues int, run string, say func(string, ...any)) (int, error) {
	client, err := ghaction.NewClient(apiURL, token, nil)
	if err != nil {
		return 0, usagef("%v", err)
	}
	standings := c.standings(result, run)
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
		say("drift issues: no issue opened for %s: %d are open already (max-issues)", safetext.Line(strings.Join(out.Held, ", ")), maxIssues)
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
