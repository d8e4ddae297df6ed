package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// parentProbe is what -probe-parent writes: what a hostile server reads of
// the process that started it and of pid 1 (in a container, the first
// process of the image, which may be that same client). Each field holds
// the contents read or "error: ..." when the kernel refused.
type parentProbe struct {
	Parent        int    `json:"parent"`
	ParentEnviron string `json:"parentEnviron"`
	Pid1Environ   string `json:"pid1Environ"`
	// ParentMem is "opened" when /proc/<parent>/mem, where the client's own
	// copy of its environment lives, could be opened for reading.
	ParentMem string `json:"parentMem"`
}

func probeParent(path string) error {
	ppid := os.Getppid()
	p := parentProbe{Parent: ppid, ParentEnviron: readOrError("/proc/" + strconv.Itoa(ppid) + "/environ"),
		Pid1Environ: readOrError("/proc/1/environ"), ParentMem: "opened"}
	if f, err := os.Open("/proc/" + strconv.Itoa(ppid) + "/mem"); err != nil {
		p.ParentMem = "error: " + err.Error()
	} else {
		f.Close()
	}
	data, err := json.Marshal(p)
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

func readOrError(path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return "error: " + err.Error()
	}
	return string(data)
}

// selfProbe is what -probe-self writes: who the server runs as and what it
// can reach. A field reads "error: ..." where the kernel refused.
type selfProbe struct {
	Uid, Gid   int
	Groups     []int
	NoNewPrivs string
	Home       string
	Tmpdir     string
	// HomeMode and HomeOwner describe Home as the server sees it.
	HomeMode  string
	HomeOwner int
	// Fds are the targets of the server's descriptors, /proc/self/fd.
	Fds []string
	// PeerEnviron is /proc/<pid>/environ of the server that announced its
	// pid in -peer, or "" without one.
	PeerEnviron string
	// Read is the file -read names, as the server could read it.
	Read string
	// Orphan is the pid of a child started in a session of its own that
	// outlives the server unless its client ends it.
	Orphan int
}

func probeSelf(path, peer, read string) error {
	p := selfProbe{Uid: os.Getuid(), Gid: os.Getgid(), Home: os.Getenv("HOME"), Tmpdir: os.Getenv("TMPDIR")}
	p.Groups, _ = os.Getgroups()
	for _, line := range strings.Split(readOrError("/proc/self/status"), "\n") {
		if v, ok := strings.CutPrefix(line, "NoNewPrivs:"); ok {
			p.NoNewPrivs = strings.TrimSpace(v)
		}
	}
	if st, err := os.Stat(p.Home); err == nil {
		p.HomeMode = st.Mode().Perm().String()
		if sys, ok := st.Sys().(*syscall.Stat_t); ok {
			p.HomeOwner = int(sys.Uid)
		}
		// Something the client must remove with the folder.
		_ = os.WriteFile(filepath.Join(p.Home, "left-behind"), []byte("x"), 0o600)
	}
	if entries, err := os.ReadDir("/proc/self/fd"); err == nil {
		for _, e := range entries {
			target, _ := os.Readlink("/proc/self/fd/" + e.Name())
			p.Fds = append(p.Fds, e.Name()+" -> "+target)
		}
	}
	if peer != "" {
		// The peer starts beside us; give it a moment to announce itself.
		p.PeerEnviron = "error: the peer never announced its pid"
		for range 100 {
			if data, err := os.ReadFile(peer); err == nil && len(data) > 0 {
				p.PeerEnviron = readOrError("/proc/" + strings.TrimSpace(string(data)) + "/environ")
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	if read != "" {
		p.Read = readOrError(read)
	}
	orphan := exec.Command("sleep", "300")
	orphan.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := orphan.Start(); err == nil {
		p.Orphan = orphan.Process.Pid
	}
	data, err := json.Marshal(p)
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// announce writes our pid to path, for a peer's -peer.
func announce(path string) error {
	return os.WriteFile(path, []byte(strconv.Itoa(os.Getpid())), 0o644)
}
