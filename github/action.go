package github

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/sethvargo/go-githubactions"
)

// Inputs are the Action's inputs (action.yml, design §7).
type Inputs struct {
	Command    string
	Args       []string
	Config     string
	Profiles   string
	FailOn     string
	Against    string
	Token      string
	Comment    string // auto, always or never
	CommentID  string
	SARIF      string
	DriftIssue bool
	// MaxIssues bounds the drift issues open at once; FailOnDrift lets a
	// drifting server fail the step, which by default it does not.
	MaxIssues        int
	FailOnDrift      bool
	WorkingDirectory string
	// Annotate is "new" (annotate what the pull request did) or "all"
	// (its base's findings too).
	Annotate string
	// AllowBreakingLabel is the pull request label under which breaking
	// changes are reported but do not fail the step.
	AllowBreakingLabel string
}

// DefaultAllowBreakingLabel is the allow-breaking-label input's default.
const DefaultAllowBreakingLabel = "mcp-contract:breaking-ok"

// Commands the command input accepts.
var Commands = []string{"check", "lint", "drift", "collisions", "snapshot"}

// ReadInputs reads INPUT_* (hyphens kept: INPUT_FAIL-ON) and checks them.
// The runner does not apply action.yml defaults when the binary runs
// outside it, so they are applied here too.
func ReadInputs(a *githubactions.Action) (Inputs, error) {
	in := Inputs{
		Command:            orDefault(a.GetInput("command"), "check"),
		Args:               strings.Fields(a.GetInput("args")),
		Config:             a.GetInput("config"),
		Profiles:           a.GetInput("profiles"),
		FailOn:             orDefault(a.GetInput("fail-on"), "error"),
		Against:            a.GetInput("against"),
		Token:              a.GetInput("github-token"),
		Comment:            orDefault(a.GetInput("comment"), "auto"),
		CommentID:          orDefault(a.GetInput("comment-id"), "default"),
		SARIF:              a.GetInput("sarif"),
		WorkingDirectory:   a.GetInput("working-directory"),
		AllowBreakingLabel: orDefault(a.GetInput("allow-breaking-label"), DefaultAllowBreakingLabel),
		Annotate:           orDefault(a.GetInput("annotate"), "new"),
	}

	known := false
	for _, c := range Commands {
		known = known || c == in.Command
	}
	if !known {
		return in, fmt.Errorf("input command %q: want one of %s", in.Command, strings.Join(Commands, ", "))
	}
	switch in.Comment {
	case "auto", "always", "never":
	default:
		return in, fmt.Errorf("input comment %q: want auto, always or never", in.Comment)
	}
	switch in.Annotate {
	case "new", "all":
	default:
		return in, fmt.Errorf("input annotate %q: want new or all", in.Annotate)
	}
	var err error
	if in.DriftIssue, err = boolInput(a, "drift-issue"); err != nil {
		return in, err
	}
	if in.FailOnDrift, err = boolInput(a, "fail-on-drift"); err != nil {
		return in, err
	}
	in.MaxIssues = DefaultMaxIssues
	if v := a.GetInput("max-issues"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return in, fmt.Errorf("input max-issues %q: want a whole number of at least 1", v)
		}
		in.MaxIssues = n
	}
	return in, nil
}

