package source

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mcp-contract/mcp-contract/internal/procs"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
)

// termGrace is how long a stdio server may take to exit on SIGTERM before its
// whole process group is killed.
const termGrace = time.Second

// process is a stdio server started in a process group of its own, so that
// stopping it also stops whatever it spawned (npx, shells, node workers).
type process struct {
	cmd *exec.Cmd
	// jail is the server's own user and folder when we run as root on
	// Linux (internal/procs), else nil.
	jail *procs.Jail
	// cwdNote names our working directory when the jailed server, which
	// starts in it, cannot enter it: told only if the server fails.
	cwdNote string
	stdin   *os.File
	stdout  *os.File
	tail    *lineTail
	// stderrDone closes when every writer of stderr has gone.
	stderrDone chan struct{}
	exited     chan struct{}
	waitErr    error
	stopOnce   sync.Once
}

func startProcess(sc *ServerConfig, tail *lineTail) (*process, error) {
	argv := append(append([]string{}, sc.Command...), sc.Args...)
	name := argv[0]
	// A relative path is relative to the server's folder, as a shell started
	// there would see it.
	if sc.Cwd != "" && strings.ContainsRune(name, '/') && !filepath.IsAbs(name) {
		name = filepath.Join(sc.Cwd, name)
	}
	path, err := exec.LookPath(name)
	if err != nil {
		return nil, fmt.Errorf("cannot run %q: %v; check the command and PATH", argv[0], errors.Unwrap(err))
	}
	jail, err := procs.New()
	if err != nil {
		return nil, fmt.Errorf("cannot start %q: %v", argv[0], err)
	}
	if err := jail.CheckReach(path); err != nil {
		jail.Close()
		return nil, fmt.Errorf("cannot start %q: %v", argv[0], err)
	}
	cwdNote := ""
	if sc.Cwd == "" {
		if wd, err := os.Getwd(); err == nil {
			if err := jail.CheckEnter(wd); err != nil {
				cwdNote = fmt.Sprintf("it starts in our working directory %s: %v", wd, err)
			}
		}
	} else if err := jail.CheckEnter(sc.Cwd); err != nil {
		jail.Close()
		return nil, fmt.Errorf("cannot start %q in %s: %v", argv[0], sc.Cwd, err)
	}
	// Our own pipes rather than exec's: the SDK reads stdout while we wait for
	// the process, which exec's StdoutPipe forbids.
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW)
		jail.Close()
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW, outR, outW)
		jail.Close()
		return nil, err
	}
	cmd := &exec.Cmd{Path: path, Args: argv, Env: serverEnviron(sc, os.LookupEnv, jail.Env()), Dir: sc.Cwd,
		Stdin: inR, Stdout: outW, Stderr: errW,
		SysProcAttr: ownGroup()}
	if err := procs.Start(cmd, jail); err != nil {
		closeAll(inR, inW, outR, outW, errR, errW)
		jail.Close()
		return nil, fmt.Errorf("cannot start %q: %v; check the command and its working directory", argv[0], err)
	}
	closeAll(inR, outW, errW)
	p := &process{cmd: cmd, jail: jail, cwdNote: cwdNote, stdin: inW, stdout: outR, tail: tail,
		stderrDone: make(chan struct{}), exited: make(chan struct{})}
	go func() {
		defer close(p.stderrDone)
		defer errR.Close()
		drainLines(errR, p.tail.add)
	}()
	trackProcess(p, true)
	go func() {
		p.waitErr = cmd.Wait()
		close(p.exited)
	}()
	return p, nil
}

func closeAll(files ...*os.File) {
	for _, f := range files {
		f.Close()
	}
}

// stop ends the server however the fetch went: EOF on stdin and SIGTERM to
// the group, then SIGKILL to the group, so no child outlives the fetch.
func (p *process) stop() {
	p.stopOnce.Do(func() {
		p.stdin.Close()
		terminateGroup(p.cmd.Process)
		select {
		case <-p.exited:
		case <-time.After(termGrace):
		}
		killGroup(p.cmd.Process)
		// The group is not all: a child that called setsid left it, and
		// under a jail every process of the server's uid is its.
		procs.Kill(p.cmd.Process.Pid, p.jail)
		<-p.exited
		procs.Track(p.cmd.Process.Pid, false)
		trackProcess(p, false)
		p.stdout.Close()
		// The group is dead, so stderr reaches EOF; the bound guards against
		// a descendant that left the group and kept the pipe.
		select {
		case <-p.stderrDone:
		case <-time.After(termGrace):
		}
	})
}

