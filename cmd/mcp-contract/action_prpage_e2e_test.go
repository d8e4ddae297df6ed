//go:build linux

package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The files server: hand-written, with lint debt of its own (no
// descriptions, an unconstrained string) that every pull request inherits.
const prPageFiles = `{"tools": [
  {"name": "list_files", "inputSchema": {"type": "object", "properties": {"dir": {"type": "string"}}}},
  {"name": "stat_file", "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}}
]}
`

// prPagePackage is the repository's package.json pinning the filesystem
// server the config runs; the version is on line 4.
func prPagePackage(version string) string {
	return "{\n  \"private\": true,\n  \"dependencies\": {\n    \"@modelcontextprotocol/server-filesystem\": \"" + version + "\"\n  }\n}\n"
}

// The pull request page, end to end through the built binary (issue 26):
// the real @modelcontextprotocol/server-filesystem bumped from 2026.7.4 to
// 2026.7.10 through package.json (both pinned in testdata/npm under
// aliases), beside a hand-written file server, in a repository with debt.
//
//   - a docs-only pull request: exit 0, no error or warning annotation, no
//     comment created;
//   - the bump without a refresh: exit 1, the first annotation on the
//     breaking tool, none on debt, one per repeated fact, a comment that
//     names the label and the snapshot command;
//   - the bump refreshed and labelled: exit 0, no error annotation, no
//     "Fails for", nothing red, SARIF notes;
//   - the revert: the comment edited to resolved.
func TestActionPullRequestPage(t *testing.T) {
	modules := filepath.Join(checkoutDir, "testdata", "npm", "node_modules")
	for _, v := range []string{"2026.7.4", "2026.7.10"} {
		if _, err := os.Stat(filepath.Join(modules, "server-filesystem-"+v, "dist", "index.js")); err != nil {
			if os.Getenv("CI") == "" {
				t.Skipf("server-filesystem %s not installed (run npm ci --prefix testdata/npm)", v)
			}
			t.Fatal(err)
		}
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("no node")
	}
	r := &againstRepo{repo: openDir(t), runner: t.TempDir()}
	repo := r.repo
	write := func(name, text string) {
		t.Helper()
		os.MkdirAll(filepath.Dir(filepath.Join(repo, name)), 0o755)
		if err := os.WriteFile(filepath.Join(repo, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// install stands for `npm ci` in the workflow: node_modules holds the
	// version package.json pins, from testdata/npm, never committed.
	install := func(version string) {
		t.Helper()
		link := filepath.Join(repo, "node_modules", "@modelcontextprotocol", "server-filesystem")
		os.MkdirAll(filepath.Dir(link), 0o755)
		os.Remove(link)
		if err := os.Symlink(filepath.Join(modules, "server-filesystem-"+version), link); err != nil {
			t.Fatal(err)
		}
		write("package.json", prPagePackage(version))
	}
	git(t, repo, "init", "-q", "-b", "main")
	write(".gitignore", "node_modules/\nmcp-contract-report.json\nresults.sarif\n")
	write("README.md", "# tools\n")
	write("tools/files.json", prPageFiles)
	os.MkdirAll(filepath.Join(repo, "data"), 0o755)
	write("data/.keep", "")
	write(".mcp-contract.yaml", "version: 1\nservers:\n"+
		"  filesystem: {command: [\"node\", \"node_modules/@modelcontextprotocol/server-filesystem/dist/index.js\", \"data\"]}\n"+
		"  files: {file: tools/files.json}\n"+
		"  staging: {url: \"http://127.0.0.1:9/mcp\", headers: {Authorization: \"Bearer ${STAGING_TOKEN}\"}}\n"+
		"profiles: [portable]\n")
	install("2026.7.4")
	r.mcpContract(t, 0, "snapshot", "--server", "filesystem", "--server", "files")
	git(t, repo, "add", ".")
	git(t, repo, "commit", "-q", "-m", "base")
	r.baseSHA = git(t, repo, "rev-parse", "HEAD")

	api := &restAPI{nextID: 1}
	srv := api.serve(t)
	args := "INPUT_ARGS=--server filesystem --server files"
	dump := os.Getenv("MCP_CONTRACT_PAGE_DIR") // to render the pages and read them
	step := func(name string, labels ...string) (actionRun, []string) {
		t.Helper()
		r.commit(t)
		api.take()
		run := runAction(t, repo, r.runner, r.event(t, labels...), srv.URL, r.headSHA, args)
		if dump != "" {
			os.WriteFile(filepath.Join(dump, name+".summary.md"), []byte(run.summary), 0o644)
			os.WriteFile(filepath.Join(dump, name+".log"), []byte(run.stdout), 0o644)
			os.WriteFile(filepath.Join(dump, name+".outputs"), []byte(run.outputs), 0o644)
			if len(api.bodies) > 0 {
				os.WriteFile(filepath.Join(dump, name+".comment.md"), []byte(api.bodies[len(api.bodies)-1]), 0o644)
			}
		}
		var annotations []string
		for _, line := range strings.Split(run.stdout, "\n") {
			if strings.HasPrefix(line, "::error ") || strings.HasPrefix(line, "::warning ") || strings.HasPrefix(line, "::notice ") {
				annotations = append(annotations, line)
			}
		}
		return run, annotations
	}
	levels := func(annotations []string, level string) []string {
		var out []string
		for _, a := range annotations {
			if strings.HasPrefix(a, "::"+level+" ") {
				out = append(out, a)
			}
		}
		return out
	}
	output := func(run actionRun, name string) string {
		m := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(name) + `<<(\S+)\n(.*)\n`).FindStringSubmatch(run.outputs)
		if m == nil {
			t.Fatalf("no output %s in\n%s", name, run.outputs)
		}
		return m[2]
	}

	// A docs-only pull request in a repository with debt.
	write("README.md", "# tools\n\nHow to run them.\n")
	docs, annotations := step("docs")
	if docs.code != 0 {
		t.Fatalf("docs-only: exit %d\n%s%s", docs.code, docs.stdout, docs.stderr)
	}
	if e, w := levels(annotations, "error"), levels(annotations, "warning"); len(e)+len(w) > 0 {
		t.Errorf("docs-only: annotations on debt the pull request never touched:\n%s", strings.Join(append(e, w...), "\n"))
	}
	if len(api.comments) != 0 {
		t.Errorf("docs-only: a comment was created:\n%s", api.bodies)
	}
	existing := output(docs, "existing")
	if existing == "0" || output(docs, "new-errors") != "0" || output(docs, "breaking") != "0" {
		t.Errorf("docs-only outputs:\n%s", docs.outputs)
	}
	if strings.Contains(docs.summary, "⚠️") || !strings.HasPrefix(docs.summary, "✅ **mcp-contract**: This pull request breaks no tool and adds no finding; "+existing+" existing findings") {
		t.Errorf("docs-only summary:\n%s", docs.summary)
	}

	// The bump, without a refresh.
	install("2026.7.10")
	bump, annotations := step("bump")
	if bump.code != 1 {
		t.Fatalf("bump: exit %d, want 1\n%s%s", bump.code, bump.stdout, bump.stderr)
	}
	// On the line of package.json the pull request changed: the break came with it.
	if len(annotations) == 0 || !strings.HasPrefix(annotations[0], "::error file=package.json,line=4,") || !strings.Contains(annotations[0], "filesystem/read_media_file") ||
		!strings.Contains(annotations[0], "(breaking)") {
		t.Errorf("bump: the first annotation is not the breaking tool:\n%s", strings.Join(annotations, "\n"))
	}
	rep := r.report(t)
	own := map[string]bool{}
	for _, f := range rep.Findings {
		if f.New == nil || *f.New || f.Change == "breaking" {
			own[f.Rule] = true
		}
	}
	seen := map[string]int{}
	for _, a := range annotations {
		title := regexp.MustCompile(`title=([^:,]+)`).FindStringSubmatch(a)
		if title == nil || title[1] == "mcp-contract" || strings.HasPrefix(title[1], "server ") {
			continue
		}
		if !own[title[1]] {
			t.Errorf("bump: an existing finding is annotated: %s", a)
		}
		seen[strings.SplitN(a, "::", 3)[2]]++
	}
	for msg, n := range seen {
		if n > 1 {
			t.Errorf("bump: %d annotations say %q", n, msg)
		}
	}
	if n := strings.Count(bump.stdout, "title=drift/annotation-changed"); n != 1 {
		t.Errorf("bump: %d annotations for the openWorldHint flip on every tool, want one naming them", n)
	}
	if !strings.Contains(bump.stdout, "title=drift/description-changed") {
		t.Errorf("bump: the description change of read_media_file has no annotation:\n%s", strings.Join(annotations, "\n"))
	}
	for _, a := range annotations {
		if strings.Contains(a, "title=drift/description-changed") && (strings.Contains(a, "[-") || strings.Contains(a, "{+") || !strings.Contains(a, "was: \"")) {
			t.Errorf("bump: the description change is not plain text: %s", a)
		}
	}
	if a := annotations[0]; !regexp.MustCompile(`It arrived with this line's change of the package .* runs\. Fix: `).MatchString(a) {
		t.Errorf("bump: the pin annotation does not give the cause before the ways forward: %s", a)
	}
	if len(api.comments) != 1 {
		t.Fatalf("bump: %d comments, want one created", len(api.comments))
	}
	body := api.bodies[len(api.bodies)-1]
	for _, want := range []string{
		"❌ **mcp-contract**: This pull request breaks 1 tool of filesystem: `read_media_file`",
		"add the label `mcp-contract:breaking-ok`",
		"`mcp-contract snapshot --server filesystem`",
		"| server | tools | new errors | new warnings | breaking | existing | tokens |",
		"<del>", "<ins>",
		"commit [`" + r.headSHA[:7] + "`](https://github.com/Codertocat/Hello-World/commit/" + r.headSHA + ")",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("bump: the comment lacks %q:\n%s", want, body)
		}
	}
	for _, never := range []string{"keep it required", "nothing at or above", "[-", "{+", "&#8203;" + r.headSHA[4:7]} {
		if strings.Contains(body, never) {
			t.Errorf("bump: the comment says %q:\n%s", never, body)
		}
	}
	if output(bump, "existing") == "0" || output(bump, "breaking") == "0" || output(bump, "new-errors") == output(bump, "errors") {
		t.Errorf("bump outputs do not count the pull request apart:\n%s", bump.outputs)
	}

	// Refreshed and labelled: an intended break.
	r.mcpContract(t, 0, "snapshot", "--server", "filesystem")
	allowed, annotations := step("allowed", "mcp-contract:breaking-ok")
	if allowed.code != 0 {
		t.Fatalf("refreshed and labelled: exit %d\n%s%s", allowed.code, allowed.stdout, allowed.stderr)
	}
	if e := levels(annotations, "error"); len(e) > 0 {
		t.Errorf("refreshed and labelled: error annotations:\n%s", strings.Join(e, "\n"))
	}
	if !strings.Contains(allowed.stdout, "allowed by the label mcp-contract:breaking-ok: filesystem/read_media_file") {
		t.Errorf("refreshed and labelled: the break is not a notice that says so:\n%s", strings.Join(annotations, "\n"))
	}
	body = api.bodies[len(api.bodies)-1]
	for name, text := range map[string]string{"log": allowed.stdout, "summary": allowed.summary, "comment": body} {
		for _, never := range []string{"Fails for", "🔴", "mcp-contract snapshot --server", "update the snapshot", "its 1 breaking changes"} {
			if strings.Contains(text, never) {
				t.Errorf("refreshed and labelled: the %s says %q:\n%s", name, never, text)
			}
		}
	}
	if !strings.HasPrefix(body, "✅ **mcp-contract**: ") || !strings.Contains(body, "allowed by `mcp-contract:breaking-ok`") || !strings.Contains(body, "☑️ **allowed**") {
		t.Errorf("refreshed and labelled comment:\n%s", body)
	}
	var sarif struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct{ ID, HelpURI string }
				}
			}
			Results []struct {
				RuleID, Level, BaselineState string
				Locations                    []struct{ PhysicalLocation *struct{} }
				Properties                   map[string]any
			}
		}
	}
	data, err := os.ReadFile(filepath.Join(repo, "results.sarif"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &sarif); err != nil {
		t.Fatal(err)
	}
	notes := 0
	for _, res := range sarif.Runs[0].Results {
		if res.Properties["change"] == "breaking" {
			notes++
			if res.Level != "note" || res.Properties["allowedBy"] != "mcp-contract:breaking-ok" {
				t.Errorf("SARIF: an allowed break at level %s, allowedBy %v", res.Level, res.Properties["allowedBy"])
			}
		}
		if res.BaselineState != "new" && res.BaselineState != "unchanged" && res.BaselineState != "absent" {
			t.Errorf("SARIF: %s has baselineState %q", res.RuleID, res.BaselineState)
		}
		if len(res.Locations) == 0 || res.Locations[0].PhysicalLocation == nil {
			t.Errorf("SARIF: %s has no physical location", res.RuleID)
		}
	}
	if notes == 0 {
		t.Error("SARIF: no breaking change")
	}
	for _, rule := range sarif.Runs[0].Tool.Driver.Rules {
		if rule.HelpURI == "" {
			t.Errorf("SARIF: rule %s has no helpUri", rule.ID)
		}
	}

	// The revert: nothing of the pull request's own is left.
	git(t, repo, "checkout", "-q", r.baseSHA, "--", "package.json", "mcp-snapshots")
	install("2026.7.4")
	reverted, _ := step("revert")
	if reverted.code != 0 {
		t.Fatalf("revert: exit %d\n%s%s", reverted.code, reverted.stdout, reverted.stderr)
	}
	if requests := api.take(); len(api.comments) != 1 || !strings.Contains(strings.Join(requests, "\n"), "PATCH ") {
		t.Errorf("revert: the comment is not edited: %d comments, requests %q", len(api.comments), requests)
	}
	if body := api.bodies[len(api.bodies)-1]; !strings.HasPrefix(body, "✅ **mcp-contract**: resolved") || strings.Contains(body, "existing") {
		t.Errorf("revert: the comment is not resolved:\n%s", body)
	}
}
