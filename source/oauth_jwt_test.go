package source

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/internal/safetext"
)

func pemKeys(t *testing.T, key crypto.Signer) (private, public string) {
	t.Helper()
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	pub, err := x509.MarshalPKIXPublicKey(key.Public())
	if err != nil {
		t.Fatal(err)
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})), string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pub}))
}

// A client that signs a JWT assertion instead of sending a secret (RFC 7523
// §2.2), with an RSA and a P-256 key, which the authorization server checks
// against the public key it holds.
func TestOAuthJWTAssertion(t *testing.T) {
	rsaKey, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	ecKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	for name, key := range map[string]crypto.Signer{"RS256": rsaKey, "ES256": ecKey} {
		t.Run(name, func(t *testing.T) {
			private, public := pemKeys(t, key)
			as := startAuthServer(t, "OAUTH_CLIENT_PUBLIC_KEY="+public)
			endpoint := startProtected(t, checkFor(as))
			env := map[string]string{"STAGING_CLIENT_ID": testClientID, "STAGING_KEY": private}
			yml := "    url: " + endpoint + "\n    auth:\n      client-credentials:\n        client-id: ${STAGING_CLIENT_ID}\n        private-key: ${STAGING_KEY}\n        key-id: k1\n"
			cfg, err := ParseConfig([]byte("version: 1\nservers:\n  staging:\n"+yml), "c.yaml", func(k string) (string, bool) { v, ok := env[k]; return v, ok })
			if err != nil {
				t.Fatal(err)
			}
			m := safetext.NewMasker(cfg.Secrets...)
			if err := fetchWithAuth(t, cfg.Servers[0], m); err != nil {
				t.Fatal(err)
			}
			if reqs := as.tokenRequests(); len(reqs) != 1 || !reqs[0].Token || deref(reqs[0].Auth) != "jwt" {
				t.Errorf("token requests %+v, want one authenticated by its assertion", reqs)
			}
		})
	}
}

func TestOAuthJWTAssertionWithTheWrongKey(t *testing.T) {
	held, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	other, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	_, public := pemKeys(t, held)
	private, _ := pemKeys(t, other)
	as := startAuthServer(t, "OAUTH_CLIENT_PUBLIC_KEY="+public)
	endpoint := startProtected(t, checkFor(as))
	sc := &ServerConfig{Name: "staging", URL: endpoint, Auth: &Auth{ClientCredentials: &ClientCredentials{ClientID: testClientID, PrivateKey: private}}}
	err = fetchWithAuth(t, sc, safetext.NewMasker(private))
	if err == nil || !strings.Contains(err.Error(), `"invalid_client"`) || !strings.Contains(err.Error(), "check client-id and private-key") {
		t.Fatalf("got %v, want the endpoint's invalid_client and the key to check", err)
	}
}

func TestParseSigningKeyRefusals(t *testing.T) {
	small, err := rsa.GenerateKey(rand.Reader, 1024)
	if err != nil {
		t.Fatal(err)
	}
	p384, err := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	smallPEM, _ := pemKeys(t, small)
	p384PEM, _ := pemKeys(t, p384)
	for text, want := range map[string]string{
		"not a key": "is not a PEM private key",
		smallPEM:    "is an RSA key of 1024 bits",
		p384PEM:     "curve other than P-256",
		"-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n": "not a readable private key",
	} {
		_, err := parseSigningKey(text)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("got %v, want %q", err, want)
		}
		if err != nil && strings.Contains(err.Error(), "AAAA") {
			t.Errorf("the error quotes the key: %v", err)
		}
	}
}
