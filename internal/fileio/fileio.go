// Package fileio is the one way mcp-contract reads and writes files. Reading
// takes only regular files, up to a limit, so a FIFO, a device or a huge file
// named as input (or linked into a folder) cannot hang the run or fill its
// memory. Writing goes through a temp file in the target's folder and a
// rename, so no reader ever sees half a file, except for targets that are not
// regular files (/dev/null, a pipe), which are written in place: renaming
// over them would replace a device node with a plain file.
package fileio

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"
)

// Error is a file that cannot be read or written: Path names it, Msg says
// why in a few words. This package stands below the model and cannot
// return its errors, so callers turn an Error into theirs
// (contract.FileInput); the text is "path: why" either way.
type Error struct {
	Path string
	Msg  string
}

func (e *Error) Error() string { return e.Path + ": " + e.Msg }

// Limits on what one input file may hold (docs/security.md, "Limits"). Tool files and
// snapshots may be big (a 10,000-tool catalog is 15 MB), and what a run
// holds per input byte depends on the file's shape. The costliest run
// measured is drift on two files of a long enum, 53x the size of one
// (bench/memory.sh: 5.1 GB at 96 MiB), so it fits a 7 GB runner; at 128 MiB
// it would take about 6.8 GB, too close. OpenAPI specs and generated
// output share the limit. Configs, recorded calls and --args files are
// small by nature, so their limit is low enough that a mistaken path (a
// log, a disk image) is refused at once.
const (
	MaxToolFile   = 96 << 20
	MaxConfigFile = 1 << 20
	MaxCallFile   = 16 << 20
)

// ReadFile reads a regular file of at most limit bytes. Anything else (a
// folder, FIFO, socket or device, also behind a symlink) and anything larger
// is a *Error naming path, refused before its content is read.
func ReadFile(path string, limit int64) ([]byte, error) {
	f, size, err := openRegular(path, limit)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readOpened(f, path, size, limit)
}

// ReadText is ReadFile for a caller that keeps the content as a string:
// the file is read into the string's own memory, instead of into bytes the
// string is then copied from (a 150 MB catalog would be held twice).
func ReadText(path string, limit int64) (string, error) {
	f, size, err := openRegular(path, limit)
	if err != nil {
		return "", err
	}
	defer f.Close()
	text, err := ReadAllString(io.LimitReader(f, limit+1), size)
	if err != nil {
		return "", &Error{Path: path, Msg: Problem(err)}
	}
	if int64(len(text)) > limit {
		return "", tooLarge(path, int64(len(text)), limit)
	}
	return text, nil
}

// openRegular opens path when it is a regular file of at most limit bytes,
// and returns its size.
func openRegular(path string, limit int64) (*os.File, int64, error) {
	// O_NONBLOCK: opening a FIFO must not wait for a writer; the mode check
	// below refuses it right after.
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	return checkRegular(f, err, path, limit)
}

// ReadFileInside is ReadFile for name inside dir, opened through os.Root:
// neither "..", an absolute name nor a symlink (anywhere on the way) can
// take it out of dir.
func ReadFileInside(dir, name string, limit int64) ([]byte, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, &Error{Path: dir, Msg: Problem(err)}
	}
	defer root.Close()
	path := filepath.Join(dir, name)
	f, err := root.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil && strings.Contains(err.Error(), "escapes") {
		return nil, &Error{Path: path, Msg: "it leads out of " + dir + " (through a symlink or ..), and only files inside it are read"}
	}
	f, size, err := checkRegular(f, err, path, limit)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readOpened(f, path, size, limit)
}

// checkRegular finishes an open: f must be a regular file within limit.
func checkRegular(f *os.File, err error, path string, limit int64) (*os.File, int64, error) {
	if err != nil {
		// A socket cannot be opened at all; say what it is, not ENXIO.
		if info, serr := os.Stat(path); serr == nil && regular(info) != nil {
			return nil, 0, &Error{Path: path, Msg: regular(info).Error()}
		}
		return nil, 0, &Error{Path: path, Msg: Problem(err)}
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, &Error{Path: path, Msg: Problem(err)}
	}
	if err := regular(info); err != nil {
		f.Close()
		return nil, 0, &Error{Path: path, Msg: err.Error()}
	}
	if info.Size() > limit {
		f.Close()
		return nil, 0, tooLarge(path, info.Size(), limit)
	}
	return f, info.Size(), nil
}

// readAll reads r to its end into one buffer sized for the size Stat gave:
// io.ReadAll would grow it by doubling, allocating twice a big file's size
// and holding two copies at once. The size may grow while we read (a log
// being written), so the buffer still grows past it; r (limit+1 bytes at
// most) stops one byte past the limit either way.
func readAll(r io.Reader, size int64) ([]byte, error) {
	// One byte more than size, so that the read that sees EOF needs no room.
	data := make([]byte, 0, size+1)
	for {
		n, err := r.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, err
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
	}
}

// ReadAllString reads r to its end into a string, with room for size
// bytes made at once (growing past them if r holds more), so that a big
// input is neither regrown by doubling nor copied from bytes.
func ReadAllString(r io.Reader, size int64) (string, error) {
	var sb strings.Builder
	sb.Grow(int(size) + 1)
	if _, err := io.Copy(&sb, r); err != nil {
		return "", err
	}
	return sb.String(), nil
}

// CheckRegular returns a *Error unless path (after symlinks)
// is a regular file; folder listings use it to refuse what ReadFile would.
func CheckRegular(path string) error {
	info, err := os.Stat(path)
	if err != nil {
		return &Error{Path: path, Msg: Problem(err)}
	}
	if err := regular(info); err != nil {
		return &Error{Path: path, Msg: err.Error()}
	}
	return nil
}

