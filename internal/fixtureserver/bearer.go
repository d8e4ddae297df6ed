package fixtureserver

import (
	"context"
	"crypto"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/oauthex"
)

// TokenCheck makes the HTTP server a protected resource as MCP's
// authorization spec describes: every request needs a bearer token an
// authorization server signed (RS256, checked against its JWKS) for this
// resource, the protected-resource metadata (RFC 9728) is served at the
// well-known path of the endpoint, and a refusal is a 401 whose challenge
// names it, through the MCP SDK's own middleware.
type TokenCheck struct {
	// Issuer is the authorization server; its keys are read from JWKSURL.
	Issuer  string
	JWKSURL string
	// Resource is the endpoint's URL, the audience a token must carry.
	Resource string
	// Scopes a token must carry, also named in the challenge.
	Scopes []string
	// NoChallengeMetadata leaves resource_metadata out of the challenge, so
	// a client must find the metadata at the well-known path.
	NoChallengeMetadata bool
	// UsesPerToken refuses a token after this many requests (0: never),
	// as a revoked or expired token is refused.
	UsesPerToken int

	mu   sync.Mutex
	keys map[string]*rsa.PublicKey
	uses map[string]int
}

// Protect serves h at path behind the token check, and the metadata.
func (c *TokenCheck) Protect(path string, h http.Handler) http.Handler {
	u, _ := url.Parse(c.Resource)
	metaPath := "/.well-known/oauth-protected-resource" + u.Path
	opts := &auth.RequireBearerTokenOptions{Scopes: c.Scopes}
	if !c.NoChallengeMetadata {
		opts.ResourceMetadataURL = u.Scheme + "://" + u.Host + metaPath
	}
	mux := http.NewServeMux()
	mux.Handle(metaPath, auth.ProtectedResourceMetadataHandler(&oauthex.ProtectedResourceMetadata{
		Resource: c.Resource, AuthorizationServers: []string{c.Issuer}, ScopesSupported: c.Scopes,
		BearerMethodsSupported: []string{"header"},
	}))
	mux.Handle(path, auth.RequireBearerToken(c.verify, opts)(h))
	return mux
}

func (c *TokenCheck) verify(ctx context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
	claims, err := c.check(ctx, token)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", auth.ErrInvalidToken, err)
	}
	if c.UsesPerToken > 0 {
		c.mu.Lock()
		if c.uses == nil {
			c.uses = map[string]int{}
		}
		c.uses[token]++
		over := c.uses[token] > c.UsesPerToken
		c.mu.Unlock()
		if over {
			return nil, fmt.Errorf("%w: revoked", auth.ErrInvalidToken)
		}
	}
	return &auth.TokenInfo{Scopes: strings.Fields(claims.Scope), Expiration: time.Unix(claims.Exp, 0)}, nil
}

type claims struct {
	Iss   string          `json:"iss"`
	Aud   json.RawMessage `json:"aud"`
	Exp   int64           `json:"exp"`
	Scope string          `json:"scope"`
}

// check verifies the signature, issuer, audience and expiry of a JWT.
func (c *TokenCheck) check(ctx context.Context, token string) (*claims, error) {
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return nil, errors.New("not a JWT")
	}
	var header struct {
		Alg string `json:"alg"`
		Kid string `json:"kid"`
	}
	if err := decodePart(parts[0], &header); err != nil || header.Alg != "RS256" {
		return nil, fmt.Errorf("not an RS256 JWT")
	}
	key, err := c.key(ctx, header.Kid)
	if err != nil {
		return nil, err
	}
	sig, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil {
		return nil, err
	}
	digest := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if err := rsa.VerifyPKCS1v15(key, crypto.SHA256, digest[:], sig); err != nil {
		return nil, errors.New("bad signature")
	}
	var cl claims
	if err := decodePart(parts[1], &cl); err != nil {
		return nil, err
	}
	var aud []string
	if json.Unmarshal(cl.Aud, &aud) != nil {
		var one string
		_ = json.Unmarshal(cl.Aud, &one)
		aud = []string{one}
	}
	switch {
	case strings.TrimSuffix(cl.Iss, "/") != strings.TrimSuffix(c.Issuer, "/"):
		return nil, fmt.Errorf("issued by %q", cl.Iss)
	case !slices.Contains(aud, c.Resource):
		return nil, fmt.Errorf("for %q, not this resource", aud)
	case time.Unix(cl.Exp, 0).Before(time.Now()):
		return nil, errors.New("expired")
	}
	return &cl, nil
}

func decodePart(s string, v any) error {
	data, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, v)
}

// key is the issuer's RSA key kid, its JWKS read on first use.
func (c *TokenCheck) key(ctx context.Context, kid string) (*rsa.PublicKey, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.keys == nil {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.JWKSURL, nil)
		if err != nil {
			return nil, err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		var set struct {
			Keys []struct{ Kty, Kid, N, E string }
		}
		if err := json.NewDecoder(resp.Body).Decode(&set); err != nil {
			return nil, err
		}
		c.keys = map[string]*rsa.PublicKey{}
		for _, k := range set.Keys {
			n, errN := base64.RawURLEncoding.DecodeString(k.N)
			e, errE := base64.RawURLEncoding.DecodeString(k.E)
			if k.Kty == "RSA" && errN == nil && errE == nil {
				c.keys[k.Kid] = &rsa.PublicKey{N: new(big.Int).SetBytes(n), E: int(new(big.Int).SetBytes(e).Int64())}
			}
		}
	}
	key := c.keys[kid]
	if key == nil {
		return nil, fmt.Errorf("no key %q at the issuer", kid)
	}
	return key, nil
}
