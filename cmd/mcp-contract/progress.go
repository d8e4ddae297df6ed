package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/mcp-contract/mcp-contract/internal/safetext"
	"github.com/mcp-contract/mcp-contract/source"
)

// progressView shows each server's fetch on stderr while servers start,
// which may take minutes (a first npx install): on a terminal one line per
// server, redrawn in place; in GitHub Actions one log group per server,
// written when it is done. Nowhere else, and never on stdout.
type progressView struct {
	w    io.Writer
	line func(string) string
	// live: a terminal; else GitHub Actions groups.
	live    bool
	mu      sync.Mutex
	servers []*serverProgress
	byName  map[string]*serverProgress
	drawn   bool
	stop    chan struct{}
	stopped sync.WaitGroup
}

type serverProgress struct {
	name   string
	stage  source.Stage
	queued bool
	detail string
	start  time.Time
	// marks are the times each stage began, from start.
	marks []stageMark
}

type stageMark struct {
	stage source.Stage
	at    time.Duration
}

// newProgressView is nil when stderr is neither a terminal nor GitHub
// Actions' log.
func newProgressView(stderr io.Writer, line func(string) string, servers []*source.ServerConfig) *progressView {
	live := isTerminal(stderr)
	if !live && os.Getenv("GITHUB_ACTIONS") != "true" {
		return nil
	}
	v := &progressView{w: stderr, line: line, live: live, byName: map[string]*serverProgress{}, stop: make(chan struct{})}
	for _, s := range servers {
		sp := &serverProgress{name: s.Name, queued: true}
		v.servers = append(v.servers, sp)
		v.byName[s.Name] = sp
	}
	if live {
		v.draw()
		// The elapsed seconds move while a server is silent, so a long
		// install does not look like a hang.
		v.stopped.Add(1)
		go func() {
			defer v.stopped.Done()
			tick := time.NewTicker(time.Second)
			defer tick.Stop()
			for {
				select {
				case <-v.stop:
					return
				case <-tick.C:
					v.mu.Lock()
					v.draw()
					v.mu.Unlock()
				}
			}
		}()
	}
	return v
}

// report is source.FetchOptions.Progress.
func (v *progressView) report(server string, stage source.Stage, detail string) {
	v.mu.Lock()
	defer v.mu.Unlock()
	sp := v.byName[server]
	if sp == nil {
		return
	}
	if sp.queued {
		sp.queued, sp.start = false, time.Now()
	}
	sp.stage, sp.detail = stage, detail
	sp.marks = append(sp.marks, stageMark{stage, time.Since(sp.start)})
	if v.live {
		v.draw()
		return
	}
	if stage == source.Done || stage == source.Failed {
		v.group(sp)
	}
}

// close stops the redrawing and leaves the last state on the screen.
func (v *progressView) close() {
	if v == nil {
		return
	}
	close(v.stop)
	v.stopped.Wait()
}

// draw writes every server's line, over the previous ones.
func (v *progressView) draw() {
	if v.drawn {
		fmt.Fprintf(v.w, "\x1b[%dA", len(v.servers))
	}
	v.drawn = true
	for _, sp := range v.servers {
		fmt.Fprintf(v.w, "\r\x1b[2K%s\n", v.line(sp.status()))
	}
}

// status is one server's line: its stage and how long it has taken.
func (sp *serverProgress) status() string {
	if sp.queued {
		return sp.name + ": waiting"
	}
	took := seconds(time.Since(sp.start))
	if n := len(sp.marks); n > 0 && (sp.stage == source.Done || sp.stage == source.Failed) {
		took = seconds(sp.marks[n-1].at)
	}
	switch sp.stage {
	case source.Done:
		return fmt.Sprintf("%s: done in %s, %s", sp.name, took, sp.detail)
	case source.Failed:
		return fmt.Sprintf("%s: failed after %s: %s", sp.name, took, sp.detail)
	}
	return fmt.Sprintf("%s: %s (%s)", sp.name, sp.stage, took)
}

// group writes a finished server's timings as one GitHub Actions log group.
func (v *progressView) group(sp *serverProgress) {
	fmt.Fprintf(safetext.CommandsTo(v.w), "::group::%s\n", v.line(sp.status()))
	for _, m := range sp.marks {
		line := fmt.Sprintf("%s at %s", m.stage, seconds(m.at))
		if m.stage == source.Done || m.stage == source.Failed {
			line += ": " + sp.detail
		}
		fmt.Fprintf(v.w, "%s\n", v.line(line))
	}
	fmt.Fprintln(safetext.CommandsTo(v.w), "::endgroup::")
}

func seconds(d time.Duration) string { return fmt.Sprintf("%.1f s", d.Seconds()) }

// isTerminal reports whether w is a terminal that understands cursor moves.
func isTerminal(w io.Writer) bool {
	if os.Getenv("TERM") == "dumb" {
		return false
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// progress is the pipeline's progress hook: a view of the servers' fetch
// on stderr, where there is one to show.
func (c *cli) progress(servers []*source.ServerConfig) (func(string, source.Stage, string), func()) {
	view := newProgressView(c.stderr, c.line, servers)
	if view == nil {
		return nil, func() {}
	}
	return view.report, view.close
}