func orDefault(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

// boolInput accepts what actions/toolkit getBooleanInput accepts, and
// nothing else, so a typo is an error rather than false.
func boolInput(a *githubactions.Action, name string) (bool, error) {
	switch v := a.GetInput(name); v {
	case "", "false", "False", "FALSE":
		return false, nil
	case "true", "True", "TRUE":
		return true, nil
	default:
		return false, fmt.Errorf("input %s %q: want true or false", name, v)
	}
}

// Event is what the run needs from the triggering event.
type Event struct {
	Name string
	Repo Repo
	// PR is the pull request number on pull_request and
	// pull_request_target events, else 0.
	PR int
	// BaseSHA and BaseRef are the pull request's base commit and branch.
	BaseSHA, BaseRef string
	// HeadSHA is the pull request's head commit, the one reviewers read.
	HeadSHA string
	// ServerURL is the GitHub web host (GITHUB_SERVER_URL).
	ServerURL string
	// Fork is a pull request from another repository: on pull_request its
	// token is read-only.
	Fork bool
	// RunURL links the workflow run.
	RunURL string
	// Workflow and Job name the sticky comment's place.
	Workflow, Job string
	// Labels are the pull request's labels when the event was sent.
	Labels []string
}

// HasLabel reports whether the pull request carries the label.
func (ev Event) HasLabel(label string) bool {
	for _, l := range ev.Labels {
		if label != "" && l == label {
			return true
		}
	}
	return false
}

// Blob is where the pull request's files are browsed at its head commit,
// "https://github.com/OWNER/REPO/blob/SHA", or "" outside a pull request.
func (e Event) Blob() string {
	if e.ServerURL == "" || e.Repo.Owner == "" || e.HeadSHA == "" {
		return ""
	}
	return e.ServerURL + "/" + e.Repo.String() + "/blob/" + e.HeadSHA
}

// ReadEvent reads the event payload and GITHUB_* variables.
func ReadEvent(a *githubactions.Action) (Event, error) {
	ctx, err := a.Context()
	if err != nil {
		return Event{}, fmt.Errorf("reading the GitHub context: %w", err)
	}
	ev := Event{Name: ctx.EventName, Workflow: ctx.Workflow, Job: ctx.Job, ServerURL: strings.TrimSuffix(ctx.ServerURL, "/")}
	if ctx.Repository != "" {
		if ev.Repo, err = ParseRepo(ctx.Repository); err != nil {
			return ev, err
		}
		if ctx.RunID != 0 {
			ev.RunURL = fmt.Sprintf("%s/%s/actions/runs/%d", strings.TrimSuffix(ctx.ServerURL, "/"), ctx.Repository, ctx.RunID)
		}
	}
	if ev.Name != "pull_request" && ev.Name != "pull_request_target" {
		return ev, nil
	}
	pr, _ := ctx.Event["pull_request"].(map[string]any)
	if n, ok := pr["number"].(float64); ok {
		ev.PR = int(n)
	} else if n, ok := ctx.Event["number"].(float64); ok {
		ev.PR = int(n)
	}
	labels, _ := pr["labels"].([]any)
	for _, l := range labels {
		if m, ok := l.(map[string]any); ok {
			if name, ok := m["name"].(string); ok {
				ev.Labels = append(ev.Labels, name)
			}
		}
	}
	base, _ := pr["base"].(map[string]any)
	ev.BaseSHA, _ = base["sha"].(string)
	ev.BaseRef, _ = base["ref"].(string)
	head, _ := pr["head"].(map[string]any)
	ev.HeadSHA, _ = head["sha"].(string)
	headRepo, _ := head["repo"].(map[string]any)
	if full, ok := headRepo["full_name"].(string); ok {
		ev.Fork = !strings.EqualFold(full, ctx.Repository)
	} else {
		// A deleted fork leaves head.repo null: still not this repository.
		ev.Fork = true
	}
	return ev, nil
}

// SetOutputs writes step outputs. Outside a runner (GITHUB_OUTPUT unset)
// it writes nothing: go-githubactions would panic opening "".
func SetOutputs(a *githubactions.Action, outputs [][2]string) error {
	if err := fileCommandReady(a, "GITHUB_OUTPUT"); err != nil {
		return err
	}
	for _, o := range outputs {
		if strings.ContainsAny(o[1], "\r\n") {
			return fmt.Errorf("output %s holds a line break", o[0])
		}
		a.SetOutput(o[0], o[1])
	}
	return nil
}

// WriteSummary appends markdown to the job summary, when there is one.
func WriteSummary(a *githubactions.Action, markdown string) error {
	if err := fileCommandReady(a, "GITHUB_STEP_SUMMARY"); err != nil {
		return err
	}
	a.AddStepSummary(markdown)
	return nil
}

// errNoFile is a file command outside a runner; callers skip quietly.
var errNoFile = fmt.Errorf("not running in GitHub Actions")

// IsOutsideRunner reports the error SetOutputs and WriteSummary return when
// there is no file to write to.
func IsOutsideRunner(err error) bool { return err == errNoFile }

// fileCommandReady checks the file exists and can be opened for appending,
// since go-githubactions panics instead of returning the error.
func fileCommandReady(a *githubactions.Action, env string) error {
	p := a.Getenv(env)
	if p == "" {
		return errNoFile
	}
	f, err := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return fmt.Errorf("%s: %w", env, err)
	}
	return f.Close()
}
