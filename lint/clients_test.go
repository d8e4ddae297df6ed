package lint

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/source"
)

// clientsDir holds the pinned client libraries (package-lock.json), the
// harness that runs tools through them and the reviewed differences.
const clientsDir = "../testdata/clients"

// harnessResult is one tool through one client, as harness.mjs records it.
type harnessResult struct {
	Client  string   `json:"client"`
	File    string   `json:"file"`
	Tool    string   `json:"tool"`
	Outcome string   `json:"outcome"` // accept, reject or changed
	Error   string   `json:"error"`
	Changes []string `json:"changes"`
	// Field is where a Gemini client put the schema: parameters or
	// parametersJsonSchema (or none: it sent no schema).
	Field string `json:"field"`
}

// knownDifference is one reviewed, explained case where a profile and its
// client part ways. Rule: the rule's errors on tools the client accepts as
// they are (the API is stricter than the client). Dropped: a key the client
// drops that no server change can keep (the client's converter does not
// carry it), so the change needs no finding.
type knownDifference struct {
	Client  string `json:"client"`
	Rule    string `json:"rule,omitempty"`
	Dropped string `json:"dropped,omitempty"`
	Reason  string `json:"reason"`
	used    bool
}

// profilesFor is the lint profile each client's outcome is held to. A
// Gemini client that sends the schema as parametersJsonSchema is held to
// gemini-jsonschema, whichever field it usually fills: the path decides.
func profilesFor(r harnessResult) []Profile {
	switch r.Client {
	case "mcp-sdk":
		return []Profile{ProfileMCP, ProfileSchema}
	case "openai-agents":
		return []Profile{ProfileOpenAIAgents}
	case "ai7-google":
		return []Profile{ProfileGeminiJSONSchema}
	case "genai-mcptotool":
		// mcpToTool reads the tools through the MCP SDK's listTools().
		return []Profile{ProfileGeminiJSONSchema, ProfileMCP, ProfileSchema}
	}
	if r.Field == "parametersJsonSchema" {
		return []Profile{ProfileGeminiJSONSchema}
	}
	return []Profile{ProfileGemini}
}

// runHarness runs harness.mjs over the corpus and the probes in one node
// process and returns its records and the tool files it read.
func runHarness(t *testing.T) ([]harnessResult, []string) {
	t.Helper()
	_, modErr := os.Stat(filepath.Join(clientsDir, "node_modules", "@openai", "agents-core", "package.json"))
	_, nodeErr := exec.LookPath("node")
	if modErr != nil || nodeErr != nil {
		if os.Getenv("CI") == "" {
			t.Skipf("client libraries not installed (npm ci --prefix testdata/clients --ignore-scripts): %v %v", modErr, nodeErr)
		}
		t.Fatalf("client libraries or node missing in CI: %v %v", modErr, nodeErr)
	}
	files, err := filepath.Glob("../testdata/corpus/servers/*.json")
	if err != nil || len(files) < 16 {
		t.Fatalf("corpus: %d files, %v", len(files), err)
	}
	files = append(files, filepath.Join(clientsDir, "probes.json"))
	out := filepath.Join(t.TempDir(), "results.json")
	args := []string{"harness.mjs", out}
	for _, f := range files {
		abs, err := filepath.Abs(f)
		if err != nil {
			t.Fatal(err)
		}
		args = append(args, abs)
	}
	// A bound, so a client that waits on something never hangs the suite;
	// the run takes about 3 s.
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", args...)
	cmd.Dir = clientsDir
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("harness: %v\n%s", err, msg)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Results []harnessResult `json:"results"`
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatalf("harness output: %v", err)
	}
	return got.Results, files
}

// findingsByTool lints every file with every profile and groups the
// findings by "file tool" and then by the rule's profile.
func findingsByTool(t *testing.T, files []string) map[string]map[Profile][]contract.Finding {
	t.Helper()
	profiles, _ := ExpandProfiles([]string{"all"})
	out := map[string]map[Profile][]contract.Finding{}
	for _, file := range files {
		c, err := source.LoadFile(file)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, f := range Run([]*contract.Catalog{c}, Options{Profiles: profiles, MCPVersion: DefaultMCPVersion}) {
			key := filepath.Base(file) + " " + f.Tool
			if out[key] == nil {
				out[key] = map[Profile][]contract.Finding{}
			}
			p := Lookup(f.Rule).Profile
			out[key][p] = append(out[key][p], f)
		}
	}
	return out
}

