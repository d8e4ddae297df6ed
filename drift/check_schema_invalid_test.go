package drift

import "testing"

func TestSchemaInvalidCheck(t *testing.T) {
	in := func(v string) string { return `{"name":"t","inputSchema":` + v + `}` }
	out := func(v string) string { return `{"name":"t","inputSchema":{"type":"object"},"outputSchema":` + v + `}` }
	valid := `{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}`
	cases := []struct {
		name     string
		old, new string
		want     []string
	}{
		{"input became null", in(valid), in(`null`), []string{"drift/input-schema-invalid /inputSchema"}},
		{"input became a string", in(valid), in(`"object"`), []string{"drift/input-schema-invalid /inputSchema"}},
		{"input became a number", in(valid), in(`0`), []string{"drift/input-schema-invalid /inputSchema"}},
		{"input became an array", in(valid), in(`[` + valid + `]`), []string{"drift/input-schema-invalid /inputSchema"}},
		{"input became true", in(valid), in(`true`), []string{"drift/input-schema-invalid /inputSchema"}},
		{"input went missing", in(valid), `[{"name":"t"}]`, []string{"drift/input-schema-invalid /inputSchema"}},
		{"input is an object again", in(`null`), in(valid), []string{"drift/input-constraint-relaxed /inputSchema"}},
		{"output became null", out(valid), out(`null`), []string{"drift/output-schema-invalid /outputSchema"}},
		{"output became an array", out(valid), out(`[]`), []string{"drift/output-schema-invalid /outputSchema"}},
		{"output is an object again", out(`"x"`), out(valid), []string{"drift/output-constraint-tightened /outputSchema"}},
		// Absent outputSchema is allowed: its coming and going is another rule's.
		{"output removed", out(valid), in(`{"type":"object"}`), []string{"drift/output-schema-removed /outputSchema"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fs := expectDrift(t, c.old, c.new, c.want...)
			for _, f := range fs {
				if f.Rule == "drift/input-schema-invalid" && f.Fix == "" {
					t.Errorf("%s has no fix", f.Rule)
				}
			}
		})
	}
}
