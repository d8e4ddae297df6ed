package procs

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// disabled names mechanisms to leave out (jail, nnp, cloexec, sweep,
// comma-separated), so the tests can build a binary without one and show
// that its check then fails. Only a build sets it
// (-ldflags=-X .../internal/procs.disabled=...); nothing at run time can.
var disabled string

var (
	noJail       = off("jail")
	noNoNewPrivs = off("nnp")
	noCloexec    = off("cloexec")
	noSweep      = off("sweep")
)

func off(name string) bool { return strings.Contains(","+disabled+",", ","+name+",") }

// Ids of our servers: 2^28 and up, far above any distribution's users and
// systemd's dynamic range, when the user namespace maps them (a container
// of Docker's default does: "0 0 4294967295"); else the top of a
// 65536-id namespace (rootless Docker, Podman), below nobody (65534).
const (
	highBase, highCount = 1 << 28, 1 << 24
	lowBase, lowCount   = 60001, 65533 - 60001
)

var (
	usedMu sync.Mutex
	used   = map[uint32]bool{}
)

// New returns a jail for one server when we run as root, nil otherwise:
// a non-root user cannot give a server another uid, and as that user the
// server reaches nothing we do not already expose to it.
func New() (*Jail, error) {
	if noJail || os.Geteuid() != 0 {
		return nil, nil
	}
	id, err := pickID()
	if err != nil {
		return nil, err
	}
	// Our TMPDIR may be a folder private to root; the server's own one
	// must be reachable by its user.
	base := os.TempDir()
	if (&Jail{}).check(base, "") != nil {
		base = "/tmp"
	}
	home, err := os.MkdirTemp(base, "mcp-contract-server-")
	if err != nil {
		release(id)
		return nil, fmt.Errorf("cannot make the server's private folder: %v", err)
	}
	j := &Jail{Uid: id, Gid: id, Home: home}
	for _, d := range []string{home, home + "/tmp"} {
		err := os.MkdirAll(d, 0o700)
		if err == nil {
			err = os.Chown(d, int(id), int(id))
		}
		if err != nil {
			j.Close()
			return nil, fmt.Errorf("cannot make the server's private folder: %v", err)
		}
	}
	return j, nil
}

// pickID draws an id no server of ours holds. Ids are random, so two runs
// beside each other (two jobs of one runner) do not share one: in the
// high range two draws meet once in 2^24; in the low one, where they
// would meet often, the machine's processes are asked too.
func pickID() (uint32, error) {
	base, count := uint32(highBase), uint32(highCount)
	if !mapped(highBase, highCount) {
		if !mapped(lowBase, lowCount) {
			return 0, fmt.Errorf("this user namespace maps neither ids %d-%d nor %d-%d (/proc/self/uid_map), so a server cannot get a uid of its own; run mcp-contract as a non-root user", highBase, highBase+highCount-1, lowBase, lowBase+lowCount-1)
		}
		base, count = lowBase, lowCount
	}
	usedMu.Lock()
	defer usedMu.Unlock()
	var b [4]byte
	for range 64 {
		if _, err := rand.Read(b[:]); err != nil {
			return 0, err
		}
		id := base + binary.LittleEndian.Uint32(b[:])%count
		if !used[id] && (count == highCount || len(processesOf(live(), id)) == 0) {
			used[id] = true
			return id, nil
		}
	}
	return 0, fmt.Errorf("found no free uid in %d-%d for the server", base, base+count-1)
}

func release(id uint32) {
	usedMu.Lock()
	delete(used, id)
	usedMu.Unlock()
}

