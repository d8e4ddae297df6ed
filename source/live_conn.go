package source

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// wrapTransport hands the SDK a connection we can also send our own requests
// on, as the SDK's LoggingTransport wraps one to see every message.
type wrapTransport struct {
	inner mcp.Transport
	conn  *rawConn
	// life bounds the connection once made. The legacy SSE transport ties
	// its event stream to the context it connects with, which must not be
	// the handshake's: that one times out while tools are still listed.
	life context.Context
}

func (t *wrapTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	type made struct {
		c   mcp.Connection
		err error
	}
	done := make(chan made, 1)
	go func() {
		c, err := t.inner.Connect(t.life)
		done <- made{c, err}
	}()
	var m made
	select {
	case m = <-done:
	case <-ctx.Done():
		// The connect goroutine ends when life does.
		return nil, ctx.Err()
	}
	if m.err != nil {
		return nil, m.err
	}
	t.conn.Connection = m.c
	t.conn.pending = map[string]chan *jsonrpc.Response{}
	return t.conn, nil
}

// rawConn lets the SDK run the handshake and answer server requests, while
// tools/list goes out as our own request whose answer we take off the wire
// before the SDK sees it: its result keeps the exact bytes the server sent
// (number literals, key order, duplicate keys, tools the SDK would drop).
type rawConn struct {
	mcp.Connection

	// capabilities replace the SDK's in every request that declares them.
	capabilities map[string]any

	mu      sync.Mutex
	next    int
	pending map[string]chan *jsonrpc.Response
	failed  error
}

// Read serves the SDK every message except the answers to our requests.
func (c *rawConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	for {
		msg, err := c.Connection.Read(ctx)
		if err != nil {
			c.fail(err)
			return nil, err
		}
		if resp, ok := msg.(*jsonrpc.Response); ok {
			if id, ok := resp.ID.Raw().(string); ok {
				if ch := c.take(id); ch != nil {
					ch <- resp
					continue
				}
			}
		}
		return msg, nil
	}
}

// Write declares our capabilities in the SDK's initialize (and in the _meta
// of 2026-07-28 requests).
func (c *rawConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if req, ok := msg.(*jsonrpc.Request); ok && len(req.Params) > 0 {
		if params, changed := c.declare(req.Method, req.Params); changed {
			cp := *req
			cp.Params = params
			msg = &cp
		}
	}
	return c.Connection.Write(ctx, msg)
}

func (c *rawConn) declare(method string, params json.RawMessage) (json.RawMessage, bool) {
	var m map[string]json.RawMessage
	if json.Unmarshal(params, &m) != nil {
		return params, false
	}
	caps, err := json.Marshal(c.capabilities)
	if err != nil {
		return params, false
	}
	changed := false
	if _, ok := m["capabilities"]; ok && method == "initialize" {
		m["capabilities"] = caps
		changed = true
	}
	var meta map[string]json.RawMessage
	if json.Unmarshal(m["_meta"], &meta) == nil {
		if _, ok := meta[mcp.MetaKeyClientCapabilities]; ok {
			meta[mcp.MetaKeyClientCapabilities] = caps
			if m["_meta"], err = json.Marshal(meta); err == nil {
				changed = true
			}
		}
	}
	if !changed {
		return params, false
	}
	out, err := json.Marshal(m)
	if err != nil {
		return params, false
	}
	return out, true
}

func (c *rawConn) take(id string) chan *jsonrpc.Response {
	c.mu.Lock()
	defer c.mu.Unlock()
	ch := c.pending[id]
	delete(c.pending, id)
	return ch
}

// fail wakes every waiting call: the connection is gone.
func (c *rawConn) fail(err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.failed == nil {
		c.failed = err
	}
	for id, ch := range c.pending {
		close(ch)
		delete(c.pending, id)
	}
}

func (c *rawConn) Close() error {
	c.fail(errors.New("connection closed"))
	return c.Connection.Close()
}

// call sends one request and returns the raw result bytes.
func (c *rawConn) call(ctx context.Context, method string, params any) (json.RawMessage, error) {
	c.mu.Lock()
	if c.failed != nil {
		err := c.failed
		c.mu.Unlock()
		return nil, fmt.Errorf("connection lost: %w", err)
	}
	c.next++
	// A string id no SDK request uses (the SDK numbers its own).
	key := fmt.Sprintf("mcp-contract-%d", c.next)
	ch := make(chan *jsonrpc.Response, 1)
	c.pending[key] = ch
	c.mu.Unlock()

	id, err := jsonrpc.MakeID(key)
	if err != nil {
		return nil, err
	}
	body, err := json.Marshal(params)
	if err != nil {
		return nil, err
	}
	if err := c.Connection.Write(ctx, &jsonrpc.Request{ID: id, Method: method, Params: body}); err != nil {
		c.take(key)
		return nil, err
	}
	select {
	case resp, ok := <-ch:
		if !ok {
			c.mu.Lock()
			err := c.failed
			c.mu.Unlock()
			return nil, fmt.Errorf("connection lost: %w", err)
		}
		if resp.Error != nil {
			return nil, resp.Error
		}
		return resp.Result, nil
	case <-ctx.Done():
		c.take(key)
		return nil, ctx.Err()
	}
}
