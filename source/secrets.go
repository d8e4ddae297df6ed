package source

import (
	"net/url"
	"regexp"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
)

// secretName is a variable or parameter name that holds a credential by its
// name alone, so its literal value is masked like a ${VAR} value.
var secretName = regexp.MustCompile(`(?i)(token|secret|passw|pwd|api[_-]?key|credential|private[_-]?key|access[_-]?key|authorization|(^|[_-])auth([_-]|$))`)

// literalSecrets are the values of a server's settings that are secrets
// even when written out rather than taken from the environment: every header
// value (an Authorization literal is one) and the credential after its
// scheme, an OAuth client secret or private key, env values whose name says they are credentials, and in the url the
// password and the query values whose name says so. Values from ${VAR} are
// collected where they are expanded.
func literalSecrets(sc *ServerConfig) []string {
	var out []string
	for _, v := range sc.Headers {
		out = append(out, v)
		if scheme, cred, ok := strings.Cut(v, " "); ok && scheme != "" {
			out = append(out, strings.TrimSpace(cred))
		}
	}
	if cc := sc.clientCredentials(); cc != nil {
		out = append(out, cc.ClientSecret, cc.PrivateKey)
	}
	for k, v := range sc.Env {
		if secretName.MatchString(k) && credentialLike(v) {
			out = append(out, v)
		}
	}
	if u, err := url.Parse(sc.URL); err == nil && sc.URL != "" {
		if pw, ok := u.User.Password(); ok {
			out = append(out, pw, url.QueryEscape(pw))
		}
		for k, vs := range u.Query() {
			if secretName.MatchString(k) {
				for _, v := range vs {
					if credentialLike(v) {
						out = append(out, v, url.QueryEscape(v))
					}
				}
			}
		}
	}
	return out
}

// credentialLike keeps a name-matched literal from masking common text: a
// MAX_TOKENS of 4096 or an AUTH_MODE of "oauth" would otherwise blank that
// word in every report.
func credentialLike(v string) bool {
	if len(v) < 8 {
		return false
	}
	return strings.ContainsFunc(v, func(r rune) bool { return r < '0' || r > '9' })
}

// MaskTools replaces every secret in the strings, numbers and keys of each tool, as
// the server sent them, before any step reads them: a server that echoes its
// token into a description must not get it into a report or a committed
// snapshot. Each place masked is recorded in Tool.Masked for
// security/secret-in-tool-text to report. Fetch masks live tools itself; the
// CLI masks tools read from files with the same secrets.
func MaskTools(catalogs []*contract.Catalog, m *safetext.Masker) {
	if len(m.Secrets()) == 0 {
		return
	}
	for _, c := range catalogs {
		maskTools(c, m)
	}
}

func maskTools(c *contract.Catalog, m *safetext.Masker) {
	if len(m.Secrets()) == 0 {
		return
	}
	for _, t := range c.Tools {
		maskNode(t, t.Node, "", m)
		if t.Name != "" && m.Contains(t.Name) {
			t.Name = m.Mask(t.Name)
		}
	}
}

func maskNode(t *contract.Tool, n *jsontree.Node, pointer string, m *safetext.Masker) {
	switch n.Kind {
	case jsontree.String:
		if m.Contains(n.Text) {
			n.Text = m.Mask(n.Text)
			t.Masked = append(t.Masked, pointer)
		}
	case jsontree.Number:
		// A numeric secret (a PIN, an account number) echoed as a number:
		// the mask is no number, so the value becomes a string.
		if m.Contains(n.Text) {
			n.Kind, n.Text = jsontree.String, m.Mask(n.Text)
			t.Masked = append(t.Masked, pointer)
		}
	case jsontree.Array:
		for i, it := range n.Items() {
			maskNode(t, it, jsontree.AppendIndex(pointer, i), m)
		}
	case jsontree.Object:
		for i := range n.Members() {
			mem := &n.Members()[i]
			if m.Contains(mem.Key) {
				mem.Key = m.Mask(mem.Key)
				t.Masked = append(t.Masked, jsontree.Append(pointer, mem.Key))
			}
			maskNode(t, mem.Value, jsontree.Append(pointer, mem.Key), m)
		}
	}
}
