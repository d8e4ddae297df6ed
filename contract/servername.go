package contract

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// MaxServerNameLength bounds a server name in characters.
const MaxServerNameLength = 64

// CheckServerName says why name cannot be a server name, or nil. A server
// name becomes a file name (DIR/<name>.json), whatever it came from: a
// .mcp-contract.yaml key, an MCP client config key, --name or a file's base
// name. So every source goes through this one check: 1-64 characters of
// A-Za-z0-9_.- and nothing that reaches another folder ("/", "\", ".."), a
// hidden file (a leading "."), a name Windows rewrites (a trailing dot) or
// a device (CON, NUL, COM1…). ASCII only, so that no two spellings of one
// name (Unicode normal forms, look-alike letters) name two files.
func CheckServerName(name string) error {
	switch {
	case name == "":
		return fmt.Errorf("a server name cannot be empty")
	case !utf8.ValidString(name):
		return fmt.Errorf("server name %q is not valid UTF-8", name)
	case utf8.RuneCountInString(name) > MaxServerNameLength:
		return fmt.Errorf("server name %.20q… is longer than %d characters", name, MaxServerNameLength)
	}
	for _, r := range name {
		if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '_' || r == '.' || r == '-' {
			continue
		}
		return fmt.Errorf("server name %q holds %q; use 1-%d characters of A-Za-z0-9_.- (it names the snapshot file)", name, r, MaxServerNameLength)
	}
	switch {
	case strings.Contains(name, ".."):
		return fmt.Errorf("server name %q holds \"..\" (it names the snapshot file)", name)
	case name[0] == '.':
		return fmt.Errorf("server name %q starts with a dot, which hides its snapshot file", name)
	case strings.HasSuffix(name, "."):
		return fmt.Errorf("server name %q ends with a dot, which Windows drops from file names", name)
	}
	stem, _, _ := strings.Cut(name, ".")
	if reservedDevice(stem) {
		return fmt.Errorf("server name %q is a reserved device name on Windows; pick another", name)
	}
	return nil
}

// reservedDevice recognises the names Windows maps to devices in every
// folder, whatever the extension: CON, PRN, AUX, NUL, COM0-9 and LPT0-9
// (their superscript-digit forms and CONIN$ are refused as non-ASCII or $).
func reservedDevice(stem string) bool {
	s := strings.ToUpper(stem)
	switch s {
	case "CON", "PRN", "AUX", "NUL":
		return true
	}
	if !strings.HasPrefix(s, "COM") && !strings.HasPrefix(s, "LPT") {
		return false
	}
	return len(s) == 4 && s[3] >= '0' && s[3] <= '9'
}

// SameFileName reports whether two server names name one file on a
// case-insensitive file system (macOS, Windows), where GitHub.json and
// github.json are one file.
func SameFileName(a, b string) bool { return strings.EqualFold(a, b) }
