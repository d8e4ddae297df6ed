package source

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
	"github.com/modelcontextprotocol/go-sdk/oauthex"
)

// maxChallenge bounds the WWW-Authenticate text read from a server.
const maxChallenge = 4096

// challenge is the WWW-Authenticate challenge a refusal carries: the Bearer
// one when there are several, else the first.
type challenge struct {
	Scheme string // lower case; "" when the server sent none
	Params map[string]string
}

// parseChallenge reads WWW-Authenticate values with the MCP SDK's parser
// (RFC 9110 §11.6.1); a value it cannot parse still names its scheme.
func parseChallenge(values []string) challenge {
	var total int
	var kept []string
	for _, v := range values {
		if total += len(v); total > maxChallenge {
			break
		}
		kept = append(kept, v)
	}
	cs, err := oauthex.ParseWWWAuthenticate(kept)
	if err != nil || len(cs) == 0 {
		if len(kept) > 0 {
			scheme, _, _ := strings.Cut(strings.TrimSpace(kept[0]), " ")
			return challenge{Scheme: strings.ToLower(scheme), Params: map[string]string{}}
		}
		return challenge{Params: map[string]string{}}
	}
	for _, c := range cs {
		if c.Scheme == "bearer" {
			return challenge{Scheme: c.Scheme, Params: orEmpty(c.Params)}
		}
	}
	return challenge{Scheme: cs[0].Scheme, Params: orEmpty(cs[0].Params)}
}

func orEmpty(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

// refusal is what a server answered when it refused a request: its status
// and challenge, and the token we sent ("" for none).
type refusal struct {
	status    int
	challenge []string
	withToken bool
}

// explainRefusal says what a server that answered 401 or 403 asked for and
// what to configure. Without auth configured, the resource metadata the
// challenge names is read (once, bounded) to name the authorization
// server. Every value from the server is masked and quoted.
func explainRefusal(ctx context.Context, r *refusal, sc *ServerConfig, o *oauthClient, m *safetext.Masker, timeout time.Duration) string {
	ch := parseChallenge(r.challenge)
	q := func(s string) string { return quoteHostile(m, s) }
	var b strings.Builder
	fmt.Fprintf(&b, "the server answered %d %s", r.status, http.StatusText(r.status))
	if r.withToken && o != nil {
		fmt.Fprintf(&b, " to the token obtained from %s", q(o.tokenURL))
		if o.obtained >= maxTokens {
			b.WriteString(" (renewed once)")
		}
	}
	if ch.Scheme == "" {
		b.WriteString(" with no WWW-Authenticate challenge")
	} else {
		fmt.Fprintf(&b, " and asks for %s auth", schemeName(m, ch.Scheme))
		var said []string
		for _, k := range []string{"error", "error_description", "scope", "realm", "resource_metadata"} {
			if v := ch.Params[k]; v != "" {
				said = append(said, strings.ReplaceAll(k, "_", " ")+" "+q(v))
			}
		}
		if as := namedAuthServer(ctx, ch, o, timeout); as != "" {
			said = append(said, "authorization server "+q(as))
		}
		if len(said) > 0 {
			fmt.Fprintf(&b, " (%s)", strings.Join(said, ", "))
		}
	}
	where := "servers." + sc.Name
	if sc.Line == 0 {
		// --url: no config names the server yet.
		where = "a server with this url"
	}
	switch {
	case r.withToken && o != nil && r.status == http.StatusForbidden:
		fmt.Fprintf(&b, "; the token lacks what the server wants: check scope, resource and audience in %s.auth", where)
	case r.withToken && o != nil:
		fmt.Fprintf(&b, "; the server does not accept the authorization server's tokens for this resource: check scope, resource and audience in %s.auth", where)
	case sc.Auth == nil && ch.Scheme == "bearer":
		fmt.Fprintf(&b, "; %s: in .mcp-contract.yaml under %s, `auth: {client-credentials: {client-id: \"${CLIENT_ID}\", client-secret: \"${CLIENT_SECRET}\"}}` (the grant a job with no user runs; the token endpoint is discovered), "+
			"or a token in `headers: {Authorization: \"Bearer ${TOKEN}\"}` (--header \"Authorization: Bearer ${TOKEN}\" with --url); an unset variable or an expired token also ends here", contract.NeedsOAuthClient, where)
	case sc.Auth == nil && ch.Scheme != "":
		fmt.Fprintf(&b, "; give %s the credential it asks for in `headers: {Authorization: \"%s ${CREDENTIAL}\"}` (--header with --url)", where, schemeName(m, ch.Scheme))
	default:
		b.WriteString("; check the token in the headers (an unset variable or an expired token)")
	}
	return b.String()
}

// namedAuthServer is the authorization server the refusal leads to: the
// one discovery found, else the first the challenge's resource metadata
// names (read only when it is https or on this machine).
func namedAuthServer(ctx context.Context, ch challenge, o *oauthClient, timeout time.Duration) string {
	if o != nil && o.issuer != "" {
		return o.issuer
	}
	at := ch.Params["resource_metadata"]
	if at == "" || o != nil || checkAuthURL(at) != nil {
		return ""
	}
	c := &http.Client{Transport: &boundedTransport{max: maxAuthDocument},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	var prm oauthex.ProtectedResourceMetadata
	if found, err := getAuthJSON(ctx, c, min(timeout, 5*time.Second), at, &prm); err != nil || !found || len(prm.AuthorizationServers) == 0 {
		return ""
	}
	return prm.AuthorizationServers[0]
}

func schemeName(m *safetext.Masker, s string) string {
	switch s {
	case "bearer":
		return "Bearer"
	case "basic":
		return "Basic"
	case "dpop":
		return "DPoP"
	}
	return quoteHostile(m, s)
}
