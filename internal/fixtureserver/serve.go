package fixtureserver

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const codeInvalidParams = -32602

// GarbageLine is what Garbage mode writes where JSON-RPC belongs.
const GarbageLine = "fixtureserver starting... (this line is not JSON-RPC)"

func (s *Server) sdkServer() *mcp.Server {
	return mcp.NewServer(&mcp.Implementation{Name: "fixtureserver", Version: "1.0.0"},
		&mcp.ServerOptions{Capabilities: &mcp.ServerCapabilities{Tools: &mcp.ToolCapabilities{}}})
}

// ServeStdio serves one client over newline-delimited JSON until in ends.
// Crash mode is the caller's to act out: it concerns the process.
func (s *Server) ServeStdio(ctx context.Context, in io.ReadCloser, out io.WriteCloser) error {
	switch s.opts.Mode {
	case Hang:
		_, err := io.Copy(io.Discard, in)
		return err
	case TrapSignals:
		// Not even the end of stdin stops it: only SIGKILL does.
		_, _ = io.Copy(io.Discard, in)
		time.Sleep(24 * time.Hour)
		return nil
	case Garbage:
		if _, err := fmt.Fprintln(out, GarbageLine); err != nil {
			return err
		}
	}
	t := &interceptTransport{inner: &mcp.IOTransport{Reader: in, Writer: out, MaxLineLength: -1}, s: s}
	return s.sdkServer().Run(ctx, t)
}

// interceptTransport answers tools/list itself, from the raw bytes, and
// leaves every other message to the SDK.
type interceptTransport struct {
	inner mcp.Transport
	s     *Server
}

func (t *interceptTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := t.inner.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &interceptConn{Connection: c, s: t.s}, nil
}

type interceptConn struct {
	mcp.Connection
	s *Server
}

func (c *interceptConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	for {
		msg, err := c.Connection.Read(ctx)
		if err != nil {
			return nil, err
		}
		req, ok := msg.(*jsonrpc.Request)
		if !ok || req.Method != "tools/list" || !req.ID.IsValid() {
			return msg, nil
		}
		resp := &jsonrpc.Response{ID: req.ID}
		if c.s.opts.Mode == ListError {
			resp.Error = listError
		} else if result := c.s.listTools(cursorOf(req.Params)); result != nil {
			resp.Result = result
		} else {
			resp.Error = &jsonrpc.Error{Code: codeInvalidParams, Message: "unknown cursor"}
		}
		if err := c.Connection.Write(ctx, resp); err != nil {
			return nil, err
		}
	}
}

func cursorOf(params json.RawMessage) *string {
	var p struct {
		Cursor *string `json:"cursor"`
	}
	_ = json.Unmarshal(params, &p)
	return p.Cursor
}

// Handler serves Streamable HTTP. tools/list is answered as a plain JSON
// response, which the transport allows for any request.
func (s *Server) Handler() http.Handler {
	server := s.sdkServer()
	sdk := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, &mcp.StreamableHTTPOptions{Stateless: s.opts.Stateless})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.opts.Mode == Hang {
			<-r.Context().Done()
			return
		}
		if r.Method == http.MethodPost {
			body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
			if err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
			var req struct {
				ID     json.RawMessage `json:"id"`
				Method string          `json:"method"`
				Params json.RawMessage `json:"params"`
			}
			if json.Unmarshal(body, &req) == nil && req.Method == "tools/list" && len(req.ID) > 0 {
				if s.opts.Mode == EchoHeaders {
					s.answerEchoHeaders(w, req.ID, r.Header)
					return
				}
				s.answerHTTP(w, req.ID, req.Params)
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		sdk.ServeHTTP(w, r)
	})
}

func (s *Server) answerHTTP(w http.ResponseWriter, id, params json.RawMessage) {
	w.Header().Set("Content-Type", "application/json")
	if s.opts.Mode == Garbage {
		_, _ = io.WriteString(w, GarbageLine)
		return
	}
	var b bytes.Buffer
	b.WriteString(`{"jsonrpc":"2.0","id":`)
	b.Write(id)
	if s.opts.Mode == ListError {
		fmt.Fprintf(&b, `,"error":{"code":%d,"message":%q}`, listError.Code, listError.Message)
	} else if result := s.listTools(cursorOf(params)); result != nil {
		b.WriteString(`,"result":`)
		b.Write(result)
	} else {
		fmt.Fprintf(&b, `,"error":{"code":%d,"message":"unknown cursor"}`, codeInvalidParams)
	}
	b.WriteString("}")
	_, _ = w.Write(b.Bytes())
}
