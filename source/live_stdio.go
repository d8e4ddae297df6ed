package source

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// termGrace is how long a stdio server may take to exit on SIGTERM before its
// whole process group is killed.
const termGrace = time.Second

// process is a stdio server started in a process group of its own, so that
// stopping it also stops whatever it spawned (npx, shells, node workers).
type process struct {
	cmd    *exec.Cmd
	stdin  *os.File
	stdout *os.File
	tail   *lineTail
	// stderrDone closes when every writer of stderr has gone.
	stderrDone chan struct{}
	exited     chan struct{}
	waitErr    error
	stopOnce   sync.Once
}

func startProcess(sc *ServerConfig, tailLines int) (*process, error) {
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
	// Our own pipes rather than exec's: the SDK reads stdout while we wait for
	// the process, which exec's StdoutPipe forbids.
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW)
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW, outR, outW)
		return nil, err
	}
	cmd := &exec.Cmd{Path: path, Args: argv, Env: serverEnviron(sc, os.LookupEnv), Dir: sc.Cwd,
		Stdin: inR, Stdout: outW, Stderr: errW,
		SysProcAttr: ownGroup()}
	if err := cmd.Start(); err != nil {
		closeAll(inR, inW, outR, outW, errR, errW)
		return nil, fmt.Errorf("cannot start %q: %v; check the command and its working directory", argv[0], err)
	}
	closeAll(inR, outW, errW)
	p := &process{cmd: cmd, stdin: inW, stdout: outR, tail: newLineTail(tailLines),
		stderrDone: make(chan struct{}), exited: make(chan struct{})}
	go func() {
		defer close(p.stderrDone)
		defer errR.Close()
		sc := bufio.NewScanner(errR)
		sc.Buffer(make([]byte, 0, 4096), 64<<10)
		for sc.Scan() {
			p.tail.add(sc.Text())
		}
	}()
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
		<-p.exited
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

// lineTail keeps the last n lines written, each cut to a readable length.
type lineTail struct {
	mu    sync.Mutex
	n     int
	lines []string
}

func newLineTail(n int) *lineTail { return &lineTail{n: n} }

func (t *lineTail) add(line string) {
	line = strings.TrimSpace(line)
	if line == "" {
		return
	}
	if len(line) > 200 {
		line = strings.ToValidUTF8(line[:200], "") + "…"
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.lines = append(t.lines, line)
	if len(t.lines) > t.n {
		t.lines = t.lines[len(t.lines)-t.n:]
	}
}

func (t *lineTail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.Join(t.lines, " | ")
}
