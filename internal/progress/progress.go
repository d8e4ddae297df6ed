// Package progress shows each server's fetch on stderr while servers
// start, which may take minutes (a first npx install): on a terminal one
// line per server, redrawn in place; in GitHub Actions one log group per
// server, written when it is done. Nowhere else, and never on stdout.
package progress

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/mcp-contract/mcp-contract/internal/safetext"
)

// End says whether a stage ends a server's fetch, and how.
type End int

const (
	Running End = iota
	Done
	Failed
)

// View is the progress of a set of servers.
type View struct {
	w    io.Writer
	line func(string) string
	// live: a terminal; else GitHub Actions groups.
	live    bool
	mu      sync.Mutex
	servers []*server
	byName  map[string]*server
	drawn   bool
	stop    chan struct{}
	stopped sync.WaitGroup
}

type server struct {
	name   string
	stage  fmt.Stringer
	end    End
	queued bool
	detail string
	start  time.Time
	// marks are the times each stage began, from start.
	marks []mark
}

type mark struct {
	stage fmt.Stringer
	end   End
	at    time.Duration
}

// New is nil when stderr is neither a terminal nor GitHub Actions' log
// (actions: GITHUB_ACTIONS is "true"). line neutralises every line shown.
func New(stderr io.Writer, line func(string) string, names []string, actions bool) *View {
	live := isTerminal(stderr)
	if !live && !actions {
		return nil
	}
	v := &View{w: stderr, line: line, live: live, byName: map[string]*server{}, stop: make(chan struct{})}
	for _, n := range names {
		sp := &server{name: n, queued: true}
		v.servers = append(v.servers, sp)
		v.byName[n] = sp
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

// Report records that name reached stage, which end says whether it ends
// the fetch.
func (v *View) Report(name string, stage fmt.Stringer, end End, detail string) {
	v.mu.Lock()
	defer v.mu.Unlock()
	sp := v.byName[name]
	if sp == nil {
		return
	}
	if sp.queued {
		sp.queued, sp.start = false, time.Now()
	}
	sp.stage, sp.end, sp.detail = stage, end, detail
	sp.marks = append(sp.marks, mark{stage, end, time.Since(sp.start)})
	if v.live {
		v.draw()
		return
	}
	if end != Running {
		v.group(sp)
	}
}

// Close stops the redrawing and leaves the last state on the screen.
func (v *View) Close() {
	if v == nil {
		return
	}
	close(v.stop)
	v.stopped.Wait()
}

// draw writes every server's line, over the previous ones.
func (v *View) draw() {
	if v.drawn {
		fmt.Fprintf(v.w, "\x1b[%dA", len(v.servers))
	}
	v.drawn = true
	for _, sp := range v.servers {
		fmt.Fprintf(v.w, "\r\x1b[2K%s\n", v.line(sp.status()))
	}
}

// status is one server's line: its stage and how long it has taken.
func (sp *server) status() string {
	if sp.queued {
		return sp.name + ": waiting"
	}
	took := seconds(time.Since(sp.start))
	if n := len(sp.marks); n > 0 && sp.end != Running {
		took = seconds(sp.marks[n-1].at)
	}
	switch sp.end {
	case Done:
		return fmt.Sprintf("%s: done in %s, %s", sp.name, took, sp.detail)
	case Failed:
		return fmt.Sprintf("%s: failed after %s: %s", sp.name, took, sp.detail)
	}
	return fmt.Sprintf("%s: %s (%s)", sp.name, sp.stage, took)
}

// group writes a finished server's timings as one GitHub Actions log group.
func (v *View) group(sp *server) {
	fmt.Fprintf(safetext.CommandsTo(v.w), "::group::%s\n", v.line(sp.status()))
	for _, m := range sp.marks {
		line := fmt.Sprintf("%s at %s", m.stage, seconds(m.at))
		if m.end != Running {
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
