package lint

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/mcp-contract/mcp-contract/contract"
)

var securityInvisibleUnicode = register(&Rule{
	ID:       "security/invisible-unicode",
	Profile:  ProfileSecurity,
	Severity: contract.Error,
	Summary:  "a string of the tool holds characters a reviewer cannot see but a model reads",
	Help: "Zero-width characters, bidirectional controls and Unicode tag characters (U+E0000-U+E007F) " +
		"render as nothing, or reorder what is shown, yet reach the model as tokens. Tag characters " +
		"mirror ASCII one to one, so a whole hidden instruction fits in a string that looks empty " +
		"(\"ASCII smuggling\", Riley Goodside and Johann Rehberger, 2024); bidi overrides make text " +
		"read differently from how it displays (Trojan Source, CVE-2021-42574). MCP clients show tool " +
		"descriptions to users before approval, if at all, so a tool poisoning attack (Invariant Labs, " +
		"2025) hides best here. Every string is checked: name, title, description, property names, enum " +
		"values, defaults, examples. Legitimate uses are left alone: joiners inside emoji sequences and " +
		"between letters of scripts that need them, tag sequences of subdivision flags, LRM/RLM marks in " +
		"right-to-left text, variation selectors after CJK ideographs. Fix: delete the characters.",
	CheckTool: func(p *Pass) {
		for s := range p.toolStrings() {
			if hits := invisibleRunes(s.Text); len(hits) > 0 {
				what := "value"
				if s.IsKey {
					what = "key"
				}
				p.Report(s.Node(), s.Pointer(), "delete the invisible characters; a model reads them, a reviewer does not see them",
					"%s %q holds invisible characters: %s", what, withoutInvisible(s.Text), describeInvisible(hits))
			}
		}
	},
})

// invisibleHit is one suspicious rune, or one run of tag characters.
type invisibleHit struct {
	r        rune
	position int // 1-based character index in the string
	// tags counts a run of tag characters starting here; hidden is the ASCII
	// they mirror.
	tags   int
	hidden string
}

func invisibleRunes(s string) []invisibleHit {
	// The fast path: most strings are ASCII and cannot hold any of these.
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return nil
	}
	rs := []rune(s)
	rtl := strings.IndexFunc(s, func(r rune) bool {
		return unicode.In(r, unicode.Hebrew, unicode.Arabic, unicode.Syriac, unicode.Thaana, unicode.Nko)
	}) >= 0
	var hits []invisibleHit
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case isTagChar(r):
			j := i
			var hidden strings.Builder
			for j < len(rs) && isTagChar(rs[j]) {
				if rs[j] >= 0xE0020 && rs[j] <= 0xE007E {
					hidden.WriteRune(rs[j] - 0xE0000)
				}
				j++
			}
			if !isFlagTagSequence(rs, i, j) {
				hits = append(hits, invisibleHit{r: r, position: i + 1, tags: j - i, hidden: hidden.String()})
			}
			i = j - 1
		case r == 0x200C || r == 0x200D:
			if !joinerInContext(rs, i) {
				hits = append(hits, invisibleHit{r: r, position: i + 1})
			}
		case r == 0x200E || r == 0x200F || r == 0x061C:
			if !rtl {
				hits = append(hits, invisibleHit{r: r, position: i + 1})
			}
		case r >= 0xE0100 && r <= 0xE01EF:
			if i == 0 || !unicode.Is(unicode.Han, rs[i-1]) {
				hits = append(hits, invisibleHit{r: r, position: i + 1})
			}
		case invisibleName(r) != "":
			hits = append(hits, invisibleHit{r: r, position: i + 1})
		}
	}
	return hits
}

func isTagChar(r rune) bool { return r >= 0xE0000 && r <= 0xE007F }

// isFlagTagSequence recognises the one legitimate use of tag characters:
// subdivision flags such as England's, U+1F3F4 followed by lowercase tag
// letters and digits and the cancel tag U+E007F.
func isFlagTagSequence(rs []rune, start, end int) bool {
	if start == 0 || rs[start-1] != 0x1F3F4 || end-start < 2 || rs[end-1] != 0xE007F {
		return false
	}
	for _, r := range rs[start : end-1] {
		a := r - 0xE0000
		if !(a >= 'a' && a <= 'z' || a >= '0' && a <= '9') {
			return false
		}
	}
	return true
}

