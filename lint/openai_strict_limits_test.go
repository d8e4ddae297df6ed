package lint

import (
	"fmt"
	"strings"
	"testing"
)

// The limit fixtures are built at the documented boundaries (reference §2.1,
// 2026 column): no public server comes near them, so one value under and one
// over each limit is what the tests can honestly show.

// providerObjectWithProperties returns a tool whose root has n string properties named p0..p(n-1).
func providerObjectWithProperties(n int) string {
	var b strings.Builder
	b.WriteString(`{"name":"t","inputSchema":{"type":"object","properties":{`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"p%d":{"type":"string"}`, i)
	}
	b.WriteString(`}}}`)
	return b.String()
}

// providerToolWithEnum returns a tool with one enum property of n values, each of width characters.
func providerToolWithEnum(n, width int) string {
	vals := make([]string, n)
	for i := range vals {
		v := fmt.Sprintf("%d", i)
		vals[i] = `"` + v + strings.Repeat("x", width-len(v)) + `"`
	}
	return `{"name":"t","inputSchema":{"type":"object","properties":{"e":{"type":"string","enum":[` + strings.Join(vals, ",") + `]}}}}`
}

// providerNestedArrays returns a tool whose parameter is levels arrays deep.
func providerNestedArrays(levels int) string {
	return `{"name":"t","inputSchema":{"type":"object","properties":{"m":` +
		strings.Repeat(`{"type":"array","items":`, levels) + `{"type":"number"}` + strings.Repeat(`}`, levels) + `}}}`
}

func TestOpenAIStrictLimitProperties(t *testing.T) {
	runProviderCases(t, "openai-strict/limit-properties", []providerCase{
		{"at the limit", providerObjectWithProperties(5000), nil},
		{"over the limit", providerObjectWithProperties(5001), []string{"/inputSchema"}},
	})
}

func TestOpenAIStrictLimitDepth(t *testing.T) {
	runProviderCases(t, "openai-strict/limit-depth", []providerCase{
		// A number matrix, as cropTransform in testdata/corpus/servers/npm-figma-developer-mcp.json download_figma_images.
		{"matrix", providerNestedArrays(2), nil},
		// properties/m is level 1, so 9 more arrays reach level 10 and 10 more reach 11.
		{"at the limit", providerNestedArrays(9), nil},
		{"over the limit", providerNestedArrays(10), []string{"/inputSchema/properties/m" + strings.Repeat("/items", 10)}},
	})
}

func TestOpenAIStrictLimitStringLength(t *testing.T) {
	// 100 values of 1,200 characters each: 120,000, plus the one-character
	// property name "e".
	runProviderCases(t, "openai-strict/limit-string-length", []providerCase{
		{"at the limit", providerToolWithEnum(100, 1199), nil},
		{"over the limit", providerToolWithEnum(100, 1200), []string{"/inputSchema"}},
	})
}

func TestOpenAIStrictLimitEnumValues(t *testing.T) {
	runProviderCases(t, "openai-strict/limit-enum-values", []providerCase{
		{"at the limit", providerToolWithEnum(1000, 4), nil},
		{"over the limit", providerToolWithEnum(1001, 4), []string{"/inputSchema"}},
	})
}

func TestOpenAIStrictLimitEnumStringLength(t *testing.T) {
	runProviderCases(t, "openai-strict/limit-enum-string-length", []providerCase{
		// 250 values may be long: the limit applies above 250.
		{"250 long values", providerToolWithEnum(250, 100), nil},
		{"300 values, 15,000 characters", providerToolWithEnum(300, 50), nil},
		{"300 values, over 15,000 characters", providerToolWithEnum(300, 51), []string{"/inputSchema/properties/e/enum"}},
	})
}