// mapped says whether the ids [lo, lo+n) of our user namespace map to
// ids outside it, in both /proc/self/uid_map and gid_map.
func mapped(lo, n uint32) bool {
	for _, f := range []string{"/proc/self/uid_map", "/proc/self/gid_map"} {
		data, err := os.ReadFile(f)
		if err != nil {
			return false
		}
		ok := false
		for _, line := range strings.Split(string(data), "\n") {
			var in, out, count uint64
			if _, err := fmt.Sscan(line, &in, &out, &count); err == nil && uint64(lo) >= in && uint64(lo)+uint64(n) <= in+count {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// CheckReach returns an error naming the first folder on the way to the
// file path (as written, and the file it links to) that the jail's user
// cannot enter.
func (j *Jail) CheckReach(path string) error {
	if j == nil {
		return nil
	}
	paths := []string{path}
	if real, err := filepath.EvalSymlinks(path); err == nil && real != path {
		paths = append(paths, real)
	}
	for _, p := range paths {
		if abs, err := filepath.Abs(p); err == nil {
			if err := j.check(filepath.Dir(abs), "so it cannot run "+path); err != nil {
				return err
			}
		}
	}
	return nil
}

// CheckEnter returns an error naming the first of dir and the folders
// above it that the jail's user cannot enter.
func (j *Jail) CheckEnter(dir string) error {
	if j == nil {
		return nil
	}
	return j.check(dir, "so it cannot work in "+dir)
}

// check finds the topmost folder from dir up that the jail's user cannot
// enter. The user has no group and owns nothing there, so only the
// others' execute bit lets it through.
func (j *Jail) check(dir, consequence string) error {
	var blocked string
	var mode os.FileMode
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if st, err := os.Stat(d); err == nil && st.Mode().Perm()&0o001 == 0 {
			blocked, mode = d, st.Mode().Perm()
		}
		if d == filepath.Dir(d) {
			break
		}
	}
	if blocked == "" {
		return nil
	}
	return fmt.Errorf("%w: as root we run each server as a user of its own (uid %d), which cannot enter %s (mode %04o), %s; run `chmod o+x %s`, or run mcp-contract as a non-root user", ErrUnreachable, j.Uid, blocked, mode, consequence, blocked)
}

var (
	setupOnce sync.Once
	setupErr  error
)

// setup runs once, before the first server starts. Descriptors we were
// handed (by the runner, a shell, a parent that leaked one) are marked
// close-on-exec, so no server inherits them: Go opens its own files so,
// and a server gets only stdin, stdout and stderr. We become a child
// subreaper, so a server's children that leave it (setsid, double fork)
// become ours to find and end, not init's.
func setup() error {
	setupOnce.Do(func() {
		if !noCloexec {
			if err := unix.CloseRange(3, ^uint(0), unix.CLOSE_RANGE_CLOEXEC); err != nil {
				setupErr = cloexecEach()
			}
		}
		if !noSweep {
			if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil && setupErr == nil {
				setupErr = fmt.Errorf("cannot become a child subreaper: %v", err)
			}
		}
	})
	return setupErr
}

// cloexecEach is for kernels before 5.11, which lack CLOSE_RANGE_CLOEXEC.
func cloexecEach() error {
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return fmt.Errorf("cannot list our descriptors to keep them from servers: %v", err)
	}
	for _, e := range entries {
		if fd, err := strconv.Atoi(e.Name()); err == nil && fd > 2 {
			unix.CloseOnExec(fd)
		}
	}
	return nil
}

// Start starts cmd as the leader of a new process group, as j's user when
// j is not nil, and tracks it as a running server's leader.
func Start(cmd *exec.Cmd, j *Jail) error {
	if err := setup(); err != nil {
		return err
	}
	// Between its fork and being tracked, a new leader is our child in a
	// group not ours: a stray to the sweep of another server stopping at
	// the same time, which would kill it. The sweep reads leaders under
	// this lock, so it waits until the new one is known.
	leadersMu.Lock()
	defer leadersMu.Unlock()
	err := start(cmd, j)
	if err == nil {
		leaders[cmd.Process.Pid] = true
	}
	return err
}

func start(cmd *exec.Cmd, j *Jail) error {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
	if j == nil {
		return cmd.Start()
	}
	// An empty Groups with NoSetGroups false drops every supplementary
	// group: root's, the Docker socket's among them.
	cmd.SysProcAttr.Credential = &syscall.Credential{Uid: j.Uid, Gid: j.Gid, Groups: []uint32{}}
	if noNoNewPrivs {
		return cmd.Start()
	}
	// no_new_privs belongs to a thread and passes to what it forks, and Go
	// forks on the calling thread. This goroutine's thread takes the flag
	// and starts the server, and is never unlocked: Go ends a locked
	// thread with its goroutine, so the flag reaches nothing else of ours.
	done := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
			done <- fmt.Errorf("cannot set no_new_privs for the server: %v", err)
			return
		}
		done <- cmd.Start()
	}()
	return <-done
}

