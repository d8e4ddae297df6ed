package source

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/mcp-contract/mcp-contract/internal/english"
	"strings"
	"sync"
	"time"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Defaults of FetchOptions.
const (
	DefaultTimeout         = 30 * time.Second
	DefaultMaxMessageBytes = 4 << 20
	// DefaultConcurrency starts a fleet of seven at once: starting a server
	// is mostly waiting (an install, a runtime's start, the network).
	DefaultConcurrency = 8
	DefaultStderrLines = 5
	// FetchTimeouts is how many times Timeout one server's fetch may take
	// after its start: a server that answers each page just under Timeout
	// would otherwise hold a run for MaxPages times Timeout (8 hours at
	// the default).
	FetchTimeouts = 4
	// MaxPages bounds tools/list pagination: a server whose cursors never end
	// would otherwise keep a CI job busy forever.
	MaxPages = 1000
	// DefaultMaxTotalBytes bounds all tools/list pages of one server
	// together: 1,000 pages of 4 MiB each would otherwise be 4 GB. The
	// largest real catalog in testdata/corpus (github-mcp-server, 117 tools)
	// is 209 KB, 20 times less. The MCP SDK's decoder allocates about eight
	// times what it reads, so this is what keeps refusing a flood within the
	// 64 MB any refusal may cost (TestFetchTotalByteCapMemory). The message
	// limit is the same, so one message cannot pass it either.
	DefaultMaxTotalBytes = 4 << 20
)

// Version is what the client reports as its clientInfo.version; the CLI may
// set it to the release.
var Version = "dev"

// FetchOptions bound and report a live fetch. Zero values pick the defaults.
type FetchOptions struct {
	// Timeout covers each request. ServerConfig.Timeout overrides it per
	// server. The whole fetch of a server stops after StartTimeout plus
	// FetchTimeouts times it.
	Timeout time.Duration
	// StartTimeout covers starting the server and the handshake, which for
	// a server run through npx or uvx includes its first install; zero is
	// the request Timeout.
	StartTimeout time.Duration
	// MaxMessageBytes aborts the fetch on any larger message from the server.
	MaxMessageBytes int
	// MaxTotalBytes aborts the fetch when the tools/list pages of one server
	// add up to more.
	MaxTotalBytes int
	// Concurrency bounds how many servers FetchAll talks to at once.
	Concurrency int
	// Progress, when set, hears each server reach each stage, with a
	// masked detail (what was listed, the error); FetchAll calls it from one
	// goroutine at a time.
	Progress func(server string, stage Stage, detail string)
	// StderrLines is how many last lines of a stdio server's stderr an error
	// quotes.
	StderrLines int
	// Masker hides the secret values (from the environment, header values)
	// in every error, origin, progress line and quoted stderr line.
	Masker *safetext.Masker
}

func (o FetchOptions) withDefaults() FetchOptions {
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.MaxMessageBytes <= 0 {
		o.MaxMessageBytes = DefaultMaxMessageBytes
	}
	if o.MaxTotalBytes <= 0 {
		o.MaxTotalBytes = DefaultMaxTotalBytes
	}
	if o.Concurrency <= 0 {
		o.Concurrency = DefaultConcurrency
	}
	if o.StderrLines <= 0 {
		o.StderrLines = DefaultStderrLines
	}
	// A token obtained during the fetch is a secret of the run too.
	if o.Masker == nil {
		o.Masker = safetext.NewMasker()
	}
	return o
}

