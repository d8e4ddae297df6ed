package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
)

// cappedResult lists one finding of a rule and counts 41 more: 40 new
// errors and one the base had, so the new total is 41 errors.
func cappedResult() *contract.Result {
	isNew := true
	return &contract.Result{
		Servers:  []contract.ServerInfo{{Name: "big", Tools: 42}},
		Findings: []contract.Finding{{Rule: "schema/invalid", Severity: contract.Error, Category: contract.CategoryLint, Server: "big", Tool: "t0", Message: "bad", New: &isNew}},
		Omitted:  []contract.Omitted{{Rule: "schema/invalid", Server: "big", Severity: contract.Error, Count: 41, Existing: 1}},
		Base:     "git:main",
	}
}

// Every format says how many findings the cap left out, counts them in
// its totals, and names the flag that lists them.
func TestEveryFormatSaysWhatTheCapLeftOut(t *testing.T) {
	r := cappedResult()
	var text, md, sarif, js bytes.Buffer
	if err := Text(&text, r, TextOptions{FailOn: contract.Error}); err != nil {
		t.Fatal(err)
	}
	if err := Markdown(&md, r, MarkdownOptions{FailOn: contract.Error}); err != nil {
		t.Fatal(err)
	}
	if err := SARIF(&sarif, r, SARIFOptions{Meta: Meta{Name: "mcp-contract"}, Masker: safetext.NewMasker()}); err != nil {
		t.Fatal(err)
	}
	if err := JSON(&js, r, Meta{Name: "mcp-contract"}); err != nil {
		t.Fatal(err)
	}
	const line = "41 more findings counted but not listed (schema/invalid on big 41); --max-findings-per-rule 0 lists every one."
	for name, out := range map[string]string{"text": text.String(), "markdown": md.String(), "sarif": sarif.String()} {
		if !strings.Contains(out, line) {
			t.Errorf("%s does not say what was left out:\n%s", name, out)
		}
	}
	for _, want := range []string{"42 errors, 0 warnings, 0 info in 1 server", "41 new lint errors", "1 existing finding"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, text.String())
		}
	}
	if !strings.Contains(md.String(), "| big | 42 | 41 | 0 | 0 | 1 | 0 |") || !strings.Contains(md.String(), "❌") {
		t.Errorf("markdown's table or verdict leaves the omitted out:\n%s", md.String())
	}
	var doc struct {
		Summary struct{ Error, Omitted int }
		Omitted []contract.Omitted
	}
	if err := json.Unmarshal(js.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Summary.Error != 42 || doc.Summary.Omitted != 41 || len(doc.Omitted) != 1 || doc.Omitted[0].Count != 41 {
		t.Errorf("JSON summary %+v, omitted %+v", doc.Summary, doc.Omitted)
	}
	back, _, err := ReadJSON(&js, "report.json")
	if err != nil || back.OmittedCount() != 41 || back.ExistingCount() != 1 {
		t.Errorf("read back: %v, omitted %+v", err, back)
	}
	var log struct {
		Runs []struct {
			Properties struct{ Omitted int }
		}
	}
	if err := json.Unmarshal(sarif.Bytes(), &log); err != nil || log.Runs[0].Properties.Omitted != 41 {
		t.Errorf("SARIF run properties: %v %+v", err, log)
	}
}
