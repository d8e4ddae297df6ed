package github

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	gh "github.com/google/go-github/v60/github"
	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
	"github.com/mcp-contract/mcp-contract/report"
)

// Labels of the nightly drift issues (reference/github-actions.md §8, after
// cloudposse's drift detection): one issue per drifting server, one per
// server that could not be reached, and the label a recovered one is
// closed with.
const (
	LabelDrift       = "mcp-drift"
	LabelUnreachable = "mcp-unreachable"
	LabelRecovered   = "drift-recovered"
	// DefaultMaxIssues bounds the issues open at once, so a fleet-wide
	// outage cannot bury a repository under hundreds of issues.
	DefaultMaxIssues = 10
)

// maxIssuePages bounds each listing: 50 pages of 100 issues.
const maxIssuePages = 50

// DriftMarker identifies a server's drift issue; UnreachableMarker its
// unreachable issue. Server names are limited to A-Za-z0-9_.- (they name
// snapshot files), so they cannot end the HTML comment.
func DriftMarker(server string) string { return "<!-- mcp-contract:drift:server=" + server + " -->" }

// UnreachableMarker identifies the issue of a server that could not be reached.
func UnreachableMarker(server string) string {
	return "<!-- mcp-contract:unreachable:server=" + server + " -->"
}

// Standings of a server in a nightly run.
const (
	Drifting    = "drifting"
	Clean       = "clean"
	Unreachable = "unreachable"
)

// Standing is what one run says about one server, and what its issue says.
type Standing struct {
	Server string
	// State is Drifting, Clean or Unreachable.
	State string
	// Title and Body of the issue to keep open; empty when Clean.
	Title, Body string
}

// Seen is the fenced JSON block of a drift issue: what the run saw, so the
// next reader (or script) knows which contract and which tools differed.
type Seen struct {
	Server string `json:"server"`
	// Origin is where an unreachable server was looked for; it has no
	// live side, since no tool count may read as "all tools removed".
	Origin   string         `json:"origin,omitempty"`
	Snapshot *Side          `json:"snapshot,omitempty"`
	Live     *Side          `json:"live,omitempty"`
	Changes  map[string]int `json:"changes,omitempty"`
	Error    string         `json:"error,omitempty"`
	Run      string         `json:"run,omitempty"`
	Checked  string         `json:"checked"`
}

// Side is one side of a comparison: where the tools came from, how many,
// and the sha256 of their canonical snapshot encoding.
type Side struct {
	Origin string `json:"origin,omitempty"`
	Digest string `json:"digest,omitempty"`
	Tools  int    `json:"tools"`
}

// StandingOptions shape the issue texts.
type StandingOptions struct {
	RunURL string
	Masker *safetext.Masker
	Now    time.Time
}

// Standings reads a run's result: a server that could not be reached is
// Unreachable (never "all tools removed"), a server with drift findings
// Drifting, a server drift compared and found equal Clean. A server drift
// did not compare (no snapshot yet, lint only) has no standing, so its
// issues are left as they are.
func Standings(r *contract.Result, opts StandingOptions) []Standing {
	compared := map[string]contract.DriftServer{}
	if r.Drift != nil {
		for _, d := range r.Drift.Compared {
			compared[d.Server] = d
		}
	}
	byServer := map[string][]contract.Finding{}
	for _, f := range r.Findings {
		if f.Category == contract.CategoryDrift {
			byServer[f.Server] = append(byServer[f.Server], f)
		}
	}
	checked := opts.Now.UTC().Format(time.RFC3339)
	var out []Standing
	for _, s := range r.Servers {
		switch d, ok := compared[s.Name]; {
		case s.Error != "":
			seen := Seen{Server: s.Name, Origin: s.Origin, Error: s.Error, Run: opts.RunURL, Checked: checked}
			body := fmt.Sprintf("**%s** could not be reached in the nightly check, so its tools were not compared with the "+
				"snapshot. This is not drift: a server that does not answer has not removed its tools, and its drift "+
				"issue, if any, stays as it was.\n\n> %s\n", s.Name, safetext.Line(opts.Masker.Mask(s.Error)))
			out = append(out, Standing{Server: s.Name, State: Unreachable, Title: fmt.Sprintf("MCP server %s could not be reached", s.Name),
				Body: issueBody(UnreachableMarker(s.Name), body, seen, opts)})
		case len(byServer[s.Name]) > 0:
			findings := byServer[s.Name]
			seen := Seen{Server: s.Name, Changes: map[string]int{}, Run: opts.RunURL, Checked: checked,
				Live: &Side{Origin: s.Origin, Digest: d.Digest, Tools: s.Tools}}
			if ok {
				seen.Snapshot = &Side{Origin: d.Against, Digest: d.AgainstDigest, Tools: d.AgainstTools}
			}
			for _, f := range findings {
				seen.Changes[orDefault(f.Change, "other")]++
			}
			var md strings.Builder
			report.Markdown(&md, &contract.Result{Servers: []contract.ServerInfo{s}, Findings: findings},
				report.MarkdownOptions{FailOn: contract.Error, Masker: opts.Masker, MaxBytes: report.MaxCommentBytes - 4096, RunURL: opts.RunURL})
			intro := fmt.Sprintf("**%s** no longer matches its committed snapshot: %s. Update the snapshot "+
				"(`mcp-contract snapshot --server %s`) if the change is meant, or fix the server.\n\n", s.Name, changeSummary(seen.Changes), s.Name)
			out = append(out, Standing{Server: s.Name, State: Drifting, Title: fmt.Sprintf("MCP server %s drifted from its snapshot", s.Name),
				Body: issueBody(DriftMarker(s.Name), intro+md.String(), seen, opts)})
		case ok:
			out = append(out, Standing{Server: s.Name, State: Clean})
		}
	}
	return out
}