// joinerInContext accepts ZWJ/ZWNJ where writing needs them: inside emoji
// sequences, and between letters of scripts such as Persian or Devanagari.
// Between Latin letters, or at either end, they only hide or split words.
func joinerInContext(rs []rune, i int) bool {
	if i == 0 || i == len(rs)-1 {
		return false
	}
	prev, next := rs[i-1], rs[i+1]
	if isEmojiPart(prev) && isEmojiPart(next) {
		return true
	}
	return isComplexScriptLetter(prev) && isComplexScriptLetter(next)
}

func isEmojiPart(r rune) bool {
	return unicode.Is(unicode.So, r) || r == 0xFE0F || (r >= 0x1F3FB && r <= 0x1F3FF)
}

func isComplexScriptLetter(r rune) bool {
	if !(unicode.IsLetter(r) || unicode.IsMark(r)) {
		return false
	}
	return !unicode.In(r, unicode.Latin, unicode.Greek, unicode.Cyrillic, unicode.Common)
}

// invisibleName names the always-suspicious invisible runes.
func invisibleName(r rune) string {
	switch r {
	case 0x200B:
		return "zero width space"
	case 0x200C:
		return "zero width non-joiner"
	case 0x200D:
		return "zero width joiner"
	case 0x200E:
		return "left-to-right mark"
	case 0x200F:
		return "right-to-left mark"
	case 0x061C:
		return "arabic letter mark"
	case 0x2060:
		return "word joiner"
	case 0x2061, 0x2062, 0x2063, 0x2064:
		return "invisible math operator"
	case 0xFEFF:
		return "zero width no-break space"
	case 0x180E:
		return "mongolian vowel separator"
	case 0x00AD:
		return "soft hyphen"
	case 0x034F:
		return "combining grapheme joiner"
	case 0x115F, 0x1160, 0x3164, 0xFFA0:
		return "hangul filler"
	case 0x202A:
		return "bidi left-to-right embedding"
	case 0x202B:
		return "bidi right-to-left embedding"
	case 0x202C:
		return "bidi pop directional formatting"
	case 0x202D:
		return "bidi left-to-right override"
	case 0x202E:
		return "bidi right-to-left override"
	case 0x2066:
		return "bidi left-to-right isolate"
	case 0x2067:
		return "bidi right-to-left isolate"
	case 0x2068:
		return "bidi first strong isolate"
	case 0x2069:
		return "bidi pop directional isolate"
	}
	if r >= 0xE0100 && r <= 0xE01EF {
		return "variation selector"
	}
	return ""
}

const maxListedInvisible = 5

func describeInvisible(hits []invisibleHit) string {
	var parts []string
	for i, h := range hits {
		if i == maxListedInvisible {
			parts = append(parts, fmt.Sprintf("and %d more", len(hits)-i))
			break
		}
		if h.tags > 0 {
			part := fmt.Sprintf("%d tag character(s) U+%04X.. at character %d", h.tags, h.r, h.position)
			if h.hidden != "" {
				part += fmt.Sprintf(" spelling hidden text %q", clipText(h.hidden, 120))
			}
			parts = append(parts, part)
			continue
		}
		parts = append(parts, fmt.Sprintf("U+%04X (%s) at character %d", h.r, invisibleName(h.r), h.position))
	}
	return strings.Join(parts, ", ")
}

// withoutInvisible shows a string in a message without its invisible runes, shortened.
func withoutInvisible(s string) string {
	clean := strings.Map(func(r rune) rune {
		if isTagChar(r) || invisibleName(r) != "" {
			return -1
		}
		return r
	}, s)
	return clipText(clean, 60)
}

func clipText(s string, n int) string {
	rs := []rune(s)
	if len(rs) <= n {
		return s
	}
	return string(rs[:n]) + "…"
}
