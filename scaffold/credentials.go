package scaffold

import (
	"regexp"
	"strings"
)

// Credentials hide in more places than a setting's name says: a header
// argument ("--header", "Authorization: Bearer …"), a URL's userinfo, path
// or query, a DSN in an env value, or just a token whose shape gives it
// away. Each literal found is cut out of its string and replaced by a
// ${VAR} holding exactly the text cut, so the config means what the client
// config meant once the variable is exported.

// tokenShape matches tokens by their issuers' published prefixes and the
// JWT form: GitHub (ghp_, gho_, ghu_, ghs_, ghr_, github_pat_), OpenAI and
// Anthropic (sk-), Slack (xox?-), AWS access keys (AKIA, ASIA), GitLab
// (glpat-), Google API keys (AIza), npm (npm_), Stripe (sk_live_, rk_live_)
// and any header.payload.signature JWT.
var tokenShape = regexp.MustCompile(`\b(gh[pousr]_[A-Za-z0-9]{16,}|github_pat_[A-Za-z0-9_]{20,}|sk-[A-Za-z0-9_-]{12,}|xox[abposr]-[A-Za-z0-9-]{10,}|(AKIA|ASIA)[0-9A-Z]{16}|glpat-[A-Za-z0-9_-]{20,}|AIza[0-9A-Za-z_-]{35}|npm_[A-Za-z0-9]{36}|[rs]k_live_[0-9A-Za-z]{16,}|eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})`)

// authScheme matches an Authorization value's scheme and its credential.
var authScheme = regexp.MustCompile(`(?i)\b(bearer|basic|token|bot)\s+([^\s"',;]+)`)

// userinfo matches a URL's user:password@.
var userinfo = regexp.MustCompile(`([A-Za-z][A-Za-z0-9+.-]*://)([^:/?#@\s]*):([^@/?#\s]+)@`)

// secretParam names query parameters that carry credentials: anything
// secretName matches, signatures (sig=, signature=, the X-Amz-* of a
// presigned URL) and OAuth's code and client_secret.
var secretParam = regexp.MustCompile(`(?i)^(sig|signature|x-amz-[a-z-]+|code|client_secret|access_token|id_token|apikey|key)$`)

// queryParam matches one name=value of a URL's query.
var queryParam = regexp.MustCompile(`([?&])([^=&#\s]+)=([^&#\s]+)`)

// urlPath matches a URL's path, for the token-like segments in it.
var urlPath = regexp.MustCompile(`[A-Za-z][A-Za-z0-9+.-]*://[^/?#\s]+(/[^?#\s]*)`)

// secretEnvName matches env names whose values are credentials besides
// secretName's: *_PASS, *_PWD, *_DSN, DATABASE_URL and connection strings
// (a bare PWD is the working directory).
var secretEnvName = regexp.MustCompile(`(?i)((^|[-_])(pass|pwd|dsn|passphrase|private)($|[-_])|^database_url$|conn(ection)?[-_]?str(ing)?)`)

// tokenSegment reports a path segment that looks like a credential: a known
// token shape, or 20 or more letters, digits, '-' and '_' holding both
// letters and at least four digits (a webhook key, a UUID).
func tokenSegment(s string) bool {
	if tokenShape.MatchString(s) {
		return true
	}
	if len(s) < 20 {
		return false
	}
	letters, digits := 0, 0
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
			letters++
		case r == '-' || r == '_':
		default:
			return false
		}
	}
	return letters > 0 && digits >= 4
}

