package source

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"time"
)

// The client authentication SEP-1046 recommends over a secret: a JWT the
// client signs with its private key (RFC 7523 §2.2, private_key_jwt), whose
// public key the authorization server holds. x/oauth2 sends what it is
// given; the assertion is made here, fresh for every token request, since
// it expires in minutes and an authorization server may refuse its jti
// twice.

// assertionType is RFC 7523 §2.2's client_assertion_type.
const assertionType = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"

// assertionLife is how long an assertion is valid.
const assertionLife = 5 * time.Minute

// signingKey is a parsed private key and the JWS algorithm it signs with.
type signingKey struct {
	alg string
	key crypto.Signer
}

// parseSigningKey reads a PEM private key: PKCS#8, PKCS#1 (RSA) or SEC 1
// (EC). RSA keys sign RS256, P-256 keys ES256; nothing else is accepted.
// The error never quotes the key.
func parseSigningKey(pemText string) (*signingKey, error) {
	block, _ := pem.Decode([]byte(pemText))
	if block == nil {
		return nil, errors.New("is not a PEM private key (-----BEGIN PRIVATE KEY----- ...); give the key file's text, e.g. from a repository secret")
	}
	var key any
	var err error
	switch block.Type {
	case "RSA PRIVATE KEY":
		key, err = x509.ParsePKCS1PrivateKey(block.Bytes)
	case "EC PRIVATE KEY":
		key, err = x509.ParseECPrivateKey(block.Bytes)
	default:
		key, err = x509.ParsePKCS8PrivateKey(block.Bytes)
	}
	if err != nil {
		return nil, fmt.Errorf("is a PEM block %q that is not a readable private key", block.Type)
	}
	switch k := key.(type) {
	case *rsa.PrivateKey:
		if k.N.BitLen() < 2048 {
			return nil, fmt.Errorf("is an RSA key of %d bits; RS256 needs at least 2048", k.N.BitLen())
		}
		return &signingKey{alg: "RS256", key: k}, nil
	case *ecdsa.PrivateKey:
		if k.Curve != elliptic.P256() {
			return nil, errors.New("is an EC key on a curve other than P-256; ES256 needs P-256")
		}
		return &signingKey{alg: "ES256", key: k}, nil
	}
	return nil, errors.New("is neither an RSA nor a P-256 key")
}

// assertion signs the client's JWT for audience (the authorization
// server's issuer, else its token endpoint).
func (k *signingKey) assertion(clientID, keyID, audience string, now time.Time) (string, error) {
	jti := make([]byte, 16)
	if _, err := rand.Read(jti); err != nil {
		return "", err
	}
	header := map[string]string{"alg": k.alg, "typ": "JWT"}
	if keyID != "" {
		header["kid"] = keyID
	}
	claims := map[string]any{"iss": clientID, "sub": clientID, "aud": audience,
		"iat": now.Unix(), "exp": now.Add(assertionLife).Unix(), "jti": base64.RawURLEncoding.EncodeToString(jti)}
	h, err := json.Marshal(header)
	if err != nil {
		return "", err
	}
	c, err := json.Marshal(claims)
	if err != nil {
		return "", err
	}
	signed := base64.RawURLEncoding.EncodeToString(h) + "." + base64.RawURLEncoding.EncodeToString(c)
	digest := sha256.Sum256([]byte(signed))
	var sig []byte
	switch key := k.key.(type) {
	case *rsa.PrivateKey:
		sig, err = rsa.SignPKCS1v15(rand.Reader, key, crypto.SHA256, digest[:])
	case *ecdsa.PrivateKey:
		// JWS wants R and S side by side, 32 bytes each (RFC 7518 §3.4).
		var r, s *big.Int
		if r, s, err = ecdsa.Sign(rand.Reader, key, digest[:]); err == nil {
			sig = append(r.FillBytes(make([]byte, 32)), s.FillBytes(make([]byte, 32))...)
		}
	}
	if err != nil {
		return "", err
	}
	return signed + "." + base64.RawURLEncoding.EncodeToString(sig), nil
}
