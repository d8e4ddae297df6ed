package lint

import (
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/source"
)

func TestSchemaExternalRef(t *testing.T) {
	cases := []struct {
		name, tool string
		want       []string
	}{
		// examples/banking/strict.json uses only "#/$defs/..." references.
		{"local refs", `{"name":"t","inputSchema":{"type":"object","properties":{"amount":{"$ref":"#/$defs/amount"}},"$defs":{"amount":{"type":"number"}}}}`, nil},
		{"remote ref", `{"name":"t","inputSchema":{"type":"object","properties":{"a":{"$ref":"https://example.com/schemas/address.json"}}}}`, []string{"/inputSchema/properties/a/$ref"}},
		{"relative file ref", `{"name":"t","inputSchema":{"type":"object","properties":{"a":{"items":{"$ref":"definitions.json#/Item"}}}}}`, []string{"/inputSchema/properties/a/items/$ref"}},
		{"ref to an embedded $id", `{"name":"t","inputSchema":{"type":"object","properties":{"a":{"$ref":"urn:example:item"}},"$defs":{"item":{"$id":"urn:example:item","type":"string"}}}}`, nil},
		{"in outputSchema", `{"name":"t","inputSchema":{"type":"object"},"outputSchema":{"type":"object","properties":{"r":{"$dynamicRef":"https://example.com/x#node"}}}}`, []string{"/outputSchema/properties/r/$dynamicRef"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expectPointers(t, "schema/external-ref", c.tool, c.want...)
		})
	}
}

// Linting a schema whose $ref points at a live server must not contact it.
func TestSchemaRefsAreNeverFetched(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		_, _ = w.Write([]byte(`{"type":"string"}`))
	}))
	defer srv.Close()
	tool := `{"name":"t","inputSchema":{"$schema":"` + srv.URL + `/meta","type":"object","properties":{"a":{"$ref":"` + srv.URL + `/a.json"},"b":{"$ref":"` + srv.URL + `/b.json#/x"}}}}`
	c, err := source.Parse([]byte(tool), "tool.json", "test", "test")
	if err != nil {
		t.Fatal(err)
	}
	profiles, _ := ExpandProfiles([]string{"all"})
	fs := Run([]*contract.Catalog{c}, Options{Profiles: profiles})
	external := 0
	for _, f := range fs {
		if f.Rule == "schema/external-ref" {
			external++
		}
	}
	if external != 2 {
		t.Errorf("schema/external-ref findings = %d, want 2: %+v", external, fs)
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the referenced server got %d requests, want 0", n)
	}
}
