package source

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mcp-contract/mcp-contract/internal/safetext"
	"github.com/modelcontextprotocol/go-sdk/oauthex"
	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"
)

// The OAuth client of a server with auth: client-credentials. It does what
// MCP's authorization spec asks of a client, the machine-to-machine way
// (SEP-1046): find the token endpoint (the 401's resource_metadata, else
// the server's well-known protected-resource metadata, RFC 9728, then its
// authorization server's metadata, RFC 8414 or OpenID discovery), ask it for
// a token with the client_credentials grant and the resource indicator
// (RFC 8707), keep that token for the run and renew it once when the server
// refuses it. The grant itself is golang.org/x/oauth2/clientcredentials'.
//
// Every token obtained is registered with the run's masker before anything
// of ours holds it, and no token or secret is ever part of an error.

// maxAuthDocument bounds a metadata document or a token answer.
const maxAuthDocument = 1 << 20

// maxTokens is how many tokens one server's fetch may obtain: the first and
// one renewal.
const maxTokens = 2

type oauthClient struct {
	where    string // servers.NAME.auth, for errors
	endpoint string // the server's MCP URL
	cc       *ClientCredentials
	masker   *safetext.Masker
	timeout  time.Duration
	http     *http.Client

	mu         sync.Mutex
	discovered bool
	tokenURL   string
	issuer     string // empty when token-url was configured
	scopes     []string
	resource   string
	authStyle  oauth2.AuthStyle
	signer     *signingKey
	token      string
	expiry     time.Time
	obtained   int
	// failed is a discovery or grant failure; it is final for the run, so
	// a wrong secret costs the authorization server one request.
	failed error
}

func newOAuthClient(sc *ServerConfig, masker *safetext.Masker, timeout time.Duration) *oauthClient {
	return &oauthClient{
		where:    "servers." + sc.Name + ".auth",
		endpoint: sc.URL,
		cc:       sc.Auth.ClientCredentials,
		masker:   masker,
		timeout:  timeout,
		// No redirect is followed: a token request carries the secret, and
		// metadata must come from where it was looked for.
		http: &http.Client{
			Transport:     &boundedTransport{max: maxAuthDocument},
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		},
	}
}

// authError is a failure to obtain a token; its message is final.
type authError struct{ msg string }

func (e *authError) Error() string { return e.msg }

// current is the token to send, obtaining the first one when the token
// endpoint is configured (nothing to discover, so no need to wait for a
// 401). "" before the first token.
func (o *oauthClient) current(ctx context.Context) (string, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.failed != nil {
		return "", o.failed
	}
	if o.token == "" && o.cc.TokenURL != "" && o.obtained == 0 {
		if err := o.obtain(ctx, nil); err != nil {
			return "", err
		}
	}
	if o.token != "" && !o.expiry.IsZero() && time.Until(o.expiry) < 10*time.Second && o.obtained < maxTokens {
		if err := o.obtain(ctx, nil); err != nil {
			return "", err
		}
	}
	return o.token, nil
}

// refused is told the server refused a request sent with token (maybe
// none) and what it challenged. It returns the token to retry with, or ""
// when the refusal stands (the token was renewed once already).
func (o *oauthClient) refused(ctx context.Context, token string, challenge []string) (string, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.failed != nil {
		return "", o.failed
	}
	if o.token != "" && o.token != token {
		// Another request renewed it meanwhile.
		return o.token, nil
	}
	if o.obtained >= maxTokens {
		return "", nil
	}
	if err := o.obtain(ctx, challenge); err != nil {
		return "", err
	}
	return o.token, nil
}

// obtain runs discovery once and the grant; o.mu is held.
func (o *oauthClient) obtain(ctx context.Context, challenge []string) error {
	if !o.discovered {
		if err := o.discover(ctx, challenge); err != nil {
			o.failed = err
			return err
		}
		o.discovered = true
	}
	params := url.Values{"resource": {o.resource}}
	if o.cc.Audience != "" {
		params.Set("audience", o.cc.Audience)
	}
	cfg := &clientcredentials.Config{
		ClientID: o.cc.ClientID, ClientSecret: o.cc.ClientSecret, TokenURL: o.tokenURL,
		Scopes: o.scopes, EndpointParams: params, AuthStyle: o.authStyle,
	}
	if o.cc.PrivateKey != "" {
		if err := o.assert(params); err != nil {
			o.failed = err
			return err
		}
		// The client is named in the body beside its assertion.
		cfg.AuthStyle = oauth2.AuthStyleInParams
	}
	reqCtx, cancel := context.WithTimeout(context.WithValue(ctx, oauth2.HTTPClient, o.http), o.timeout)
	defer cancel()
	o.obtained++
	tok, err := cfg.Token(reqCtx)
	if tok != nil {
		o.masker.Add(tok.AccessToken, tok.RefreshToken)
	}
	if err != nil {
		o.failed = o.grantError(err)
		return o.failed
	}
	if tok.AccessToken == "" {
		o.failed = &authError{fmt.Sprintf("the token endpoint %s answered without an access_token; check %s", o.tokenURL, o.where)}
		return o.failed
	}
	o.token, o.expiry = tok.AccessToken, tok.Expiry
	return nil
}

