package fixtureserver

import (
	"encoding/json"
	"strings"
)

// HostileTexts are what a hostile server, file or config puts where a
// person or a CI runner reads it: terminal escapes (CSI, an OSC title),
// C1 controls, bidi overrides and isolates (Trojan Source), GitHub workflow
// commands at the start of a line, URL-encoded and after a carriage return.
var HostileTexts = []string{
	"\x1b[2J\x1b[31mred\x1b[0m",
	"\x1b]0;pwned\x07title",
	"\u009b31mC1 CSI\u0085after NEL",
	"evil\u202eexe.txt\u2066isolated\u2069",
	"::error::injected",
	"::add-mask::hidden",
	"%0A::warning::encoded",
	"line\r::error::after CR",
	"two\n::notice::lines",
	"tab\tand\x00nul\x7fdel",
	// The runner's other parser: "##[" anywhere in a line (ActionCommand
	// TryParse), and the "::" form behind white space or characters ICU
	// ignores.
	"see ##[set-output name=pwned]PWNED",
	"##[stop-commands]PWNED",
	"#\u00ad#[add-mask]PWNED",
	"  \t::warning::PWNED indented",
	"\u200b::error::PWNED zero width",
}

// HostileMarker is in every HostileTexts entry a runner would run as a
// command: a test finds it in what a command carries.
const HostileMarker = "PWNED"

// HostileToolName is the name of HostileTool, itself hostile.
const HostileToolName = "hostile\x1b[31m::error::name"

// HostileTool is a tool that carries every HostileTexts entry in its
// description, as property names with their descriptions, and as enum
// values and a default, so every place a report quotes is hostile.
func HostileTool() []byte {
	props := map[string]any{}
	for i, text := range HostileTexts {
		props[text] = map[string]any{"type": "string", "description": text, "enum": []string{text, strings.Repeat("x", i)}}
	}
	props["count"] = map[string]any{"type": "integer", "default": HostileTexts[4], "description": HostileTexts[6]}
	tool := map[string]any{
		"name":        HostileToolName,
		"title":       HostileTexts[3],
		"description": strings.Join(HostileTexts, " "),
		"inputSchema": map[string]any{"type": "object", "properties": props, "required": []string{HostileTexts[0], "count"}},
	}
	out, _ := json.Marshal(tool)
	return out
}
