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

	mu      sync.Mutex
	version string
}

func newHeaderTransport(endpoint string, headers map[string]string, maxBytes int64) (*headerTransport, error) {
	u, err := url.Parse(endpoint)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("the url is not an http(s) URL; give the server's MCP endpoint such as https://host/mcp")
	}
	h := http.Header{}
	for k, v := range headers {
		h.Set(k, v)
	}
	return &headerTransport{scheme: u.Scheme, host: u.Host, headers: h, maxBytes: maxBytes}, nil
}

func (t *headerTransport) client() *http.Client { return &http.Client{Transport: t} }

func (t *headerTransport) setProtocolVersion(v string) {
	t.mu.Lock()
	t.version = v
	t.mu.Unlock()
}

func (t *headerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	r := req.Clone(req.Context())
	if r.URL.Scheme == t.scheme && r.URL.Host == t.host {
		for k, vs := range t.headers {
			r.Header[k] = vs
		}
	}
	t.mu.Lock()
	version := t.version
	t.mu.Unlock()
	if version != "" && r.Header.Get("Mcp-Protocol-Version") == "" {
		r.Header.Set("Mcp-Protocol-Version", version)
	}
	resp, err := http.DefaultTransport.RoundTrip(r)
	if err != nil {
		return nil, err
	}
	// Event streams are bounded per event by the SDK (MaxEventSize); a legacy
	// SSE stream carries the whole session, so a per-body cap would be wrong.
	if mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type")); mt != "text/event-stream" {
		resp.Body = &limitedBody{rc: resp.Body, left: t.maxBytes}
	}
	return resp, nil
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