// assert adds a fresh JWT assertion to the token request, for the issuer
// (RFC 7523bis), or the token endpoint when token-url skipped discovery.
func (o *oauthClient) assert(params url.Values) error {
	if o.signer == nil {
		k, err := parseSigningKey(o.cc.PrivateKey)
		if err != nil {
			return &authError{fmt.Sprintf("%s.client-credentials.private-key %v", o.where, err)}
		}
		o.signer = k
	}
	audience := o.issuer
	if audience == "" {
		audience = o.tokenURL
	}
	jwt, err := o.signer.assertion(o.cc.ClientID, o.cc.KeyID, audience, time.Now())
	if err != nil {
		return &authError{fmt.Sprintf("signing the client assertion of %s: %v", o.where, err)}
	}
	o.masker.Add(jwt)
	params.Set("client_assertion_type", assertionType)
	params.Set("client_assertion", jwt)
	return nil
}

// grantError says what the token endpoint answered, never what was sent:
// RFC 6749 §5.2's error code and description, masked and cut, since an
// endpoint may echo the request.
func (o *oauthClient) grantError(err error) error {
	var re *oauth2.RetrieveError
	if errors.As(err, &re) {
		var b strings.Builder
		fmt.Fprintf(&b, "the token endpoint %s refused the client_credentials grant", o.tokenURL)
		if re.Response != nil {
			fmt.Fprintf(&b, " with HTTP %d", re.Response.StatusCode)
		}
		if re.ErrorCode != "" {
			fmt.Fprintf(&b, ": %s", o.quote(re.ErrorCode))
			if re.ErrorDescription != "" {
				fmt.Fprintf(&b, " (%s)", o.quote(re.ErrorDescription))
			}
		}
		switch re.ErrorCode {
		case "invalid_client", "unauthorized_client":
			what := "client-secret"
			if o.cc.PrivateKey != "" {
				what = "private-key (the authorization server must hold its public key)"
			}
			fmt.Fprintf(&b, "; check client-id and %s in %s and the secrets that set them", what, o.where)
		case "invalid_scope":
			fmt.Fprintf(&b, "; check the scope in %s against what the authorization server grants this client", o.where)
		case "invalid_target":
			fmt.Fprintf(&b, "; the authorization server does not issue tokens for the resource %s, set resource in %s", o.quote(o.resource), o.where)
		default:
			fmt.Fprintf(&b, "; check %s", o.where)
		}
		return &authError{b.String()}
	}
	msg := err.Error()
	if ue := (*url.Error)(nil); errors.As(err, &ue) {
		msg = ue.Err.Error()
	}
	return &authError{fmt.Sprintf("the token request to %s failed: %s; check that the authorization server is up and token-url in %s", o.tokenURL, o.quote(msg), o.where)}
}

// quote makes a value from an authorization server or a resource server
// one masked, bounded, printable line.
func (o *oauthClient) quote(s string) string { return quoteHostile(o.masker, s) }

func quoteHostile(m *safetext.Masker, s string) string {
	s = m.Mask(s)
	if len(s) > maxQuotedMessage {
		s = strings.ToValidUTF8(s[:maxQuotedMessage], "") + "…"
	}
	return fmt.Sprintf("%q", safetext.Line(s))
}

