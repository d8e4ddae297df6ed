package lint

import (
	"math"
	"regexp"
	"strings"
	"unicode"

	"github.com/mcp-contract/mcp-contract/contract"
)

var securitySecretLikeDefault = register(&Rule{
	ID:       "security/secret-like-default",
	Profile:  ProfileSecurity,
	Severity: contract.Error,
	Summary:  "a default, example, const or enum value of a schema looks like a credential",
	Help: "Tool schemas are public: servers return them to every client, snapshots commit them to " +
		"git, and models copy default and example values into calls. A value shaped like a credential " +
		"(an AWS access key id AKIA..., a GitHub token ghp_/github_pat_, an sk- API key, a Slack or " +
		"Stripe token, a private key block, a JWT), or a random-looking string in a property named " +
		"token, password, secret or api_key, is either a leaked secret or teaches the model to send " +
		"one (the MCP 2026-07-28 spec already says servers SHOULD NOT put secrets in parameters it " +
		"mirrors into HTTP headers). Documented placeholders such as AWS's AKIAIOSFODNN7EXAMPLE, " +
		"\"your-api-key\" or xxxx are not flagged. The message shows only the ends of the value. Fix: " +
		"revoke the credential if it is real, and remove the value or replace it with an obvious " +
		"placeholder.",
	CheckTool: func(p *Pass) {
		for s := range p.toolStrings() {
			if s.IsKey {
				continue
			}
			keyword, property, ok := valueKeyword(s)
			if !ok {
				continue
			}
			if kind := secretKind(s.Text, property); kind != "" {
				where := keyword
				if property != "" {
					where += " of " + property
				}
				p.Report(s.Node(), s.Pointer(), "revoke it if it is real; remove the value or use an obvious placeholder",
					"%s looks like %s (%s, %d characters)", where, kind, maskSecret(s.Text), len([]rune(s.Text)))
			}
		}
	},
})

// valueKeyword names the keyword (default, examples, ...) a string sits
// under inside inputSchema or outputSchema, and the name of the property the
// value belongs to: the innermost key inside the value when it is an object
// ({"default": {"api_key": "..."}}), else the property that holds the keyword.
func valueKeyword(s toolString) (keyword, property string, ok bool) {
	path, at := s.Path, s.DataAt
	if at < 1 || (path[0] != "inputSchema" && path[0] != "outputSchema") {
		return "", "", false
	}
	for i := len(path) - 1; i > at; i-- {
		if !isArrayIndexToken(path[i]) {
			return path[at], path[i], true
		}
	}
	if at >= 2 && authorNamedKeywords[path[at-2]] {
		property = path[at-1]
	}
	return path[at], property, true
}

func isArrayIndexToken(token string) bool {
	return token != "" && strings.Trim(token, "0123456789") == ""
}

var secretShapes = []struct {
	kind string
	re   func() *regexp.Regexp
}{
	{"an AWS access key id", lazyRegexp(`\b(AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b`)},
	{"a GitHub token", lazyRegexp(`\b(gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})`)},
	{"an sk- API key", lazyRegexp(`\bsk-(proj-|ant-|svcacct-|live-)?[A-Za-z0-9_-]{20,}`)},
	{"a Stripe key", lazyRegexp(`\b[rs]k_(live|test)_[A-Za-z0-9]{16,}`)},
	{"a Slack token", lazyRegexp(`\bxox[abposr]-[A-Za-z0-9-]{10,}`)},
	{"a Google API key", lazyRegexp(`\bAIza[0-9A-Za-z_-]{35}`)},
	{"a private key block", lazyRegexp(`-----BEGIN ([A-Z0-9]+ )*PRIVATE KEY( BLOCK)?-----`)},
	{"a JSON Web Token", lazyRegexp(`\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}`)},
}

func secretKind(value, property string) string {
	if len(value) < 12 || len(value) > 64<<10 || isPlaceholder(value) {
		return ""
	}
	for _, s := range secretShapes {
		if m := s.re().FindString(value); m != "" && (s.kind == "a private key block" || mixesLettersAndDigits(m)) {
			return s.kind
		}
	}
	if secretName(property) && randomLooking(value) {
		return "a random secret"
	}
	return ""
}

// isPlaceholder recognises the values documentation uses in place of a
// credential.
func isPlaceholder(v string) bool {
	lower := strings.ToLower(v)
	for _, p := range []string{"example", "your", "xxxx", "placeholder", "dummy", "redacted", "changeme", "<", "${", "{{", "...", "****"} {
		if strings.Contains(lower, p) {
			return true
		}
	}
	return false
}

// secretName reports whether a property name says it holds a credential:
// token, password, secret, api_key, access_key, client_secret and the like,
// in snake, kebab or camel case. "max_tokens" and "token_type" are counts and
// kinds, so words that qualify the noun rule the name out.
func secretName(name string) bool {
	ws := nameWords(name)
	secret := false
	for i, w := range ws {
		switch w {
		case "token", "password", "passwd", "secret", "apikey", "credential", "credentials", "passphrase":
			secret = true
		case "key":
			if i > 0 && (ws[i-1] == "api" || ws[i-1] == "access" || ws[i-1] == "private" || ws[i-1] == "secret") {
				secret = true
			}
		case "max", "min", "count", "type", "limit", "length", "name", "url", "file", "path", "env", "header", "id", "expiry", "expires", "ttl", "hint":
			return false
		}
	}
	return secret
}

func nameWords(name string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	prevLower := false
	for _, r := range name {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
			prevLower = false
			continue
		case unicode.IsUpper(r) && prevLower:
			flush()
		}
		cur = append(cur, r)
		prevLower = unicode.IsLower(r)
	}
	flush()
	return words
}

// randomLooking accepts strings a person did not type: no spaces, letters
// and digits mixed, and close to uniformly spread over their alphabet.
func randomLooking(v string) bool {
	if len(v) < 12 || strings.ContainsFunc(v, unicode.IsSpace) || !mixesLettersAndDigits(v) {
		return false
	}
	return shannonBits(v) >= 3.5
}

func mixesLettersAndDigits(s string) bool {
	return strings.ContainsFunc(s, unicode.IsLetter) && strings.ContainsFunc(s, unicode.IsDigit)
}

// shannonBits is the entropy of s's characters in bits per character.
func shannonBits(s string) float64 {
	counts := map[rune]int{}
	n := 0
	for _, r := range s {
		counts[r]++
		n++
	}
	h := 0.0
	for _, c := range counts {
		p := float64(c) / float64(n)
		h -= p * math.Log2(p)
	}
	return h
}

// maskSecret keeps only the ends of a value, so the report itself does not
// republish the credential.
func maskSecret(v string) string {
	rs := []rune(v)
	if len(rs) <= 8 {
		return strings.Repeat("*", len(rs))
	}
	return string(rs[:4]) + "…" + string(rs[len(rs)-2:])
}
