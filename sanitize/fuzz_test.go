package sanitize

import (
	"bytes"
	"testing"

	"github.com/mcp-contract/mcp-contract/source"
)

// FuzzCatalog feeds arbitrary tool lists to every profile: no panic, and a
// list that sanitizes gives the same parseable bytes twice.
func FuzzCatalog(f *testing.F) {
	for _, tc := range stepCases {
		f.Add(`{"name":"t","inputSchema":` + tc.in + `}`)
	}
	f.Add(`{"name":"t","inputSchema":{"$ref":"#","properties":{"a":{"$ref":"#/properties"}}}}`)
	f.Add(`{"name":"t","inputSchema":{"oneOf":[true,false,{"$ref":"#/oneOf/0"}],"properties":null}}`)
	f.Fuzz(func(t *testing.T, data string) {
		c, err := source.Parse([]byte(data), "fuzz.json", "fuzz", "fuzz")
		if err != nil {
			return
		}
		for _, profile := range Profiles() {
			res, err := Catalog(c, profile)
			if err != nil {
				continue
			}
			again, _ := Catalog(c, profile)
			if !bytes.Equal(res.JSON, again.JSON) {
				t.Fatalf("%s: two runs differ", profile)
			}
			if _, err := source.Parse(res.JSON, "out.json", "fuzz", "fuzz"); err != nil {
				t.Fatalf("%s: output does not parse: %v", profile, err)
			}
		}
	})
}