func changeSummary(changes map[string]int) string {
	kinds := make([]string, 0, len(changes))
	for k := range changes {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	var parts []string
	for _, k := range kinds {
		parts = append(parts, fmt.Sprintf("%d %s", changes[k], k))
	}
	return strings.Join(parts, ", ")
}

func issueBody(marker, text string, seen Seen, opts StandingOptions) string {
	// Masked before encoding, as every secret is: before any escaping.
	seen.Error = opts.Masker.Mask(seen.Error)
	seen.Origin = opts.Masker.Mask(seen.Origin)
	for _, side := range []*Side{seen.Snapshot, seen.Live} {
		if side != nil {
			side.Origin = opts.Masker.Mask(side.Origin)
		}
	}
	data, _ := json.MarshalIndent(seen, "", "  ")
	run := ""
	if opts.RunURL != "" {
		run = fmt.Sprintf(" by [this run](%s)", opts.RunURL)
	}
	return fmt.Sprintf("%s\n%s\nLast checked %s%s; this issue is edited in place on every run and closed when the server matches its snapshot again.\n\n```json\n%s\n```\n",
		marker, text, seen.Checked, run, data)
}

// IssueOutcome says what SyncDriftIssues did, for the job summary.
type IssueOutcome struct {
	Created, Edited, Closed []int
	// Held are servers that needed a new issue while MaxIssues were open.
	Held []string
}

// SyncOptions bound the sync.
type SyncOptions struct {
	// MaxIssues open at once, over both labels (0: DefaultMaxIssues).
	MaxIssues int
	RunURL    string
}

type openIssue struct {
	number int
	body   string
	labels []string
}

// SyncDriftIssues keeps one open issue per drifting server and one per
// unreachable server, edited in place, and closes those of servers that
// recovered with a comment and the drift-recovered label. Issues are found
// by label and hidden marker across every page of the listing. Closing
// comes first, so a recovered server frees its place under MaxIssues.
func (c *Client) SyncDriftIssues(ctx context.Context, repo Repo, standings []Standing, opts SyncOptions) (IssueOutcome, error) {
	var out IssueOutcome
	maxOpen := opts.MaxIssues
	if maxOpen <= 0 {
		maxOpen = DefaultMaxIssues
	}
	drift, err := c.openIssues(ctx, repo, LabelDrift)
	if err != nil {
		return out, err
	}
	down, err := c.openIssues(ctx, repo, LabelUnreachable)
	if err != nil {
		return out, err
	}
	open := len(drift) + len(down)
	find := func(list []openIssue, marker string) *openIssue {
		for i := range list {
			if strings.Contains(list[i].body, marker) {
				return &list[i]
			}
		}
		return nil
	}
	run := ""
	if opts.RunURL != "" {
		run = fmt.Sprintf(" ([run](%s))", opts.RunURL)
	}
	for _, s := range standings {
		if s.State == Unreachable {
			continue
		}
		// Reachable again: its unreachable issue is done, drifting or not.
		if is := find(down, UnreachableMarker(s.Server)); is != nil {
			if err := c.closeIssue(ctx, repo, is, fmt.Sprintf("**%s** answered again%s; closing.", s.Server, run)); err != nil {
				return out, err
			}
			out.Closed = append(out.Closed, is.number)
			open--
		}
		if s.State != Clean {
			continue
		}
		if is := find(drift, DriftMarker(s.Server)); is != nil {
			if err := c.closeIssue(ctx, repo, is, fmt.Sprintf("**%s** matches its snapshot again%s: the drift cleared; closing.", s.Server, run)); err != nil {
				return out, err
			}
			out.Closed = append(out.Closed, is.number)
			open--
		}
	}
	for _, s := range standings {
		var list []openIssue
		var marker, label string
		switch s.State {
		case Drifting:
			list, marker, label = drift, DriftMarker(s.Server), LabelDrift
		case Unreachable:
			list, marker, label = down, UnreachableMarker(s.Server), LabelUnreachable
		default:
			continue
		}
		if is := find(list, marker); is != nil {
			if err := c.editIssue(ctx, repo, is.number, &gh.IssueRequest{Title: gh.String(s.Title), Body: gh.String(s.Body)}); err != nil {
				return out, err
			}
			out.Edited = append(out.Edited, is.number)
			continue
		}
		if open >= maxOpen {
			out.Held = append(out.Held, s.Server)
			continue
		}
		pctx, cancel := context.WithTimeout(ctx, requestTimeout)
		created, _, err := c.rest.Issues.Create(pctx, repo.Owner, repo.Name, &gh.IssueRequest{Title: gh.String(s.Title), Body: gh.String(s.Body), Labels: &[]string{label}})
		cancel()
		if err != nil {
			return out, apiError("creating the drift issue of "+s.Server, err)
		}
		out.Created = append(out.Created, created.GetNumber())
		open++
	}
	return out, nil
}

// openIssues lists the open issues with label, following every page.
func (c *Client) openIssues(ctx context.Context, repo Repo, label string) ([]openIssue, error) {
	var out []openIssue
	opts := &gh.IssueListByRepoOptions{State: "open", Labels: []string{label}, ListOptions: gh.ListOptions{PerPage: 100}}
	for page := 0; page < maxIssuePages; page++ {
		pctx, cancel := context.WithTimeout(ctx, requestTimeout)
		issues, resp, err := c.rest.Issues.ListByRepo(pctx, repo.Owner, repo.Name, opts)
		cancel()
		if err != nil {
			return nil, apiError("listing the "+label+" issues", err)
		}
		for _, is := range issues {
			if is.IsPullRequest() {
				continue
			}
			var labels []string
			for _, l := range is.Labels {
				labels = append(labels, l.GetName())
			}
			out = append(out, openIssue{number: is.GetNumber(), body: is.GetBody(), labels: labels})
		}
		if resp.NextPage == 0 {
			break
		}
		opts.Page = resp.NextPage
	}
	return out, nil
}

func (c *Client) editIssue(ctx context.Context, repo Repo, number int, req *gh.IssueRequest) error {
	pctx, cancel := context.WithTimeout(ctx, requestTimeout)
	defer cancel()
	if _, _, err := c.rest.Issues.Edit(pctx, repo.Owner, repo.Name, number, req); err != nil {
		return apiError(fmt.Sprintf("editing issue #%d", number), err)
	}
	return nil
}

// closeIssue comments why, then closes with the recovered label added.
func (c *Client) closeIssue(ctx context.Context, repo Repo, is *openIssue, comment string) error {
	pctx, cancel := context.WithTimeout(ctx, requestTimeout)
	_, _, err := c.rest.Issues.CreateComment(pctx, repo.Owner, repo.Name, is.number, &gh.IssueComment{Body: gh.String(comment)})
	cancel()
	if err != nil {
		return apiError(fmt.Sprintf("commenting on issue #%d", is.number), err)
	}
	labels := append(append([]string{}, is.labels...), LabelRecovered)
	return c.editIssue(ctx, repo, is.number, &gh.IssueRequest{State: gh.String("closed"), StateReason: gh.String("completed"), Labels: &labels})
}