// secretVar returns a ${VAR} for the literal v, named base, and remembers
// v as the value to export. The same literal gets the same variable; a name
// taken by another literal gets a number.
func (b *builder) secretVar(server, from, where, v, base string) string {
	if name, ok := b.byValue[v]; ok {
		return "${" + name + "}"
	}
	name := base
	for n := 2; b.values[name] != ""; n++ {
		name = base + "_" + itoa(n)
	}
	b.values[name] = v
	b.byValue[v] = name
	b.vars[name] = true
	b.note("%s of server %q in %s holds a literal value, which would be committed: it is ${%s} here; export %s", where, server, from, name, name)
	return "${" + name + "}"
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// scrub cuts every credential it recognises out of v: URL passwords,
// credential query parameters, token-like path segments, the credential
// after an auth scheme, and known token shapes. References (${VAR}) are
// left alone.
func (b *builder) scrub(server, from, where, v, setting string) string {
	keep := func(s string) bool { return s == "" || strings.Contains(s, "${") }
	v = userinfo.ReplaceAllStringFunc(v, func(m string) string {
		p := userinfo.FindStringSubmatch(m)
		if keep(p[3]) {
			return m
		}
		return p[1] + p[2] + ":" + b.secretVar(server, from, where+" (URL password)", p[3], varName(server, setting+"_PASSWORD")) + "@"
	})
	v = queryParam.ReplaceAllStringFunc(v, func(m string) string {
		p := queryParam.FindStringSubmatch(m)
		if keep(p[3]) || !secretName.MatchString(p[2]) && !secretParam.MatchString(p[2]) {
			return m
		}
		return p[1] + p[2] + "=" + b.secretVar(server, from, where+" (URL parameter "+p[2]+")", p[3], varName(server, p[2]))
	})
	v = urlPath.ReplaceAllStringFunc(v, func(m string) string {
		p := urlPath.FindStringSubmatchIndex(m)
		path := m[p[2]:p[3]]
		segs := strings.Split(path, "/")
		for i, s := range segs {
			if !keep(s) && tokenSegment(s) {
				segs[i] = b.secretVar(server, from, where+" (URL path)", s, varName(server, setting+"_PATH_TOKEN"))
			}
		}
		return m[:p[2]] + strings.Join(segs, "/")
	})
	v = authScheme.ReplaceAllStringFunc(v, func(m string) string {
		p := authScheme.FindStringSubmatch(m)
		if keep(p[2]) {
			return m
		}
		return m[:len(m)-len(p[2])] + b.secretVar(server, from, where+" ("+p[1]+" credential)", p[2], varName(server, setting+"_TOKEN"))
	})
	return tokenShape.ReplaceAllStringFunc(v, func(m string) string {
		return b.secretVar(server, from, where+" (token)", m, varName(server, setting+"_TOKEN"))
	})
}

// whole replaces all of v, a setting named as a credential is, but an auth
// scheme in front of it ("Bearer "); name is the variable's. A URL keeps
// all but its password.
func (b *builder) whole(server, from, where, v, name string) string {
	if strings.Contains(v, "${") || v == "" {
		return v
	}
	if userinfo.MatchString(v) {
		return userinfo.ReplaceAllStringFunc(v, func(m string) string {
			p := userinfo.FindStringSubmatch(m)
			return p[1] + p[2] + ":" + b.secretVar(server, from, where+" (URL password)", p[3], name) + "@"
		})
	}
	if p := authScheme.FindStringSubmatchIndex(v); p != nil && p[0] == 0 && p[5] == len(v) {
		return v[:p[4]] + b.secretVar(server, from, where, v[p[4]:], name)
	}
	return b.secretVar(server, from, where, v, name)
}

// headerArg splits a header argument ("Name: value", "Name:value") into its
// name and value.
func headerArg(a string) (name, sep, value string, ok bool) {
	i := strings.IndexByte(a, ':')
	if i <= 0 || strings.ContainsAny(a[:i], " \t/") {
		return "", "", "", false
	}
	j := i + 1
	for j < len(a) && (a[j] == ' ' || a[j] == '\t') {
		j++
	}
	return a[:i], a[i:j], a[j:], true
}

// isHeaderFlag reports the flags that take a header argument (mcp-remote's
// --header, curl's -H).
func isHeaderFlag(f string) bool { return f == "--header" || f == "-H" || f == "--headers" }
