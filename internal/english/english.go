// Package english writes the small pieces of English every message needs,
// so "1 tool" and "2 tools" come out right wherever a count is printed.
package english

import (
	"fmt"
	"strings"
)

// massNouns take no plural s: "0 info" reads next to "0 errors" as the
// severity's name, where "0 infos" would not.
var massNouns = map[string]bool{"info": true}

// Plural writes a count with its noun: "1 tool", "2 tools", "0 snapshots".
// Nouns whose plural is not noun+"s" are not used in our messages.
func Plural(n int, noun string) string {
	if n == 1 || massNouns[noun] {
		return fmt.Sprintf("%d %s", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// List joins items as a sentence does, without a serial comma: "a",
// "a and b", "a, b and c" (conj "and" or "or").
func List(items []string, conj string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + conj + " " + items[len(items)-1]
}