// Kill ends, with SIGKILL, every process the server led by pid left:
// its group, its descendants wherever they moved, the children it left to
// us, and under a jail every process of the jail's uid; then it removes
// the jail's folder. It returns once none of them runs, or after 100
// rounds (about 5 s) against one that forks faster than it is killed.
func Kill(pid int, j *Jail) {
	_ = syscall.Kill(-pid, syscall.SIGKILL)
	if noSweep {
		j.Close()
		return
	}
	for round := 0; round < 100; round++ {
		victims := sweep(live(), pid, j)
		if len(victims) == 0 {
			break
		}
		for _, v := range victims {
			_ = syscall.Kill(v, syscall.SIGKILL)
		}
		reap(victims, pid)
		time.Sleep(time.Duration(round) * time.Millisecond)
	}
	j.Close()
}

// sweep picks from procs what Kill ends: the descendants of pid, the
// strays the subreaper gave us, and under a jail every process of its uid.
func sweep(procs []procInfo, pid int, j *Jail) []int {
	victims := descendants(procs, pid)
	victims = append(victims, strays(procs)...)
	if j != nil {
		victims = append(victims, processesOf(procs, j.Uid)...)
	}
	return victims
}

// Close removes the jail's folder and frees its id; Kill does it too.
func (j *Jail) Close() {
	if j == nil {
		return
	}
	os.RemoveAll(j.Home)
	release(j.Uid)
}

// procInfo is what /proc/<pid>/status says of one process: its parent,
// its process group and its real, effective, saved and filesystem uids.
type procInfo struct {
	pid, ppid, pgid int
	uids            []uint32
}

// live lists the processes that run, zombies left out.
func live() []procInfo {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var out []procInfo
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		data, err := os.ReadFile("/proc/" + e.Name() + "/status")
		if err != nil {
			continue
		}
		p := procInfo{pid: pid}
		zombie := false
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			key, val, _ := strings.Cut(sc.Text(), ":")
			f := strings.Fields(val)
			switch key {
			case "State":
				zombie = len(f) > 0 && (f[0] == "Z" || f[0] == "X")
			case "PPid":
				p.ppid, _ = strconv.Atoi(strings.TrimSpace(val))
			case "NSpgid":
				if len(f) > 0 {
					p.pgid, _ = strconv.Atoi(f[len(f)-1])
				}
			case "Uid":
				for _, u := range f {
					if n, err := strconv.ParseUint(u, 10, 32); err == nil {
						p.uids = append(p.uids, uint32(n))
					}
				}
			}
		}
		if !zombie {
			out = append(out, p)
		}
	}
	return out
}

// processesOf lists the live processes any of whose uids (real,
// effective, saved, filesystem) is uid.
func processesOf(procs []procInfo, uid uint32) []int {
	var out []int
	for _, p := range procs {
		for _, u := range p.uids {
			if u == uid {
				out = append(out, p.pid)
				break
			}
		}
	}
	return out
}

// descendants lists the live processes below pid.
func descendants(procs []procInfo, pid int) []int {
	children := map[int][]int{}
	for _, p := range procs {
		children[p.ppid] = append(children[p.ppid], p.pid)
	}
	var out []int
	for queue := children[pid]; len(queue) > 0; {
		p := queue[0]
		queue = append(queue[1:], children[p]...)
		out = append(out, p)
	}
	return out
}

var (
	leadersMu sync.Mutex
	leaders   = map[int]bool{}
)

// Track records pid as a running server's leader (on; Start does it for
// the servers it starts) or forgets it once the server is done, so that
// ending one server does not take another's leader for a stray.
func Track(pid int, on bool) {
	leadersMu.Lock()
	defer leadersMu.Unlock()
	if on {
		leaders[pid] = true
	} else {
		delete(leaders, pid)
	}
}

// strays lists the children the subreaper gave us: ours, in a process
// group not ours (so not a git or a shell we ran ourselves), and not a
// running server's leader. Their own parent, a server, has died.
func strays(procs []procInfo) []int {
	self, group := os.Getpid(), syscall.Getpgrp()
	leadersMu.Lock()
	defer leadersMu.Unlock()
	var out []int
	for _, p := range procs {
		if p.ppid == self && p.pgid != group && !leaders[p.pid] {
			out = append(out, p.pid)
		}
	}
	return out
}

// reap collects those of pids that are our children once they have died;
// the leader is left to os/exec, which waits for it. A pid of someone
// else's is no error.
func reap(pids []int, leader int) {
	for _, pid := range pids {
		if pid == leader {
			continue
		}
		var ws unix.WaitStatus
		_, _ = unix.Wait4(pid, &ws, unix.WNOHANG, nil)
	}
}