// FetchAll fetches every server, at most opts.Concurrency at once. It returns
// one catalog per server in input order; a server that failed has a catalog
// with Error set and no tools. The error is the first failure in input order
// (a *contract.ServerError, or a *contract.InputError for a bad File), nil if
// every server answered.
func FetchAll(ctx context.Context, servers []*ServerConfig, opts FetchOptions) ([]*contract.Catalog, error) {
	opts = opts.withDefaults()
	if report := opts.Progress; report != nil {
		// One caller at a time, so the CLI's progress lines never interleave.
		var mu sync.Mutex
		opts.Progress = func(server string, stage Stage, detail string) {
			mu.Lock()
			defer mu.Unlock()
			report(server, stage, detail)
		}
	}
	catalogs := make([]*contract.Catalog, len(servers))
	errs := make([]error, len(servers))
	slots := make(chan struct{}, opts.Concurrency)
	var wg sync.WaitGroup
	for i, sc := range servers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			slots <- struct{}{}
			defer func() { <-slots }()
			catalogs[i], errs[i] = Fetch(ctx, sc, opts)
		}()
	}
	wg.Wait()
	var first error
	for i, err := range errs {
		if err == nil {
			continue
		}
		if first == nil {
			first = err
		}
		msg := err.Error()
		var se *contract.ServerError
		if errors.As(err, &se) {
			msg = se.Msg
		}
		catalogs[i] = &contract.Catalog{Server: servers[i].Name, Origin: origin(servers[i], opts.Masker), Error: msg}
	}
	return catalogs, first
}

// Fetch reads one server's tool list. Every failure of a live server is a
// *contract.ServerError with a one-line message free of secret values.
func Fetch(ctx context.Context, sc *ServerConfig, opts FetchOptions) (*contract.Catalog, error) {
	opts = opts.withDefaults()
	if sc.File != "" {
		c, err := LoadFile(sc.File)
		if err != nil {
			return nil, err
		}
		c.Server = sc.Name
		return c, nil
	}
	if sc.Timeout > 0 {
		opts.Timeout = sc.Timeout
	}
	if opts.StartTimeout <= 0 {
		opts.StartTimeout = opts.Timeout
	}
	f := &fetcher{sc: sc, opts: opts, origin: origin(sc, opts.Masker)}
	f.progress(Starting, "")
	whole := opts.StartTimeout + FetchTimeouts*opts.Timeout
	fetchCtx, cancel := context.WithTimeout(ctx, whole)
	defer cancel()
	c, err := f.run(fetchCtx)
	if err != nil {
		msg := f.mask(oneLine(err.Error()))
		switch {
		case ctx.Err() != nil:
			msg = "interrupted before the server answered"
		case fetchCtx.Err() != nil:
			msg = fmt.Sprintf("stopped after %s, the bound on a whole fetch (the start timeout of %s plus %d times the timeout of %s); the server answers too slowly to list its tools in time: %s",
				whole, opts.StartTimeout, FetchTimeouts, opts.Timeout, msg)
		}
		f.progress(Failed, msg)
		return nil, &contract.ServerError{Server: sc.Name, Msg: msg}
	}
	f.progress(Done, fmt.Sprintf("%s (protocol %s)", english.Plural(len(c.Tools), "tool"), c.ProtocolVersion))
	return c, nil
}

func origin(sc *ServerConfig, m *safetext.Masker) string {
	switch {
	case sc.File != "":
		return m.Mask("file:" + sc.File)
	case sc.URL != "":
		return m.Mask("http:" + sc.URL)
	}
	return m.Mask("stdio:" + strings.Join(append(append([]string{}, sc.Command...), sc.Args...), " "))
}

type fetcher struct {
	sc     *ServerConfig
	opts   FetchOptions
	origin string
	// proc is the stdio server, nil for HTTP.
	proc *process
	// starting: the handshake has not been answered yet, so a timeout is
	// --start-timeout's.
	starting bool
	// headers is the HTTP transport, nil for stdio; auth its OAuth client.
	headers *headerTransport
	auth    *oauthClient
	// ctx bounds the whole fetch, for what an explanation has to read.
	ctx context.Context
}

func (f *fetcher) progress(stage Stage, detail string) {
	if f.opts.Progress != nil {
		f.opts.Progress(f.sc.Name, stage, f.mask(detail))
	}
}

func (f *fetcher) mask(s string) string { return f.opts.Masker.Mask(s) }