func regular(info os.FileInfo) error {
	m := info.Mode()
	switch {
	case m.IsRegular():
		return nil
	case m.IsDir():
		return errors.New("is a folder, not a file")
	case m&os.ModeNamedPipe != 0:
		return errors.New("is a named pipe (FIFO), not a regular file; only regular files are read")
	case m&os.ModeSocket != 0:
		return errors.New("is a socket, not a regular file; only regular files are read")
	case m&os.ModeDevice != 0:
		return errors.New("is a device, not a regular file; only regular files are read")
	}
	return fmt.Errorf("is not a regular file (%s); only regular files are read", m.Type())
}

func tooLarge(path string, size, limit int64) error {
	return &Error{Path: path, Msg: fmt.Sprintf("file is %d bytes or more, over the %d-byte limit for this input", size, limit)}
}

// Problem says in a few words why a file operation failed.
func Problem(err error) string {
	switch {
	case errors.Is(err, os.ErrNotExist):
		return "no such file or folder"
	case errors.Is(err, os.ErrPermission):
		return "permission denied"
	}
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// InDir returns filepath.Join(dir, name) after proving that the result sits
// directly inside dir once cleaned: name cannot climb out ("../x"), reach
// into a subfolder ("a/b") or be the folder itself. Every path the tool
// derives from outside input goes through it before a write.
func InDir(dir, name string) (string, error) {
	p := filepath.Join(dir, name)
	if name == "" || filepath.Dir(p) != filepath.Clean(dir) || filepath.Base(p) != name {
		return "", &Error{Path: p, Msg: fmt.Sprintf("%q would not be a file directly inside %s", name, dir)}
	}
	return p, nil
}

// temps are the temp files being written now, removed by RemoveTemps when a
// signal ends the run before a write finished.
var temps = struct {
	sync.Mutex
	names map[string]bool
}{names: map[string]bool{}}

func track(name string, on bool) {
	temps.Lock()
	defer temps.Unlock()
	if on {
		temps.names[name] = true
	} else {
		delete(temps.names, name)
	}
}

// RemoveTemps deletes every temp file a write has not yet renamed or
// removed, and returns their names. The signal handler calls it on its way
// out; committed files are never touched.
func RemoveTemps() []string {
	temps.Lock()
	defer temps.Unlock()
	var removed []string
	for name := range temps.names {
		if os.Remove(name) == nil {
			removed = append(removed, name)
		}
		delete(temps.names, name)
	}
	sort.Strings(removed)
	return removed
}

// WriteOutput stores what write produces at path, a file the user named
// (-o). A regular file (or a path that does not exist yet) is replaced
// atomically (see replace). A symlink is followed, so the link stays a link.
// Anything else that exists (a device such as /dev/null, a FIFO) is opened
// and written in place. A folder is an error. Under ConfineWrites it is
// WriteInside instead.
func WriteOutput(path string, write func(io.Writer) error) error {
	if root := confinedRoot(); root != "" {
		return writeConfined(root, path, write)
	}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	if info, err := os.Stat(path); err == nil && !info.Mode().IsRegular() {
		if info.IsDir() {
			return &Error{Path: path, Msg: "cannot write: is a folder; name a file"}
		}
		return writeInPlace(path, write)
	}
	return replace(path, write)
}

// WriteFile stores data at path, a file the tool names itself inside a
// folder (a snapshot): the caller proves the path with InDir, and nothing
// here may lead elsewhere, so a symlink or any other non-regular file at
// path is refused rather than followed or written through. Under
// ConfineWrites it is WriteInside instead.
func WriteFile(path string, data []byte) error {
	if root := confinedRoot(); root != "" {
		return writeConfined(root, path, func(w io.Writer) error { _, err := w.Write(data); return err })
	}
	if info, err := os.Lstat(path); err == nil && !info.Mode().IsRegular() {
		return &Error{Path: path, Msg: fmt.Sprintf("cannot write: the path exists and is not a regular file (%s); remove it first", info.Mode().Type())}
	}
	return replace(path, func(w io.Writer) error { _, err := w.Write(data); return err })
}

// replace writes into a temp file in path's folder, which is synced and
// renamed over path only when write succeeded, so a failure or a crash
// leaves the old file as it was and no reader sees half a file.
func replace(path string, write func(io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return &Error{Path: path, Msg: "cannot write: " + Problem(err)}
	}
	track(tmp.Name(), true)
	defer track(tmp.Name(), false)
	werr := write(tmp)
	if werr == nil {
		werr = tmp.Chmod(0o644)
	}
	if werr == nil {
		werr = tmp.Sync()
	}
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), path)
	}
	if werr != nil {
		os.Remove(tmp.Name())
		return &Error{Path: path, Msg: "cannot write: " + Problem(werr)}
	}
	return nil
}

func writeInPlace(path string, write func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return &Error{Path: path, Msg: "cannot write: " + Problem(err)}
	}
	werr := write(f)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return &Error{Path: path, Msg: "cannot write: " + Problem(werr)}
	}
	return nil
}

// readOpened reads an opened regular file of the size its stat gave, which
// may have grown since: past limit it is refused all the same.
func readOpened(f *os.File, path string, size, limit int64) ([]byte, error) {
	data, err := readAll(io.LimitReader(f, limit+1), size)
	if err != nil {
		return nil, &Error{Path: path, Msg: Problem(err)}
	}
	if int64(len(data)) > limit {
		return nil, tooLarge(path, int64(len(data)), limit)
	}
	return data, nil
}
