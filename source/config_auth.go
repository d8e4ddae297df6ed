package source

import (
	"strings"

	"go.yaml.in/yaml/v3"
)

// auth reads `auth: {client-credentials: {client-id, client-secret |
// private-key (+ key-id), scope, token-url, resource, audience}}`.
func (p *configParser) auth(n *yaml.Node, where string) (*Auth, error) {
	a := &Auth{Line: n.Line}
	err := p.fields(n, where, map[string]func(*yaml.Node) error{
		"client-credentials": func(v *yaml.Node) error {
			cc, err := p.clientCredentials(v, where+".client-credentials")
			a.ClientCredentials = cc
			return err
		},
	})
	if err != nil {
		return nil, err
	}
	if a.ClientCredentials == nil {
		return nil, p.errAt(n, "%s needs client-credentials: {client-id, client-secret}, the grant a job with no user at the keyboard uses", where)
	}
	return a, nil
}

func (p *configParser) clientCredentials(n *yaml.Node, where string) (*ClientCredentials, error) {
	cc := &ClientCredentials{}
	var scope []string
	err := p.fields(n, where, map[string]func(*yaml.Node) error{
		"client-id":     func(v *yaml.Node) error { return p.str(v, where+".client-id", &cc.ClientID) },
		"client-secret": func(v *yaml.Node) error { return p.str(v, where+".client-secret", &cc.ClientSecret) },
		"private-key":   func(v *yaml.Node) error { return p.str(v, where+".private-key", &cc.PrivateKey) },
		"key-id":        func(v *yaml.Node) error { return p.str(v, where+".key-id", &cc.KeyID) },
		"scope":         func(v *yaml.Node) error { return p.strList(v, where+".scope", &scope) },
		"token-url":     func(v *yaml.Node) error { return p.str(v, where+".token-url", &cc.TokenURL) },
		"resource":      func(v *yaml.Node) error { return p.str(v, where+".resource", &cc.Resource) },
		"audience":      func(v *yaml.Node) error { return p.str(v, where+".audience", &cc.Audience) },
	})
	if err != nil {
		return nil, err
	}
	// A scope is written as OAuth writes it, space-separated, or as a list.
	for _, s := range scope {
		cc.Scopes = append(cc.Scopes, strings.Fields(s)...)
	}
	if cc.ClientID == "" || (cc.ClientSecret == "") == (cc.PrivateKey == "") {
		return nil, p.errAt(n, "%s needs client-id and one of client-secret or private-key (a PEM key signing a JWT assertion), each best a ${VAR} set from a secret", where)
	}
	// Written literally, a token URL is checked now; from a ${VAR}, when it
	// is used.
	if cc.TokenURL != "" && !envRef.MatchString(cc.TokenURL) {
		if err := checkTokenURL(cc.TokenURL); err != nil {
			return nil, p.errAt(n, "%s.token-url: %v", where, err)
		}
	}
	return cc, nil
}

// clientCredentials is the server's grant, nil when it has none.
func (s *ServerConfig) clientCredentials() *ClientCredentials {
	if s.Auth == nil {
		return nil
	}
	return s.Auth.ClientCredentials
}
