package openapi

import (
	"crypto/sha256"
	"encoding/hex"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// longestPrefix is mcp__ and __ around the server name: a tool name must
// fit every prefix a client adds (mcp__{server}__{tool} is the longest)
// within Gemini's 63 characters, the shortest limit.
const longestPrefix = len("mcp__") + len("__")

// toolNames names each operation's tool: its operationId (else method and
// path) as a tool name, unique within the spec and short enough for every
// provider. A name too long loses, one at a time and only as far as it
// must, what tells operations apart least: filler words (for, of, the),
// words that repeat its namespace or the service, then long words spelled
// as people abbreviate them (organization → org), then whole middle words,
// longest first; the first two words (namespace or verb) and the last
// never go. Words are dropped, never cut, so each name stays words a person
// reads; a hash is the last resort, when no such name is free.
func toolNames(service string, ops []*Operation) []string {
	max := 63 - longestPrefix - len(service)
	if max < 24 {
		max = 24
	}
	out := make([]string, len(ops))
	used := map[string]bool{}
	bases := make([]string, len(ops))
	// Names that fit as written are taken first, so a shortened name never
	// takes the name another operation has as written.
	for i, op := range ops {
		bases[i] = op.ID
		if bases[i] == "" {
			bases[i] = strings.ToLower(op.Method) + "_" + op.Path
		}
		if n := toolName(bases[i]); len(n) <= max && !used[n] {
			out[i], used[n] = n, true
		}
	}
	for i := range ops {
		if out[i] != "" {
			continue
		}
		name := toolName(bases[i])
		if len(name) > max {
			name = shorten(name, service, max, used, bases[i])
		}
		unique := name
		for k := 2; used[unique]; k++ {
			suffix := "_" + strconv.Itoa(k)
			unique = strings.TrimRight(name[:min(len(name), max-len(suffix))], "_-") + suffix
		}
		out[i], used[unique] = unique, true
	}
	return out
}

// word is one word of a name and the separator written before it ("" for
// the first word and a camelCase boundary).
type word struct{ sep, text string }

func splitWords(name string) []word {
	var out []word
	var cur strings.Builder
	sep := ""
	flush := func() {
		if cur.Len() > 0 {
			out = append(out, word{sep, cur.String()})
			cur.Reset()
			sep = ""
		}
	}
	prevLower := false
	for _, r := range name {
		switch {
		case r == '_' || r == '-':
			flush()
			sep += string(r)
			prevLower = false
			continue
		case unicode.IsUpper(r) && prevLower:
			flush()
		}
		cur.WriteRune(r)
		prevLower = unicode.IsLower(r) || unicode.IsDigit(r)
	}
	flush()
	return out
}

func joinWords(ws []word) string {
	var b strings.Builder
	for i, w := range ws {
		if i > 0 {
			b.WriteString(w.sep)
		}
		b.WriteString(w.text)
	}
	return b.String()
}

// drop removes word i; the namespace separator ("_" between a GitHub
// operationId's namespace and its words) passes to the next word.
func drop(ws []word, i int) []word {
	out := append([]word(nil), ws[:i]...)
	rest := append([]word(nil), ws[i+1:]...)
	if len(rest) > 0 && strings.Contains(ws[i].sep, "_") {
		rest[0].sep = ws[i].sep
	}
	return append(out, rest...)
}

var fillerWords = map[string]bool{"a": true, "an": true, "the": true, "for": true, "from": true, "in": true, "to": true, "of": true, "by": true, "with": true, "on": true, "at": true, "or": true, "and": true}

// abbreviations are the short forms people write for words that make API
// names long; every one is in common use in the APIs it comes from.
var abbreviations = map[string]string{
	"administrator": "admin", "application": "app", "applications": "apps",
	"attestations": "attests", "authenticated": "auth", "authentication": "auth",
	"certificate": "cert", "certificates": "certs", "collaborator": "collab", "collaborators": "collabs",
	"configuration": "config", "configurations": "configs", "contributor": "contrib", "contributors": "contribs",
	"definition": "def", "definitions": "defs", "dependencies": "deps", "dependency": "dep",
	"deployment": "deploy", "deployments": "deploys", "description": "desc", "enterprise": "ent", "enterprises": "ents",
	"environment": "env", "environments": "envs", "information": "info", "installation": "install", "installations": "installs",
	"management": "mgmt", "message": "msg", "messages": "msgs", "notification": "notif", "notifications": "notifs",
	"organization": "org", "organizations": "orgs", "permission": "perm", "permissions": "perms",
	"properties": "props", "property": "prop", "protection": "prot", "reference": "ref", "references": "refs",
	"repositories": "repos", "repository": "repo", "request": "req", "requests": "reqs",
	"restrictions": "restricts", "signature": "sig", "signatures": "sigs", "statistics": "stats",
	"subscription": "sub", "subscriptions": "subs", "variable": "var", "variables": "vars", "vulnerability": "vuln",
}

func singular(w string) string {
	w = strings.ToLower(w)
	if strings.HasSuffix(w, "s") && len(w) > 3 {
		return w[:len(w)-1]
	}
	return w
}

// shorten brings name within max, as toolNames says; used holds the names
// already given.
func shorten(name, service string, max int, used map[string]bool, base string) string {
	ws := splitWords(name)
	fits := func(ws []word) bool {
		n := joinWords(ws)
		return len(n) <= max && !used[n]
	}
	if len(ws) < 4 {
		return hashed(name, max, base)
	}
	keep := func(i int, ws []word) bool { return i < 2 || i == len(ws)-1 }
	// Filler words, then repeats of the namespace or the service.
	repeats := func(w string) bool {
		s := singular(w)
		return s == singular(ws[0].text) || s == singular(service) || strings.EqualFold(w, service)
	}
	for _, pass := range []func(string) bool{func(w string) bool { return fillerWords[strings.ToLower(w)] }, repeats} {
		for i := len(ws) - 1; i >= 0; i-- {
			if !keep(i, ws) && pass(ws[i].text) {
				ws = drop(ws, i)
				if fits(ws) {
					return joinWords(ws)
				}
			}
		}
	}
	// Abbreviations, the largest saving first.
	for {
		best, saving := -1, 0
		for i, w := range ws {
			if short, ok := abbreviations[strings.ToLower(w.text)]; ok && len(w.text)-len(short) > saving {
				best, saving = i, len(w.text)-len(short)
			}
		}
		if best < 0 {
			break
		}
		short := abbreviations[strings.ToLower(ws[best].text)]
		if unicode.IsUpper(rune(ws[best].text[0])) {
			short = strings.ToUpper(short[:1]) + short[1:]
		}
		ws[best].text = short
		if fits(ws) {
			return joinWords(ws)
		}
	}
	// Whole middle words, longest first (the later of two as long): the
	// first whose loss gives a free name that fits, else the longest goes
	// and the search goes on.
	for len(ws) > 3 {
		var order []int
		for i := len(ws) - 1; i >= 0; i-- {
			if !keep(i, ws) {
				order = append(order, i)
			}
		}
		sort.SliceStable(order, func(a, b int) bool { return len(ws[order[a]].text) > len(ws[order[b]].text) })
		for _, i := range order {
			if next := drop(ws, i); fits(next) {
				return joinWords(next)
			}
		}
		ws = drop(ws, order[0])
	}
	return hashed(joinWords(ws), max, base)
}

// hashed cuts name at a word boundary and ends it with a hash of the
// operation's id, which no other operation shares.
func hashed(name string, max int, base string) string {
	sum := sha256.Sum256([]byte(base))
	cut := name
	if len(cut) > max-7 {
		cut = cut[:max-7]
		if i := strings.LastIndexAny(cut, "_-"); i > 0 {
			cut = cut[:i]
		}
	}
	return strings.TrimRight(cut, "_-") + "_" + hex.EncodeToString(sum[:])[:6]
}
