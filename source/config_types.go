package source

import "time"

// Config is a parsed .mcp-contract.yaml (design.md §6). ${ENV} references are
// already expanded; values that came from the environment are listed in
// Secrets so every output can mask them.
type Config struct {
	// File is where the config was read from.
	File    string
	Version int
	// Servers in the order the file lists them.
	Servers    []*ServerConfig
	Snapshots  string
	Profiles   []string
	FailOn     string
	MCPVersion string
	// Rules maps a rule id to a severity name or "off".
	Rules  map[string]string
	Ignore []Ignore
	Budget Budget
	// Calls is the folder of recorded calls (design.md §7), default mcp-calls.
	Calls      string
	Collisions Collisions
	Secrets    []string
}

// Collisions configures the name checks across servers.
type Collisions struct {
	// Groups are the sets of servers a client loads together, in file order;
	// nil when the config names none (then every server is one group).
	Groups []CollisionGroup
	// PrefixStyles are the collisions.prefix-styles entries as written (nil:
	// every documented style); Line locates the list for errors.
	PrefixStyles []string
	Line         int
}

// CollisionGroup is one client's servers.
type CollisionGroup struct {
	Name    string
	Servers []string
	Line    int
}

// ServerConfig is one server: exactly one of Command, URL and File is set.
type ServerConfig struct {
	Name string
	// Command is argv of a stdio server (Args are appended).
	Command []string
	Args    []string
	// Env is added to the server's environment, which otherwise holds only
	// DefaultInheritedEnv and InheritEnv.
	Env map[string]string
	// InheritEnv names more variables passed from our environment on purpose.
	InheritEnv []string
	Cwd        string
	// URL of a Streamable HTTP server (or legacy HTTP+SSE when Transport is "sse").
	URL       string
	Headers   map[string]string
	Transport string
	// Auth obtains the bearer token of an HTTP server; nil when the config
	// names none.
	Auth *Auth
	// File is a tool file standing in for the server.
	File string
	// Capabilities the client declares; nil means those of a full client
	// (roots, sampling, elicitation), so capability-gated tools are listed.
	Capabilities *Capabilities
	// OpenAPI binds the server's tools to the operations of an OpenAPI
	// document they call; nil when the config names none.
	OpenAPI *OpenAPIBinding
	// Timeout overrides --timeout for this server (0: use --timeout).
	Timeout time.Duration
	// Line is where the server is defined in the config, for error messages.
	Line int
	// Unresolved names the ${VAR} references whose variable is not set; using
	// the server is then an input error, but other servers still work.
	Unresolved []string
}

// OpenAPIBinding is a server's openapi: key.
type OpenAPIBinding struct {
	// Spec is the OpenAPI document's path, read like file: (from the working directory).
	Spec string
	// Auto matches tool names to operationIds, after a prefix or suffix
	// every generated name shares; Operations maps tool names to
	// operationIds instead.
	Auto       bool
	Operations map[string]string
	// Headers names the header parameters the tools take as arguments;
	// HeadersAuto (headers: auto, the default) binds every argument named
	// like one of its operation's header parameters.
	Headers     []string
	HeadersAuto bool
	// Line locates the key, for findings about the binding itself.
	Line int
}

// Capabilities a client declares at initialisation.
type Capabilities struct {
	Roots       bool
	Sampling    bool
	Elicitation bool
}

// Ignore silences one rule, optionally only for one server and tool.
type Ignore struct {
	Rule   string
	Server string
	Tool   string
	Reason string
	Line   int
}

// Budget bounds one client session's catalog (0: the rule's default).
type Budget struct {
	MaxTools         int
	MaxCatalogTokens int
}

// Auth is a server's auth: key: how a job with no user at the keyboard gets
// a token for the server (MCP's authorization spec, with the
// client-credentials extension SEP-1046).
type Auth struct {
	ClientCredentials *ClientCredentials
	// Line locates the key, for errors.
	Line int
}

// ClientCredentials are the settings of the OAuth client_credentials grant
// (RFC 6749 §4.4), ${VAR}s already expanded.
type ClientCredentials struct {
	ClientID string
	// ClientSecret is sent with HTTP Basic; PrivateKey (PEM) signs a JWT
	// assertion instead (RFC 7523, private_key_jwt), whose header names
	// KeyID. Exactly one of the two is set.
	ClientSecret string
	PrivateKey   string
	KeyID        string
	// Scopes requested; none: those the server's challenge or its
	// protected-resource metadata ask for.
	Scopes []string
	// TokenURL skips discovery; empty: found through the server's
	// protected-resource metadata (RFC 9728) and its authorization
	// server's metadata (RFC 8414).
	TokenURL string
	// Resource is the RFC 8707 resource indicator sent with the grant;
	// empty: the server's URL, as MCP's authorization spec asks.
	Resource string
	// Audience is sent as the audience parameter some authorization
	// servers (Auth0, Okta) want instead of or beside resource.
	Audience string
}

// StartsStdio reports whether the config has a server we start ourselves:
// a process that reads what we can read (design §7). A nil config has none.
func (c *Config) StartsStdio() bool {
	if c == nil {
		return false
	}
	for _, s := range c.Servers {
		if len(s.Command) > 0 {
			return true
		}
	}
	return false
}