func (f *fetcher) run(ctx context.Context) (*contract.Catalog, error) {
	f.ctx = ctx
	conn := &rawConn{}
	var transport mcp.Transport
	var headers *headerTransport
	switch {
	case len(f.sc.Command) > 0:
		p, err := startProcess(f.sc, newLineTail(f.opts.StderrLines, f.opts.Masker))
		if err != nil {
			return nil, err
		}
		f.proc = p
		defer p.stop()
		transport = &mcp.IOTransport{Reader: p.stdout, Writer: p.stdin, MaxLineLength: f.opts.MaxMessageBytes}
	case f.sc.URL != "":
		if f.sc.clientCredentials() != nil {
			f.auth = newOAuthClient(f.sc, f.opts.Masker, f.opts.Timeout)
		}
		h, err := newHeaderTransport(f.sc.URL, f.sc.Headers, int64(f.opts.MaxMessageBytes), f.auth)
		if err != nil {
			return nil, err
		}
		headers, f.headers = h, h
		if f.sc.Transport == "sse" {
			transport = &mcp.SSEClientTransport{Endpoint: f.sc.URL, HTTPClient: h.client(), MaxEventSize: f.opts.MaxMessageBytes}
		} else {
			transport = &mcp.StreamableClientTransport{Endpoint: f.sc.URL, HTTPClient: h.client(), MaxRetries: -1,
				DisableStandaloneSSE: true, MaxEventSize: f.opts.MaxMessageBytes}
		}
	default:
		return nil, errors.New("the server has no command, url or file; give one of them in the config")
	}
	caps := capabilities(f.sc.Capabilities)
	conn.capabilities = capabilitiesJSON(caps)
	// The SDK's own capability declaration is replaced on the wire (rawConn),
	// since it cannot express tasks; empty here keeps its defaults out.
	client := mcp.NewClient(&mcp.Implementation{Name: "mcp-contract", Version: Version}, &mcp.ClientOptions{Capabilities: &mcp.ClientCapabilities{}})

	life, end := context.WithCancel(ctx)
	defer end()
	startCtx, cancel := context.WithTimeout(ctx, f.opts.StartTimeout)
	defer cancel()
	f.progress(Handshake, "")
	f.starting = true
	session, err := client.Connect(startCtx, &wrapTransport{inner: transport, conn: conn, life: life}, nil)
	if err != nil {
		return nil, f.explain("could not start the session", startCtx, err)
	}
	f.starting = false
	defer session.Close()
	init := session.InitializeResult()
	version := init.ProtocolVersion
	if headers != nil {
		headers.setProtocolVersion(version)
	}
	f.progress(ListingTools, "protocol "+version)
	c := &contract.Catalog{Server: f.sc.Name, Origin: f.origin, ProtocolVersion: version}
	lister := &toolLister{conn: conn, version: version, timeout: f.opts.Timeout, maxTotal: f.opts.MaxTotalBytes,
		noToolsCapability: init.Capabilities == nil || init.Capabilities.Tools == nil}
	if err := lister.list(ctx, c); err != nil {
		return nil, f.explainList(ctx, err)
	}
	maskTools(c, f.opts.Masker)
	return c, nil
}

// capabilities are those of a full client unless the config narrows them, so
// servers that gate tools on roots, sampling or elicitation list them all.
func capabilities(want *Capabilities) *Capabilities {
	if want == nil {
		return &Capabilities{Roots: true, Sampling: true, Elicitation: true}
	}
	return want
}