// discover finds the token endpoint, the resource and the scopes; o.mu is
// held.
func (o *oauthClient) discover(ctx context.Context, challenge []string) error {
	ch := parseChallenge(challenge)
	o.resource = o.cc.Resource
	o.scopes = o.cc.Scopes
	if len(o.scopes) == 0 && ch.Params["scope"] != "" {
		o.scopes = strings.Fields(ch.Params["scope"])
	}
	o.authStyle = oauth2.AuthStyleInHeader
	if o.cc.TokenURL != "" {
		if err := checkTokenURL(o.cc.TokenURL); err != nil {
			return &authError{fmt.Sprintf("%s.client-credentials.token-url: %v", o.where, err)}
		}
		o.tokenURL = o.cc.TokenURL
		if o.resource == "" {
			o.resource = canonicalResource(o.endpoint)
		}
		return nil
	}
	prm, err := findResourceMetadata(ctx, o.http, o.timeout, o.endpoint, ch.Params["resource_metadata"])
	if err != nil {
		return &authError{err.Error() + "; set token-url in " + o.where + " to skip discovery"}
	}
	if o.resource == "" {
		o.resource = prm.Resource
	}
	if len(o.scopes) == 0 {
		o.scopes = prm.ScopesSupported
	}
	asm, err := findAuthServerMetadata(ctx, o.http, o.timeout, prm.AuthorizationServers[0])
	if err != nil {
		return &authError{err.Error() + "; set token-url in " + o.where + " to skip discovery"}
	}
	o.issuer, o.tokenURL = asm.Issuer, asm.TokenEndpoint
	// HTTP Basic is what SEP-1046 names; the body only when the server
	// says it takes nothing else.
	if m := asm.TokenEndpointAuthMethodsSupported; slices.Contains(m, "client_secret_post") && !slices.Contains(m, "client_secret_basic") {
		o.authStyle = oauth2.AuthStyleInParams
	}
	return nil
}

// findResourceMetadata reads the server's protected-resource metadata: at
// the URL its challenge named, else at the well-known paths (RFC 9728 §3.1:
// with the endpoint's path inserted, then at the root).
func findResourceMetadata(ctx context.Context, c *http.Client, timeout time.Duration, endpoint, fromChallenge string) (*oauthex.ProtectedResourceMetadata, error) {
	u, err := url.Parse(endpoint)
	if err != nil {
		return nil, err
	}
	var tries []string
	if fromChallenge != "" {
		tries = append(tries, fromChallenge)
	} else {
		origin := u.Scheme + "://" + u.Host
		if p := strings.Trim(u.Path, "/"); p != "" {
			tries = append(tries, origin+"/.well-known/oauth-protected-resource/"+p)
		}
		tries = append(tries, origin+"/.well-known/oauth-protected-resource")
	}
	for _, at := range tries {
		if err := checkAuthURL(at); err != nil {
			return nil, fmt.Errorf("the protected-resource metadata URL %s is refused: %v", quoteURL(at), err)
		}
		var prm oauthex.ProtectedResourceMetadata
		found, err := getAuthJSON(ctx, c, timeout, at, &prm)
		if err != nil {
			return nil, fmt.Errorf("reading the protected-resource metadata at %s: %v", quoteURL(at), err)
		}
		if !found {
			continue
		}
		// RFC 9728 §3.3: metadata for another resource is not this one's.
		if !sameResource(prm.Resource, endpoint) {
			return nil, fmt.Errorf("the protected-resource metadata at %s is for the resource %s, not %s", quoteURL(at), quoteURL(prm.Resource), quoteURL(endpoint))
		}
		if prm.Resource == "" {
			prm.Resource = canonicalResource(endpoint)
		}
		if len(prm.AuthorizationServers) == 0 {
			return nil, fmt.Errorf("the protected-resource metadata at %s names no authorization server", quoteURL(at))
		}
		if err := checkAuthURL(prm.AuthorizationServers[0]); err != nil {
			return nil, fmt.Errorf("the authorization server %s named at %s is refused: %v", quoteURL(prm.AuthorizationServers[0]), quoteURL(at), err)
		}
		return &prm, nil
	}
	return nil, fmt.Errorf("the server's 401 named no resource_metadata and it publishes none at %s", strings.Join(tries, " or "))
}