// exitStatus says how the server ended, "" while it runs.
func (p *process) exitStatus() string {
	select {
	case <-p.exited:
	case <-time.After(50 * time.Millisecond):
		return ""
	}
	var ee *exec.ExitError
	if errors.As(p.waitErr, &ee) {
		return "exited with " + ee.ProcessState.String()
	}
	return "exited"
}

// stderrTail is the last stderr lines, once the process has stopped writing.
func (p *process) stderrTail() string {
	p.stop()
	return p.tail.String()
}

// Bounds of what is kept of a server's stderr.
const (
	// stderrKeepBytes of each line are kept to mask and quote; the rest of
	// a longer line is read and dropped.
	stderrKeepBytes = 4 << 10
	// stderrQuoteBytes of each kept line are quoted in an error.
	stderrQuoteBytes = 200
)

// drainLines reads r to its end, whatever it is sent, and hands add each
// line's first stderrKeepBytes (cut says the line was longer). It never stops
// early: a server whose stderr pipe closed would die of SIGPIPE on its next
// log line, as a 70 KB line once made it die under a line scanner.
func drainLines(r io.Reader, add func(line string, cut bool)) {
	buf := make([]byte, 32<<10)
	var line []byte
	cut := false
	for {
		n, err := r.Read(buf)
		chunk := buf[:n]
		for len(chunk) > 0 {
			end := bytes.IndexByte(chunk, '\n')
			part := chunk
			if end >= 0 {
				part = chunk[:end]
			}
			take := min(len(part), stderrKeepBytes-len(line))
			line = append(line, part[:take]...)
			cut = cut || take < len(part)
			if end < 0 {
				break
			}
			add(string(line), cut)
			line, cut = line[:0], false
			chunk = chunk[end+1:]
		}
		if err != nil {
			if len(line) > 0 {
				add(string(line), cut)
			}
			return
		}
	}
}

// lineTail keeps, masked, the last n lines of a server's stderr and the
// first line that says why it failed, each cut to a readable length.
type lineTail struct {
	masker *safetext.Masker
	mu     sync.Mutex
	n      int
	lines  []string
	why    string
}

func newLineTail(n int, masker *safetext.Masker) *lineTail { return &lineTail{n: n, masker: masker} }

// whyLine matches a line stating an error, as runtimes print them: Node's
// "Error: Cannot find module '/x/y.js'" (several lines into its output, under
// a source excerpt and above a stack), Python's "ModuleNotFoundError: ...",
// Go's "panic: ...", git-style "fatal: ...", npm's "npm error ...".
var whyLine = regexp.MustCompile(`^(?:[\w.$]*(?:Error|Exception)\b|(?i:(?:error|fatal|panic|npm error)\b|npm err!))`)

func (t *lineTail) add(raw string, cut bool) {
	// Masked before anything is cut, so no piece of a secret survives.
	line := t.masker.Mask(raw)
	if cut {
		line = t.masker.MaskCut(raw)
	}
	line = strings.TrimSpace(line)
	if line == "" {
		return
	}
	if len(line) > stderrQuoteBytes {
		line, cut = line[:stderrQuoteBytes], true
	}
	if cut {
		line = strings.ToValidUTF8(line, "") + "…"
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.why == "" && whyLine.MatchString(line) {
		t.why = line
	}
	t.lines = append(t.lines, line)
	if len(t.lines) > t.n {
		t.lines = t.lines[len(t.lines)-t.n:]
	}
}

// String is the line that says why (when the last lines do not hold it),
// then the last lines.
func (t *lineTail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	lines := t.lines
	if t.why != "" && !slices.Contains(lines, t.why) {
		lines = append([]string{t.why, "…"}, lines...)
	}
	return strings.Join(lines, " | ")
}
