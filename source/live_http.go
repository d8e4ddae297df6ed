package source

import (
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"sync"
)

// errTooLarge is a response body over the message limit.
var errTooLarge = errors.New("response body exceeded the configured maximum message size")

// headerTransport adds the configured headers to requests to the server's
// own scheme and host (never to a host a redirect leads to, so tokens stay
// with the server they were meant for, nor over http after an https
// endpoint redirected there, where anyone on the path reads them), bounds
// response bodies, and names the negotiated protocol version on requests
// the SDK does not label itself.
type headerTransport struct {
	scheme   string
	host     string
	headers  http.Header
	maxBytes int64
	// auth obtains the bearer token; nil without auth: in the config.
	auth *oauthClient

	mu      sync.Mutex
	version string
	// refusal is the server's last 401 or 403, explained when the fetch fails.
	refusal *refusal
}

func newHeaderTransport(endpoint string, headers map[string]string, maxBytes int64, auth *oauthClient) (*headerTransport, error) {
	u, err := url.Parse(endpoint)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("the url is not an http(s) URL; give the server's MCP endpoint such as https://host/mcp")
	}
	h := http.Header{}
	for k, v := range headers {
		h.Set(k, v)
	}
	return &headerTransport{scheme: u.Scheme, host: u.Host, headers: h, maxBytes: maxBytes, auth: auth}, nil
}

func (t *headerTransport) client() *http.Client { return &http.Client{Transport: t} }

func (t *headerTransport) setProtocolVersion(v string) {
	t.mu.Lock()
	t.version = v
	t.mu.Unlock()
}

func (t *headerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	own := req.URL.Scheme == t.scheme && req.URL.Host == t.host
	var token string
	if own && t.auth != nil {
		var err error
		if token, err = t.auth.current(req.Context()); err != nil {
			return nil, err
		}
	}
	resp, err := t.send(req, own, token)
	if err != nil {
		return nil, err
	}
	if own && refusedStatus(resp.StatusCode) {
		challenge := resp.Header.Values("WWW-Authenticate")
		// A request whose body cannot be sent again is not retried; its
		// refusal is explained like any other.
		if t.auth != nil && (req.Body == nil || req.GetBody != nil) {
			next, err := t.auth.refused(req.Context(), token, challenge)
			if err != nil {
				drain(resp)
				return nil, err
			}
			if next != "" {
				retry := req.Clone(req.Context())
				if req.GetBody != nil {
					if retry.Body, err = req.GetBody(); err != nil {
						drain(resp)
						return nil, err
					}
				}
				drain(resp)
				token = next
				if resp, err = t.send(retry, own, token); err != nil {
					return nil, err
				}
			}
		}
	}
	if own {
		// Only a refusal that stands explains a failure; one a renewal
		// answered must not stand for a later timeout.
		var r *refusal
		if refusedStatus(resp.StatusCode) {
			r = &refusal{status: resp.StatusCode, challenge: resp.Header.Values("WWW-Authenticate"), withToken: token != ""}
		}
		t.mu.Lock()
		t.refusal = r
		t.mu.Unlock()
	}
	// Event streams are bounded per event by the SDK (MaxEventSize); a legacy
	// SSE stream carries the whole session, so a per-body cap would be wrong.
	if mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type")); mt != "text/event-stream" {
		resp.Body = &limitedBody{rc: resp.Body, left: t.maxBytes}
	}
	return resp, nil
}

// send sends one request with the configured headers and the token (to the
// server's own scheme and host only).
func (t *headerTransport) send(req *http.Request, own bool, token string) (*http.Response, error) {
	r := req.Clone(req.Context())
	if own {
		for k, vs := range t.headers {
			r.Header[k] = vs
		}
		if token != "" {
			r.Header.Set("Authorization", "Bearer "+token)
		}
	}
	t.mu.Lock()
	version := t.version
	t.mu.Unlock()
	if version != "" && r.Header.Get("Mcp-Protocol-Version") == "" {
		r.Header.Set("Mcp-Protocol-Version", version)
	}
	return http.DefaultTransport.RoundTrip(r)
}

// lastRefusal is the server's last 401 or 403, nil if it sent none.
func (t *headerTransport) lastRefusal() *refusal {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.refusal
}

func refusedStatus(code int) bool {
	return code == http.StatusUnauthorized || code == http.StatusForbidden
}

// drain ends a response that is not passed on, so its connection is reused.
func drain(resp *http.Response) {
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
}

// limitedBody fails a read once more than the limit has arrived, rather than
// truncating silently.
type limitedBody struct {
	rc   io.ReadCloser
	left int64
}

func (b *limitedBody) Read(p []byte) (int, error) {
	if b.left < 0 {
		return 0, errTooLarge
	}
	if int64(len(p)) > b.left+1 {
		p = p[:b.left+1]
	}
	n, err := b.rc.Read(p)
	b.left -= int64(n)
	if b.left < 0 {
		return 0, errTooLarge
	}
	return n, err
}

func (b *limitedBody) Close() error { return b.rc.Close() }