// findAuthServerMetadata reads an authorization server's metadata (RFC 8414
// §3, then OpenID Connect Discovery) and checks that it speaks for that
// issuer and sends tokens to be requested on the issuer's own host.
func findAuthServerMetadata(ctx context.Context, c *http.Client, timeout time.Duration, issuer string) (*oauthex.AuthServerMeta, error) {
	u, err := url.Parse(issuer)
	if err != nil {
		return nil, err
	}
	origin := u.Scheme + "://" + u.Host
	var tries []string
	if p := strings.Trim(u.Path, "/"); p != "" {
		tries = []string{origin + "/.well-known/oauth-authorization-server/" + p, origin + "/.well-known/openid-configuration/" + p,
			origin + "/" + p + "/.well-known/openid-configuration"}
	} else {
		tries = []string{origin + "/.well-known/oauth-authorization-server", origin + "/.well-known/openid-configuration"}
	}
	for _, at := range tries {
		var asm oauthex.AuthServerMeta
		found, err := getAuthJSON(ctx, c, timeout, at, &asm)
		if err != nil {
			return nil, fmt.Errorf("reading the authorization server's metadata at %s: %v", quoteURL(at), err)
		}
		if !found {
			continue
		}
		if strings.TrimSuffix(asm.Issuer, "/") != strings.TrimSuffix(issuer, "/") {
			return nil, fmt.Errorf("the authorization server metadata at %s names the issuer %s, not %s", quoteURL(at), quoteURL(asm.Issuer), quoteURL(issuer))
		}
		if asm.TokenEndpoint == "" {
			return nil, fmt.Errorf("the authorization server metadata at %s names no token_endpoint", quoteURL(at))
		}
		if err := checkTokenURL(asm.TokenEndpoint); err != nil {
			return nil, fmt.Errorf("the token endpoint %s named at %s is refused: %v", quoteURL(asm.TokenEndpoint), quoteURL(at), err)
		}
		// The secret goes where the token endpoint is: only to the host
		// the issuer is, so metadata cannot send it anywhere else.
		if te, _ := url.Parse(asm.TokenEndpoint); !strings.EqualFold(te.Hostname(), u.Hostname()) {
			return nil, fmt.Errorf("the token endpoint %s named at %s is refused: it is not on the issuer's host %s, and the client secret is sent only there",
				quoteURL(asm.TokenEndpoint), quoteURL(at), quoteURL(u.Hostname()))
		}
		return &asm, nil
	}
	return nil, fmt.Errorf("the authorization server %s publishes no metadata at %s", quoteURL(issuer), strings.Join(tries, " or "))
}

// getAuthJSON GETs one metadata document into v; false when there is none
// there (404 or 410).
func getAuthJSON(ctx context.Context, c *http.Client, timeout time.Duration, at string, v any) (bool, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, at, nil)
	if err != nil {
		return false, err
	}
	req.Header.Set("Accept", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		if ue := (*url.Error)(nil); errors.As(err, &ue) {
			err = ue.Err
		}
		return false, err
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone:
		return false, nil
	case resp.StatusCode != http.StatusOK:
		return false, fmt.Errorf("HTTP %d", resp.StatusCode)
	}
	if mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type")); mt != "application/json" {
		return false, fmt.Errorf("the answer is %s, not application/json", quoteURL(resp.Header.Get("Content-Type")))
	}
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return false, err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return false, fmt.Errorf("not a metadata document: %v", err)
	}
	return true, nil
}

// checkAuthURL admits https, and http to this machine only (a test's or a
// local development server): anything else would carry credentials or
// decisions in the clear.
func checkAuthURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return fmt.Errorf("not an absolute URL")
	}
	switch {
	case u.Scheme == "https":
		return nil
	case u.Scheme == "http" && isLoopback(u.Hostname()):
		return nil
	}
	return fmt.Errorf("only https (or http to this machine) is accepted")
}

// checkTokenURL is checkAuthURL for the endpoint the secret is sent to.
func checkTokenURL(raw string) error {
	if err := checkAuthURL(raw); err != nil {
		return err
	}
	if u, _ := url.Parse(raw); u.User != nil {
		return fmt.Errorf("credentials in the URL are not accepted; give client-id and client-secret")
	}
	return nil
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// canonicalResource is the server's URL as MCP's authorization spec names
// it for the resource parameter: lower-case scheme and host, no fragment.
func canonicalResource(endpoint string) string {
	u, err := url.Parse(endpoint)
	if err != nil {
		return endpoint
	}
	u.Scheme, u.Host, u.Fragment = strings.ToLower(u.Scheme), strings.ToLower(u.Host), ""
	return u.String()
}

// sameResource accepts metadata for the endpoint itself or for its origin
// (what the root well-known document describes); empty is the endpoint.
func sameResource(resource, endpoint string) bool {
	if resource == "" {
		return true
	}
	r, e := strings.TrimSuffix(canonicalResource(resource), "/"), strings.TrimSuffix(canonicalResource(endpoint), "/")
	if r == e {
		return true
	}
	u, err := url.Parse(e)
	return err == nil && r == u.Scheme+"://"+u.Host
}

// quoteURL is a URL from a server, safe to print.
func quoteURL(s string) string { return quoteHostile(nil, s) }

// boundedTransport fails a response body over max bytes.
type boundedTransport struct{ max int64 }

func (t *boundedTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	resp.Body = &limitedBody{rc: resp.Body, left: t.max}
	return resp, nil
}

// failure sets *e to the run's discovery or grant failure, if any.
func (o *oauthClient) failure(e **authError) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	ae, ok := o.failed.(*authError)
	if ok {
		*e = ae
	}
	return ok
}
