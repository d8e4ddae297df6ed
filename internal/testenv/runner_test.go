package testenv

import "testing"

// The port finds what the runner runs, and only that.
func TestRunnerCommands(t *testing.T) {
	for _, tc := range []struct {
		line   string
		name   string
		legacy bool
		data   string
	}{
		{"::warning file=a.json,line=3::bad%0Aname", "warning", false, "bad\nname"},
		{"   ::error::x", "error", false, "x"},
		{"\u200b::add-mask::s", "add-mask", false, "s"},
		{"text ##[set-output name=x]y%5Dz", "set-output", true, "y]z"},
		{"#\u00ad#[stop-commands]tok", "stop-commands", true, "tok"},
		{"::error ##[error]x", "error", true, "x"}, // V2 fails (no second ::), legacy finds it
		{"::nosuch::x", "", false, ""},
		{"a ::error::x", "", false, ""},
		{"## [error]x", "", false, ""},
		{": :error::x", "", false, ""},
		{"##[nosuch]x", "", false, ""},
	} {
		got := RunnerCommands(tc.line)
		if tc.name == "" {
			if len(got) != 0 {
				t.Errorf("%q: found %+v, want nothing", tc.line, got)
			}
			continue
		}
		if len(got) != 1 || got[0].Name != tc.name || got[0].Legacy != tc.legacy || got[0].Data != tc.data {
			t.Errorf("%q: found %+v, want %s legacy=%v data %q", tc.line, got, tc.name, tc.legacy, tc.data)
		}
	}
	if got := RunnerCommands("x\r::error::a\n::warning::b\r\n"); len(got) != 2 || got[0].Line != 2 {
		t.Errorf("lines split at \\r and \\n: %+v", got)
	}
	if p := RunnerCommands("::warning title=a%2Cb,file=f::m")[0].Properties; p["title"] != "a,b" || p["file"] != "f" {
		t.Errorf("properties: %v", p)
	}
}

// ForeignCommands tells ours from injected ones.
func TestForeignCommands(t *testing.T) {
	for _, tc := range []struct {
		out     string
		foreign int
	}{
		{"::add-mask::s3cret\n::warning title=mcp-contract,file=a::x\n::group::r\ntext\n::endgroup::\n", 0},
		{"  ::warning::x\n", 1},
		{"x ##[error]y\n", 1},
		{"::set-output name=a::b\n", 1},
		{"::warning bogus=1::x\n", 1},
		{"::add-mask::PWNED\n", 1},
	} {
		if got := ForeignCommands(tc.out, "PWNED"); len(got) != tc.foreign {
			t.Errorf("%q: %d foreign commands, want %d: %+v", tc.out, len(got), tc.foreign, got)
		}
	}
}
