package fileio

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
)

// confined is the folder every write must stay inside, once ConfineWrites
// named one: the Action runs as root in a checkout it does not control, so
// a committed symlink (mcp-contract-report.json -> ../outside, or a
// snapshot folder linked to /etc) must not send a write elsewhere.
var confined struct {
	sync.Mutex
	root string
}

// ConfineWrites makes every later WriteOutput and WriteFile a WriteInside
// of root; "" lifts it.
func ConfineWrites(root string) {
	confined.Lock()
	defer confined.Unlock()
	confined.root = root
}

func confinedRoot() string {
	confined.Lock()
	defer confined.Unlock()
	return confined.root
}

// writeConfined is WriteInside for a path named relative to the working
// directory, as the callers of WriteOutput and WriteFile name it.
func writeConfined(root, path string, write func(io.Writer) error) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return &Error{Path: path, Msg: "cannot write: " + Problem(err)}
	}
	return WriteInside(root, abs, write)
}

// WriteInside stores what write produces at path (absolute, or relative to
// root) without ever leaving root: the path may not climb out of it, no
// symlink on the way may lead out of it (os.Root), and the file itself must
// be a regular file or not exist yet, never a symlink, which is refused
// rather than followed. Missing folders are made. As every write here, it
// goes through a temp file and a rename. When the process runs as root,
// what it creates (folders, the file) gets the uid and gid of root's owner,
// so a runner-owned workspace does not fill with files its later steps and
// its cleanup cannot remove.
func WriteInside(root, path string, write func(io.Writer) error) error {
	rel := path
	if filepath.IsAbs(path) {
		var err error
		if rel, err = filepath.Rel(root, path); err != nil {
			rel = path
		}
	}
	if !filepath.IsLocal(rel) {
		return &Error{Path: path, Msg: fmt.Sprintf("cannot write: the path is outside %s; name a file inside it", root)}
	}
	r, err := os.OpenRoot(root)
	if err != nil {
		return &Error{Path: path, Msg: "cannot write: " + Problem(err)}
	}
	defer r.Close()
	owner := ownerToGive(r)
	if err := makeFolders(r, filepath.Dir(rel), owner); err != nil {
		return &Error{Path: path, Msg: "cannot create its folder: " + problemInside(err, root)}
	}
	if info, err := r.Lstat(rel); err == nil && !info.Mode().IsRegular() {
		return &Error{Path: path, Msg: fmt.Sprintf("cannot write: the path exists and is not a regular file (%s); remove it first", info.Mode().Type())}
	}
	if err := replaceInside(r, root, rel, owner, write); err != nil {
		return &Error{Path: path, Msg: "cannot write: " + problemInside(err, root)}
	}
	return nil
}

// problemInside is Problem, naming root for what os.Root refused because
// a symlink or ".." on the way led out of it.
func problemInside(err error, root string) string {
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Err.Error() == "path escapes from parent" {
		return "a symlink on the way leads outside " + root
	}
	return Problem(err)
}

// owner is a uid and gid to give what a write creates; nil gives nothing.
type owner struct{ uid, gid int }

// ownerToGive is the owner of r's folder when the process runs as root and
// that owner is someone else, else nil.
func ownerToGive(r *os.Root) *owner {
	if os.Geteuid() != 0 {
		return nil
	}
	info, err := r.Stat(".")
	if err != nil {
		return nil
	}
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok || st.Uid == 0 && st.Gid == 0 {
		return nil
	}
	return &owner{int(st.Uid), int(st.Gid)}
}

// makeFolders makes dir and the folders above it inside r that are
// missing, each given to o.
func makeFolders(r *os.Root, dir string, o *owner) error {
	if dir == "." {
		return nil
	}
	if info, err := r.Stat(dir); err == nil {
		if !info.IsDir() {
			return &fs.PathError{Op: "mkdir", Path: dir, Err: syscall.ENOTDIR}
		}
		return nil
	}
	if err := makeFolders(r, filepath.Dir(dir), o); err != nil {
		return err
	}
	if err := r.Mkdir(dir, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	if o != nil {
		return r.Lchown(dir, o.uid, o.gid)
	}
	return nil
}

// replaceInside is replace inside r.
func replaceInside(r *os.Root, root, rel string, o *owner, write func(io.Writer) error) error {
	var tmp *os.File
	var tmpRel string
	for range 100 {
		tmpRel = filepath.Join(filepath.Dir(rel), "."+filepath.Base(rel)+".tmp-"+strconv.FormatUint(rand.Uint64(), 36))
		f, err := r.OpenFile(tmpRel, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return err
		}
		tmp = f
		break
	}
	if tmp == nil {
		return errors.New("no free temp file name")
	}
	// The signal handler removes it by this name: root is a real folder
	// and tmpRel holds no symlink that leads out of it.
	tracked := filepath.Join(root, tmpRel)
	track(tracked, true)
	defer track(tracked, false)
	werr := write(tmp)
	if werr == nil {
		werr = tmp.Chmod(0o644)
	}
	if werr == nil && o != nil {
		werr = tmp.Chown(o.uid, o.gid)
	}
	if werr == nil {
		werr = tmp.Sync()
	}
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = r.Rename(tmpRel, rel)
	}
	if werr != nil {
		r.Remove(tmpRel)
	}
	return werr
}
