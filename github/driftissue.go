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
// unreachable issue. Each is the first line of its issue's body and is
// looked for there only, so text quoted further down (a tool named like a
// marker) names no issue. The name is written with markerName, so that no
// server name, whatever a report says, can end the comment early or spell
// another server's marker.
func DriftMarker(server string) string {
	return "<!-- mcp-contract:drift:server=" + markerName(server) + " -->"
}

// UnreachableMarker identifies the issue of a server that could not be reached.
func UnreachableMarker(server string) string {
	return "<!-- mcp-contract:unreachable:server=" + markerName(server) + " -->"
}

// markerName keeps the characters a configured server name may hold
// (A-Za-z0-9_.-, so today's markers stay as they were) and writes every
// other byte as %XX, '%' included: one name, one marker, and no '>', space
// or "--" anywhere a name could put one.
func markerName(name string) string {
	var b strings.Builder
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '_', c == '.':
			b.WriteByte(c)
		case c == '-' && (i+1 == len(name) || name[i+1] != '-'):
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// hasMarker reports whether body is one the marker's writer wrote: the
// marker is its whole first line (GitHub may hand a body back with CRLF).
func hasMarker(body, marker string) bool {
	line, _, _ := strings.Cut(body, "\n")
	return strings.TrimSuffix(line, "\r") == marker
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
	// Every value from the report reaches the issue through the one
	// markdown escaper, masked first: a crafted name or a server's stderr
	// must not mention anyone, link anything or open HTML.
	md := func(s string) string { return report.MarkdownText(opts.Masker.Mask(s)) }
	code := func(s string) string { return report.MarkdownCode(opts.Masker.Mask(s)) }
	var out []Standing
	for _, s := range r.Servers {
		switch d, ok := compared[s.Name]; {
		case s.Error != "":
			seen := Seen{Server: s.Name, Origin: s.Origin, Error: s.Error, Run: opts.RunURL, Checked: checked}
			body := fmt.Sprintf("**%s** could not be reached in the nightly check, so its tools were not compared with the "+
				"snapshot. This is not drift: a server that does not answer has not removed its tools, and its drift "+
				"issue, if any, stays as it was.\n\n> %s\n", md(s.Name), md(s.Error))
			if strings.Contains(s.Error, contract.NeedsOAuthClient) {
				body += oauthSetup(s.Name)
			}
			out = append(out, Standing{Server: s.Name, State: Unreachable, Title: "MCP server " + code(s.Name) + " could not be reached",
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
			var body strings.Builder
			report.Markdown(&body, &contract.Result{Servers: []contract.ServerInfo{s}, Findings: findings},
				report.MarkdownOptions{FailOn: contract.Error, Masker: opts.Masker, MaxBytes: report.MaxCommentBytes - 4096, RunURL: opts.RunURL})
			intro := fmt.Sprintf("**%s** no longer matches its committed snapshot: %s. Update the snapshot "+
				"(%s) if the change is meant, or fix the server.\n\n", md(s.Name), md(changeSummary(seen.Changes)), code("mcp-contract snapshot --server "+s.Name))
			out = append(out, Standing{Server: s.Name, State: Drifting, Title: "MCP server " + code(s.Name) + " drifted from its snapshot",
				Body: issueBody(DriftMarker(s.Name), intro+body.String(), seen, opts)})
		case ok:
			out = append(out, Standing{Server: s.Name, State: Clean})
		}
	}
	return out
}

// oauthSetup is what to configure for a server that asks for an OAuth
// token: a client allowed the client_credentials grant, its id and secret
// as repository secrets, and the config and workflow lines that use them.
func oauthSetup(server string) string {
	if contract.CheckServerName(server) != nil {
		server = "NAME"
	}
	v := strings.ToUpper(strings.NewReplacer("-", "_", ".", "_").Replace(server))
	return fmt.Sprintf("\n**To configure:** the server asks for an OAuth bearer token. Register a client allowed the "+
		"`client_credentials` grant with its authorization server, store its id and secret as the repository "+
		"secrets `%[2]s_CLIENT_ID` and `%[2]s_CLIENT_SECRET`, and give the server in `.mcp-contract.yaml`:\n\n"+
		"```yaml\nservers:\n  %[1]s:\n    auth:\n      client-credentials:\n        client-id: ${%[2]s_CLIENT_ID}\n        client-secret: ${%[2]s_CLIENT_SECRET}\n```\n\n"+
		"and the nightly step's `env:`:\n\n```yaml\n%[2]s_CLIENT_ID: ${{ secrets.%[2]s_CLIENT_ID }}\n%[2]s_CLIENT_SECRET: ${{ secrets.%[2]s_CLIENT_SECRET }}\n```\n\n"+
		"The token endpoint is discovered from the server's metadata; the token is masked like the secret.\n", server, v)
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
	// Masked before encoding, as every secret is: before any escaping. JSON
	// escapes what would end the fence or open HTML, not bidi controls, so
	// the strings are made one plain line first.
	clean := func(s string) string { return safetext.Line(opts.Masker.Mask(s)) }
	seen.Server, seen.Error, seen.Origin = clean(seen.Server), clean(seen.Error), clean(seen.Origin)
	for _, side := range []*Side{seen.Snapshot, seen.Live} {
		if side != nil {
			side.Origin = clean(side.Origin)
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

// What an IssueStep does.
const (
	IssueCreate = "create"
	IssueEdit   = "edit"
	IssueClose  = "close"
)

// IssueStep is one write of a sync: create an issue (Label, Title, Body),
// edit one (Number, Title, Body), or comment on one and close it (Number,
// Label it was found by, Comment, Labels).
type IssueStep struct {
	Kind   string
	Server string
	Number int
	Label  string
	// Labels the issue keeps when closed, LabelRecovered among them.
	Labels      []string
	Title, Body string
	Comment     string
	// Unlisted: the open issues were not read (a dry run without a
	// token), so a create may be an edit and a close may find nothing.
	Unlisted bool
}

// IssuePlan is what a sync would write, in order, and the servers held back
// by MaxIssues.
type IssuePlan struct {
	Steps []IssueStep
	Held  []string
}

// SyncDriftIssues keeps one open issue per drifting server and one per
// unreachable server, edited in place, and closes those of servers that
// recovered with a comment and the drift-recovered label. Issues are found
// by label and hidden marker across every page of the listing. Closing
// comes first, so a recovered server frees its place under MaxIssues.
func (c *Client) SyncDriftIssues(ctx context.Context, repo Repo, standings []Standing, opts SyncOptions) (IssueOutcome, error) {
	plan, err := c.PlanDriftIssues(ctx, repo, standings, opts)
	if err != nil {
		return IssueOutcome{}, err
	}
	return c.applyIssuePlan(ctx, repo, plan)
}

// PlanDriftIssues reads the open issues and says what SyncDriftIssues
// would write, writing nothing.
func (c *Client) PlanDriftIssues(ctx context.Context, repo Repo, standings []Standing, opts SyncOptions) (IssuePlan, error) {
	drift, err := c.openIssues(ctx, repo, LabelDrift)
	if err != nil {
		return IssuePlan{}, err
	}
	down, err := c.openIssues(ctx, repo, LabelUnreachable)
	if err != nil {
		return IssuePlan{}, err
	}
	return planIssues(standings, drift, down, true, opts), nil
}

// PlanDriftIssuesUnlisted says what a sync would write without reading the
// open issues: every drifting or unreachable server's issue as created,
// every recovered server's as closed, each step marked Unlisted.
func PlanDriftIssuesUnlisted(standings []Standing, opts SyncOptions) IssuePlan {
	return planIssues(standings, nil, nil, false, opts)
}

func planIssues(standings []Standing, drift, down []openIssue, listed bool, opts SyncOptions) IssuePlan {
	var plan IssuePlan
	maxOpen := opts.MaxIssues
	if maxOpen <= 0 {
		maxOpen = DefaultMaxIssues
	}
	open := len(drift) + len(down)
	find := func(list []openIssue, marker string) *openIssue {
		for i := range list {
			if hasMarker(list[i].body, marker) {
				return &list[i]
			}
		}
		if listed {
			return nil
		}
		return &openIssue{}
	}
	run := ""
	if opts.RunURL != "" {
		run = fmt.Sprintf(" ([run](%s))", opts.RunURL)
	}
	closing := func(is *openIssue, label, server, why string) IssueStep {
		return IssueStep{Kind: IssueClose, Server: server, Number: is.number, Label: label, Labels: append(append([]string{}, is.labels...), LabelRecovered),
			Comment: fmt.Sprintf("**%s** %s%s", report.MarkdownText(server), why, run), Unlisted: !listed}
	}
	for _, s := range standings {
		if s.State == Unreachable {
			continue
		}
		// Reachable again: its unreachable issue is done, drifting or not.
		if is := find(down, UnreachableMarker(s.Server)); is != nil {
			plan.Steps = append(plan.Steps, closing(is, LabelUnreachable, s.Server, "answered again; closing."))
			open--
		}
		if s.State != Clean {
			continue
		}
		if is := find(drift, DriftMarker(s.Server)); is != nil {
			plan.Steps = append(plan.Steps, closing(is, LabelDrift, s.Server, "matches its snapshot again: the drift cleared; closing."))
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
		if listed {
			if is := find(list, marker); is != nil {
				plan.Steps = append(plan.Steps, IssueStep{Kind: IssueEdit, Server: s.Server, Number: is.number, Title: s.Title, Body: s.Body})
				continue
			}
			if open >= maxOpen {
				plan.Held = append(plan.Held, s.Server)
				continue
			}
		}
		plan.Steps = append(plan.Steps, IssueStep{Kind: IssueCreate, Server: s.Server, Label: label, Title: s.Title, Body: s.Body, Unlisted: !listed})
		open++
	}
	return plan
}

func (c *Client) applyIssuePlan(ctx context.Context, repo Repo, plan IssuePlan) (IssueOutcome, error) {
	out := IssueOutcome{Held: plan.Held}
	for _, st := range plan.Steps {
		switch st.Kind {
		case IssueClose:
			if err := c.closeIssue(ctx, repo, st.Number, st.Comment, st.Labels); err != nil {
				return out, err
			}
			out.Closed = append(out.Closed, st.Number)
		case IssueEdit:
			if err := c.editIssue(ctx, repo, st.Number, &gh.IssueRequest{Title: gh.String(st.Title), Body: gh.String(st.Body)}); err != nil {
				return out, err
			}
			out.Edited = append(out.Edited, st.Number)
		case IssueCreate:
			pctx, cancel := context.WithTimeout(ctx, requestTimeout)
			created, _, err := c.rest.Issues.Create(pctx, repo.Owner, repo.Name, &gh.IssueRequest{Title: gh.String(st.Title), Body: gh.String(st.Body), Labels: &[]string{st.Label}})
			cancel()
			if err != nil {
				return out, apiError("creating the drift issue of "+safetext.Line(st.Server), err)
			}
			out.Created = append(out.Created, created.GetNumber())
		}
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

// closeIssue comments why, then closes with labels (the recovered one among them).
func (c *Client) closeIssue(ctx context.Context, repo Repo, number int, comment string, labels []string) error {
	pctx, cancel := context.WithTimeout(ctx, requestTimeout)
	_, _, err := c.rest.Issues.CreateComment(pctx, repo.Owner, repo.Name, number, &gh.IssueComment{Body: gh.String(comment)})
	cancel()
	if err != nil {
		return apiError(fmt.Sprintf("commenting on issue #%d", number), err)
	}
	return c.editIssue(ctx, repo, number, &gh.IssueRequest{State: gh.String("closed"), StateReason: gh.String("completed"), Labels: &labels})
}
