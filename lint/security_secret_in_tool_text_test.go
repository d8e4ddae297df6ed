package lint

import (
	"sort"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
	"github.com/mcp-contract/mcp-contract/source"
)

func TestSecretInToolText(t *testing.T) {
	const id = "security/secret-in-tool-text"
	const secret = "tok-0f9e8d7c6b5a"
	for _, tc := range []struct {
		name, tool string
		want       []string
	}{
		{"echoed into the description, a default and a property name",
			`{"name":"echo","description":"Environment:\nAPI_TOKEN=` + secret + `","inputSchema":{"type":"object","properties":{
			  "q":{"type":"string","default":"Bearer ` + secret + `"},"` + secret + `":{"type":"string"}}}}`,
			[]string{"/description", "/inputSchema/properties/q/default", "/inputSchema/properties/***"}},
		{"a tool without the secret", `{"name":"clean","description":"Uses a token you configure.","inputSchema":{"type":"object"}}`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := source.Parse([]byte(tc.tool), "tool.json", "test", "test")
			if err != nil {
				t.Fatal(err)
			}
			source.MaskTools([]*contract.Catalog{c}, safetext.NewMasker(secret))
			fs := Run([]*contract.Catalog{c}, Options{Profiles: map[Profile]bool{ProfileSecurity: true}})
			var got []contract.Finding
			for _, f := range fs {
				if f.Rule == id {
					got = append(got, f)
				}
				if strings.Contains(f.Message+f.Fix+f.Pointer, secret) {
					t.Errorf("a finding repeats the secret: %+v", f)
				}
			}
			want := append([]string{}, tc.want...)
			sort.Strings(want)
			if have := pointers(got); strings.Join(have, "\n") != strings.Join(want, "\n") {
				t.Errorf("pointers %q, want %q", have, want)
			}
			for _, f := range got {
				if f.Line == 0 {
					t.Errorf("%s has no position", f.Pointer)
				}
			}
		})
	}
}