// explain turns a failure into what failed and what to do, quoting the
// server's last stderr lines when it is a process.
func (f *fetcher) explain(what string, ctx context.Context, err error) error {
	var b strings.Builder
	b.WriteString(what)
	var failed *authError
	switch {
	case errors.As(err, &failed) || f.auth != nil && f.auth.failure(&failed):
		// Obtaining the token failed; that message says it all.
		fmt.Fprintf(&b, ": %s", failed.msg)
	case f.headers != nil && f.headers.lastRefusal() != nil:
		fmt.Fprintf(&b, ": %s", explainRefusal(f.ctx, f.headers.lastRefusal(), f.sc, f.auth, f.opts.Masker, f.opts.Timeout))
	case f.starting && (ctx.Err() != nil || errors.Is(err, context.DeadlineExceeded)):
		fmt.Fprintf(&b, ": no answer to the handshake within %s (--start-timeout, which a first npx or uvx install counts against); check that the server starts and speaks MCP, or raise --start-timeout", f.opts.StartTimeout)
		if f.proc != nil && f.proc.stderrTail() == "" {
			b.WriteString("; the process printed nothing on stderr")
		}
	case ctx.Err() != nil || errors.Is(err, context.DeadlineExceeded):
		fmt.Fprintf(&b, ": no answer within %s; check that the server starts and speaks MCP, or raise --timeout", f.opts.Timeout)
	case isTooLarge(err):
		fmt.Fprintf(&b, ": the server sent a message over %d bytes; raise the message size limit if it is legitimate", f.opts.MaxMessageBytes)
	case strings.Contains(err.Error(), "exceeded maximum nesting depth"):
		// The SDK's JSON decoder bounds nesting (1,000 levels) before we see
		// the bytes, which also keeps hostile schemas from later steps.
		b.WriteString(": the server's answer nests deeper than the MCP SDK's bound of 1000 levels; flatten the deepest schema")
	default:
		fmt.Fprintf(&b, ": %v", err)
		if f.proc != nil {
			if exit := f.proc.exitStatus(); exit != "" {
				fmt.Fprintf(&b, " (the server process %s)", exit)
			}
		}
		switch msg := err.Error(); {
		case strings.Contains(msg, "Unauthorized") || strings.Contains(msg, "Forbidden"):
			b.WriteString("; check the token in the headers (an unset variable or an expired token)")
		case f.sc.URL != "":
			b.WriteString("; check the URL, the headers and that the server is up")
		default:
			b.WriteString("; check the command runs on its own and writes only JSON-RPC to stdout")
		}
	}
	if f.proc != nil {
		if tail := f.proc.stderrTail(); tail != "" {
			fmt.Fprintf(&b, "; last stderr lines: %s", tail)
		}
		// npx in a folder it cannot enter answers with a registry 404,
		// which points nowhere near the cause.
		if f.proc.cwdNote != "" {
			fmt.Fprintf(&b, "; %s", f.proc.cwdNote)
		}
		b.WriteString(inheritEnvHint)
	}
	return errors.New(b.String())
}

// inheritEnvHint closes the error of a stdio server that died or did not
// answer: one that needs a variable of the job (a token, a setting) gets
// only the ones named, which is easy to miss.
const inheritEnvHint = "; a server that needs a variable of our environment gets it only when its config names it in inherit-env (PATH, HOME, the proxy, CA and registry variables are passed already)"

func (f *fetcher) explainList(ctx context.Context, err error) error {
	var le *listError
	if errors.As(err, &le) {
		return le
	}
	// A JSON-RPC error is an answer: the server speaks MCP and refused, so
	// the hint about stray output on stdout would mislead.
	var we *jsonrpc.Error
	if errors.As(err, &we) {
		var b strings.Builder
		fmt.Fprintf(&b, "tools/list failed: the server answered with JSON-RPC error %d", we.Code)
		if name := jsonrpcCodes[we.Code]; name != "" {
			fmt.Fprintf(&b, " (%s)", name)
		}
		// Masked whole before it is cut, so no piece of a secret is left.
		msg := f.mask(we.Message)
		if len(msg) > maxQuotedMessage {
			msg = strings.ToValidUTF8(msg[:maxQuotedMessage], "") + "…"
		}
		fmt.Fprintf(&b, ": %s; the server could not list its tools, see its logs or its configuration", msg)
		if f.proc != nil {
			if tail := f.proc.stderrTail(); tail != "" {
				fmt.Fprintf(&b, "; last stderr lines: %s", tail)
			}
		}
		return errors.New(b.String())
	}
	return f.explain("tools/list failed", ctx, err)
}

// maxQuotedMessage bounds how much of a server's error message is quoted.
const maxQuotedMessage = 300

// jsonrpcCodes names the codes JSON-RPC 2.0 reserves.
var jsonrpcCodes = map[int64]string{
	-32700: "parse error",
	-32600: "invalid request",
	-32601: "method not found",
	-32602: "invalid params",
	-32603: "internal error",
}

// isTooLarge recognises the SDK's frame and event limits and ours.
func isTooLarge(err error) bool {
	if errors.Is(err, errTooLarge) {
		return true
	}
	s := err.Error()
	return strings.Contains(s, "exceeded the configured maximum") || strings.Contains(s, "SSE event exceeded")
}

// listError is a tools/list answer we understood and refuse; its message is
// final.
type listError struct{ msg string }

func (e *listError) Error() string { return e.msg }

