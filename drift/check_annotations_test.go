package drift

import "testing"

func TestAnnotationsCheck(t *testing.T) {
	ann := func(a string) string {
		return `{"name":"t","inputSchema":{"type":"object"},"annotations":` + a + `}`
	}
	cases := []struct {
		name     string
		old, new string
		want     []string
	}{
		{"readOnly true to false", ann(`{"readOnlyHint":true}`), ann(`{"readOnlyHint":false}`), []string{"drift/annotation-weakened /annotations/readOnlyHint"}},
		{"readOnly true to absent", ann(`{"readOnlyHint":true}`), ann(`{}`), []string{"drift/annotation-weakened /annotations"}},
		{"destructive false to absent", ann(`{"destructiveHint":false}`), ann(`{}`), []string{"drift/annotation-weakened /annotations"}},
		{"idempotent true to false", ann(`{"idempotentHint":true}`), ann(`{"idempotentHint":false}`), []string{"drift/annotation-weakened /annotations/idempotentHint"}},
		{"openWorld false to true", ann(`{"openWorldHint":false}`), ann(`{"openWorldHint":true}`), []string{"drift/annotation-weakened /annotations/openWorldHint"}},
		{"readOnly became true: safer", ann(`{}`), ann(`{"readOnlyHint":true}`), []string{"drift/annotation-changed /annotations/readOnlyHint"}},
		// Spec defaults made explicit (github-mcp-server's go-sdk v1.7 upgrade).
		{"destructive made explicit true", ann(`{}`), ann(`{"destructiveHint":true}`), nil},
		{"readOnly made explicit false", ann(`{}`), ann(`{"readOnlyHint":false,"idempotentHint":false,"openWorldHint":true}`), nil},
		{"annotations object added with defaults", `{"name":"t","inputSchema":{"type":"object"}}`, ann(`{"destructiveHint":true}`), nil},
		{"other annotation", ann(`{"x-risk":"low"}`), ann(`{"x-risk":"high"}`), []string{"drift/annotation-changed /annotations/x-risk"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { expectDrift(t, c.old, c.new, c.want...) })
	}
}