func loadKnownDifferences(t *testing.T) []*knownDifference {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(clientsDir, "known-differences.json"))
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Differences []*knownDifference `json:"differences"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatalf("known-differences.json: %v", err)
	}
	for _, d := range file.Differences {
		if d.Client == "" || (d.Rule == "") == (d.Dropped == "") || d.Reason == "" {
			t.Errorf("known-differences.json: %+v needs a client, exactly one of rule and dropped, and a reason", *d)
		}
		if d.Rule != "" && Lookup(d.Rule) == nil {
			t.Errorf("known-differences.json: unknown rule %s", d.Rule)
		}
	}
	return file.Differences
}

// Every tool of the corpus and every probe goes through each client's real
// code path; each profile is held to its client. A tool the client rejects
// has an error of the profile; a tool the client changes has an error or a
// warning (the finding says what the client will do), unless every change is
// a reviewed drop; a tool the client accepts as it is has no error of the
// profile, unless the rule is a reviewed difference. A reviewed difference
// that no longer happens fails too, so the list stays true.
func TestProfilesHoldToTheirClients(t *testing.T) {
	results, files := runHarness(t)
	found := findingsByTool(t, files)
	known := loadKnownDifferences(t)
	lookupRule := func(client, rule string) *knownDifference {
		for _, d := range known {
			if d.Client == client && d.Rule == rule {
				return d
			}
		}
		return nil
	}
	lookupDrop := func(client, change string) *knownDifference {
		if !strings.HasPrefix(change, "dropped ") {
			return nil
		}
		key := change[strings.LastIndex(change, "/")+1:]
		for _, d := range known {
			if d.Client == client && d.Dropped == key {
				return d
			}
		}
		return nil
	}

	type tally struct{ accept, reject, changed, agree, total int }
	tallies := map[string]*tally{}
	var clientOrder []string
	for _, r := range results {
		if tallies[r.Client] == nil {
			tallies[r.Client] = &tally{}
			clientOrder = append(clientOrder, r.Client)
		}
		tl := tallies[r.Client]
		if r.File != "probes.json" {
			tl.total++
			switch r.Outcome {
			case "accept":
				tl.accept++
			case "reject":
				tl.reject++
			case "changed":
				tl.changed++
			}
		}
		var errs, warns []contract.Finding
		for _, p := range profilesFor(r) {
			for _, f := range found[r.File+" "+r.Tool][p] {
				if r.Field == "none" && strings.HasPrefix(f.Pointer, "/inputSchema") {
					// The client sent no schema at all (a tool without
					// parameters): what its schema holds never reaches the API.
					continue
				}
				switch f.Severity {
				case contract.Error:
					errs = append(errs, f)
				case contract.Warning:
					warns = append(warns, f)
				}
			}
		}
		where := fmt.Sprintf("%s: %s %s", r.Client, r.File, r.Tool)
		if r.Client == "openai-agents" {
			checkAgentsReplay(t, where, r, found[r.File+" "+r.Tool][ProfileOpenAIAgents])
		}
		agree := false
		switch r.Outcome {
		case "reject":
			agree = len(errs) > 0
			if !agree {
				t.Errorf("%s: the client rejects it (%s); %v reports no error", where, r.Error, profilesFor(r))
			}
		case "changed":
			agree = len(errs)+len(warns) > 0
			if !agree {
				var unexplained []string
				for _, c := range r.Changes {
					if d := lookupDrop(r.Client, c); d != nil {
						d.used = true
					} else {
						unexplained = append(unexplained, c)
					}
				}
				if len(unexplained) > 0 {
					t.Errorf("%s: the client changes it (%s); %v reports nothing", where, strings.Join(unexplained, "; "), profilesFor(r))
				}
			}
		case "accept":
			agree = len(errs) == 0
			for _, f := range errs {
				if d := lookupRule(r.Client, f.Rule); d != nil {
					d.used = true
				} else {
					t.Errorf("%s: the client accepts it as it is; %s says %s", where, f.Rule, f.Message)
				}
			}
		default:
			t.Errorf("%s: outcome %q", where, r.Outcome)
		}
		if agree && r.File != "probes.json" {
			tl.agree++
		}
	}
	for _, d := range known {
		if !d.used {
			t.Errorf("known-differences.json: %s %s%s no longer happens; remove it", d.Client, d.Rule, d.Dropped)
		}
	}
	if len(tallies) != 7 {
		t.Errorf("harness ran %d clients, want 7", len(tallies))
	}
	sort.Strings(clientOrder)
	for _, c := range clientOrder {
		tl := tallies[c]
		t.Logf("%-16s corpus %d: accept %d, reject %d, changed %d; profile agrees on %d", c, tl.total, tl.accept, tl.reject, tl.changed, tl.agree)
	}
}

// checkAgentsReplay holds the two rules that replay the Agents SDK's own
// decisions to exactly what the SDK did: a strict-fallback finding on every
// tool it sent with strict: false and on no other, a tool-name-renamed
// finding naming the name it sent on every tool it renamed and on no other.
func checkAgentsReplay(t *testing.T, where string, r harnessResult, fs []contract.Finding) {
	t.Helper()
	fellBack, renamedTo := false, ""
	for _, c := range r.Changes {
		if strings.HasPrefix(c, "strict fallback") {
			fellBack = true
		}
		if name, ok := strings.CutPrefix(c, "renamed to "); ok {
			renamedTo = name
		}
	}
	flagged, renameMsg := false, ""
	for _, f := range fs {
		switch f.Rule {
		case "openai-agents/strict-fallback":
			flagged = true
		case "openai-agents/tool-name-renamed":
			renameMsg = f.Message
		}
	}
	if fellBack != flagged {
		t.Errorf("%s: the SDK fell back to strict: false: %v; openai-agents/strict-fallback reports it: %v (%v)", where, fellBack, flagged, r.Changes)
	}
	if (renamedTo == "") != (renameMsg == "") || renamedTo != "" && !strings.Contains(renameMsg, `"`+renamedTo+`"`) {
		t.Errorf("%s: the SDK renamed it to %q; openai-agents/tool-name-renamed says %q", where, renamedTo, renameMsg)
	}
}
