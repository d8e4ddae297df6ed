package hideenv

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// Hide blanks every variable but the Go runtime's in the environment block
// /proc/<pid>/environ shows, and marks the process non-dumpable. os.Getenv,
// os.Environ and os.LookupEnv answer as before: they read Go's copy.
//
// Non-dumpable makes /proc/<pid>/environ and /proc/<pid>/mem (where Go's
// copy lives) refuse every process without CAP_SYS_PTRACE, root in a
// default container included. A process with CAP_SYS_PTRACE (host root, a
// privileged container) still reads our memory; what it finds in environ is
// blanked.
func Hide() error {
	defer unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0)
	start, end, err := envBlock()
	if err != nil {
		return fmt.Errorf("cannot find the environment block to blank (%v); it stays readable to processes allowed to trace this one", err)
	}
	mem, err := os.OpenFile("/proc/self/mem", os.O_RDWR, 0)
	if err != nil {
		return fmt.Errorf("cannot blank the environment block (%v); it stays readable to processes allowed to trace this one", err)
	}
	defer mem.Close()
	block := make([]byte, end-start)
	if _, err := mem.ReadAt(block, start); err != nil {
		return fmt.Errorf("cannot read the environment block (%v); it stays readable to processes allowed to trace this one", err)
	}
	if !blank(block) {
		return nil
	}
	if _, err := mem.WriteAt(block, start); err != nil {
		return fmt.Errorf("cannot blank the environment block (%v); it stays readable to processes allowed to trace this one", err)
	}
	return nil
}

// envBlock reads where the kernel put the environment strings: fields 50
// and 51 (env_start, env_end) of /proc/self/stat, counted after the command
// name, which may itself hold spaces and parentheses.
func envBlock() (start, end int64, err error) {
	stat, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return 0, 0, err
	}
	fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	// fields[0] is field 3, the state.
	if len(fields) < 49 {
		return 0, 0, fmt.Errorf("/proc/self/stat has %d fields, and env_start and env_end are fields 50 and 51", len(fields)+2)
	}
	start, err1 := strconv.ParseInt(fields[47], 10, 64)
	end, err2 := strconv.ParseInt(fields[48], 10, 64)
	if err1 != nil || err2 != nil || start <= 0 || end < start || end-start > 64<<20 {
		return 0, 0, fmt.Errorf("/proc/self/stat gives env_start %s and env_end %s", fields[47], fields[48])
	}
	return start, end, nil
}

// blank zeroes each NAME=value string of block whose name is not a
// runtime variable, keeping every string's place, and reports whether it
// changed anything.
func blank(block []byte) bool {
	changed := false
	for rest := block; len(rest) > 0; {
		n := bytes.IndexByte(rest, 0)
		if n < 0 {
			n = len(rest)
		}
		entry := rest[:n]
		name, _, _ := bytes.Cut(entry, []byte("="))
		if len(entry) > 0 && !runtimeVars[string(name)] {
			clear(entry)
			changed = true
		}
		rest = rest[min(n+1, len(rest)):]
	}
	return changed
}