type toolLister struct {
	conn              *rawConn
	version           string
	timeout           time.Duration
	maxTotal          int
	noToolsCapability bool
}

// list follows nextCursor itself: the SDK stops at an empty cursor, which
// 2026-07-28 makes valid, and it drops tools it finds invalid.
func (l *toolLister) list(ctx context.Context, c *contract.Catalog) error {
	seen := map[string]bool{}
	var cursor *string
	total := 0
	for page := 0; ; page++ {
		if page == MaxPages {
			return &listError{fmt.Sprintf("tools/list went on for more than %d pages; the server's nextCursor never ends", MaxPages)}
		}
		raw, err := l.page(ctx, cursor)
		if err != nil {
			var we *jsonrpc.Error
			if page == 0 && l.noToolsCapability && errors.As(err, &we) && we.Code == codeMethodNotFound {
				return nil
			}
			return err
		}
		if total += len(raw); total > l.maxTotal {
			return &listError{fmt.Sprintf("tools/list pages add up to more than %d bytes by page %d; the server sends more than any tool list needs", l.maxTotal, page+1)}
		}
		pageCatalog, err := Parse(raw, "", c.Server, c.Origin)
		if err != nil {
			return &listError{"the tools/list answer is not a tool list: " + err.Error()}
		}
		for _, t := range pageCatalog.Tools {
			t.Index = len(c.Tools)
			c.Tools = append(c.Tools, t)
		}
		var next struct {
			NextCursor *json.RawMessage `json:"nextCursor"`
		}
		if err := json.Unmarshal(raw, &next); err != nil || next.NextCursor == nil || string(*next.NextCursor) == "null" {
			return nil
		}
		var cur string
		if err := json.Unmarshal(*next.NextCursor, &cur); err != nil {
			return &listError{fmt.Sprintf("tools/list page %d has a nextCursor that is not a string (%.40s); the server breaks the pagination contract", page+1, *next.NextCursor)}
		}
		if seen[cur] {
			return &listError{fmt.Sprintf("tools/list page %d repeats an earlier cursor; the server's pagination loops, fix its nextCursor", page+1)}
		}
		seen[cur] = true
		cursor = &cur
	}
}

const codeMethodNotFound = -32601

func (l *toolLister) page(ctx context.Context, cursor *string) (json.RawMessage, error) {
	params := map[string]any{}
	if cursor != nil {
		params["cursor"] = *cursor
	}
	if l.version >= "2026-07-28" {
		params["_meta"] = map[string]any{
			mcp.MetaKeyProtocolVersion:    l.version,
			mcp.MetaKeyClientInfo:         map[string]string{"name": "mcp-contract", "version": Version},
			mcp.MetaKeyClientCapabilities: l.conn.capabilities,
		}
	}
	reqCtx, cancel := context.WithTimeout(ctx, l.timeout)
	defer cancel()
	raw, err := l.conn.call(reqCtx, "tools/list", params)
	if err != nil && reqCtx.Err() != nil {
		return nil, fmt.Errorf("%w (%v)", context.DeadlineExceeded, err)
	}
	return raw, err
}

// capabilitiesJSON is the declaration of a full client narrowed to the
// config's choice: sampling and elicitation come with their task-augmented
// and URL forms, which servers also gate tools on (server-everything lists
// 19 tools to such a client, 13 to a bare one).
func capabilitiesJSON(c *Capabilities) map[string]any {
	m := map[string]any{}
	requests := map[string]any{}
	if c.Roots {
		m["roots"] = map[string]any{}
	}
	if c.Sampling {
		m["sampling"] = map[string]any{}
		requests["sampling"] = map[string]any{"createMessage": map[string]any{}}
	}
	if c.Elicitation {
		m["elicitation"] = map[string]any{"form": map[string]any{}, "url": map[string]any{}}
		requests["elicitation"] = map[string]any{"create": map[string]any{}}
	}
	if len(requests) > 0 {
		m["tasks"] = map[string]any{"requests": requests}
	}
	return m
}

// oneLine folds a multi-line message (an SDK error, a stack trace) so every
// error stays one line.
func oneLine(s string) string {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == '\r' })
	for i := range fields {
		fields[i] = strings.TrimSpace(fields[i])
	}
	return strings.Join(fields, " | ")
}
