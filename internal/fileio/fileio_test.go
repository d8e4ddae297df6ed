//go:build unix

package fileio

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func write(s string) func(io.Writer) error {
	return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
}

// A device node named as output is written to, never replaced: renaming over
// /dev/null as root (every container action runs as root) turns it into a
// plain file and breaks the container. A private copy of /dev/null stands in.
func TestWriteOutputKeepsDevices(t *testing.T) {
	dev := filepath.Join(t.TempDir(), "null")
	if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, int(1<<8|3)); err != nil {
		t.Skipf("cannot create a device node here (needs root): %v", err)
	}
	if err := WriteOutput(dev, write("report\n")); err != nil {
		t.Fatal(err)
	}
	info, err := os.Lstat(dev)
	if err != nil || info.Mode()&os.ModeCharDevice == 0 {
		t.Fatalf("the device node was replaced: %v %v", info.Mode(), err)
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(dev), ".*tmp*")); len(left) > 0 {
		t.Errorf("temp files left: %v", left)
	}
}

func TestWriteOutputFIFOAndSymlink(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	got := make(chan string)
	go func() {
		data, _ := os.ReadFile(fifo)
		got <- string(data)
	}()
	if err := WriteOutput(fifo, write("through the pipe")); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "through the pipe" {
		t.Errorf("the reader got %q", s)
	}
	if info, _ := os.Lstat(fifo); info.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced by %v", info.Mode())
	}

	target := filepath.Join(dir, "real.txt")
	os.WriteFile(target, []byte("old"), 0o644)
	link := filepath.Join(dir, "link.txt")
	os.Symlink(target, link)
	if err := WriteOutput(link, write("new")); err != nil {
		t.Fatal(err)
	}
	if info, _ := os.Lstat(link); info.Mode()&os.ModeSymlink == 0 {
		t.Error("-o through a symlink replaced the link")
	}
	if data, _ := os.ReadFile(target); string(data) != "new" {
		t.Errorf("the link's target holds %q", data)
	}
	if err := WriteOutput(dir, write("x")); err == nil || !strings.Contains(err.Error(), "folder") {
		t.Errorf("writing to a folder: %v", err)
	}
}

// A file the tool names itself is never written through a symlink: a
// snapshot linked to /etc/passwd must not overwrite it.
func TestWriteFileRefusesSymlinks(t *testing.T) {
	dir := t.TempDir()
	outside := filepath.Join(t.TempDir(), "victim")
	os.WriteFile(outside, []byte("precious"), 0o644)
	link := filepath.Join(dir, "srv.json")
	os.Symlink(outside, link)
	err := WriteFile(link, []byte("{}\n"))
	var ie *Error
	if !errors.As(err, &ie) || !strings.Contains(err.Error(), "not a regular file") {
		t.Fatalf("WriteFile through a symlink: %v", err)
	}
	if data, _ := os.ReadFile(outside); string(data) != "precious" {
		t.Errorf("the link's target was written: %q", data)
	}
	if err := WriteFile(filepath.Join(dir, "new.json"), []byte("{}\n")); err != nil {
		t.Fatal(err)
	}
}

func TestInDir(t *testing.T) {
	for _, tc := range []struct {
		dir, name string
		ok        bool
	}{
		{"snaps", "a.json", true},
		{"./snaps/", "a.json", true},
		{"/abs/snaps", "a.json", true},
		{"snaps", "../a.json", false},
		{"snaps", "sub/a.json", false},
		{"snaps", "..", false},
		{"snaps", ".", false},
		{"snaps", "", false},
		{"snaps", "/etc/passwd", false},
	} {
		p, err := InDir(tc.dir, tc.name)
		if (err == nil) != tc.ok {
			t.Errorf("InDir(%q, %q) = %q, %v; want ok=%v", tc.dir, tc.name, p, err, tc.ok)
		}
	}
}

// The signal handler's last resort: a write cut short leaves no temp file,
// and the committed file stays as it was.
func TestRemoveTemps(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "report.json")
	os.WriteFile(path, []byte("old"), 0o644)
	var removed []string
	err := WriteOutput(path, func(w io.Writer) error {
		io.WriteString(w, "half")
		removed = RemoveTemps()
		return nil
	})
	if err == nil || len(removed) != 1 {
		t.Fatalf("err %v, removed %v", err, removed)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("left in the folder: %v", entries)
	}
	if data, _ := os.ReadFile(path); string(data) != "old" {
		t.Errorf("the committed file holds %q", data)
	}
	if again := RemoveTemps(); len(again) != 0 {
		t.Errorf("RemoveTemps forgot nothing: %v", again)
	}
}

// BenchmarkReadFile reads a 16 MB file, the size of a 10,000-tool catalog.
func BenchmarkReadFile(b *testing.B) {
	path := filepath.Join(b.TempDir(), "big.json")
	if err := os.WriteFile(path, make([]byte, 16<<20), 0o644); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(16 << 20)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ReadFile(path, MaxToolFile); err != nil {
			b.Fatal(err)
		}
	}
}

// A file may change size between Stat and the read: readAll returns what is
// there whichever way it went, and ReadFile still refuses more than limit.
func TestReadAllIgnoresAStaleSize(t *testing.T) {
	body := strings.Repeat("0123456789", 1000)
	for _, size := range []int64{0, 1, 9999, 10000, 10001, 50000} {
		got, err := readAll(strings.NewReader(body), size)
		if err != nil || string(got) != body {
			t.Errorf("size %d: read %d bytes, err %v; want all %d", size, len(got), err, len(body))
		}
		got, err = readAll(io.LimitReader(strings.NewReader(body), 4001), size)
		if err != nil || len(got) != 4001 {
			t.Errorf("size %d, limited: read %d bytes, err %v; want 4001", size, len(got), err)
		}
		text, err := ReadAllString(strings.NewReader(body), size)
		if err != nil || text != body {
			t.Errorf("size %d: ReadAllString read %d bytes, err %v; want all %d", size, len(text), err, len(body))
		}
	}
	path := filepath.Join(t.TempDir(), "f.json")
	os.WriteFile(path, []byte(body), 0o644)
	if got, err := ReadFile(path, 10000); err != nil || string(got) != body {
		t.Errorf("a file of exactly the limit: %d bytes, %v", len(got), err)
	}
	if got, err := ReadText(path, 10000); err != nil || got != body {
		t.Errorf("ReadText, a file of exactly the limit: %d bytes, %v", len(got), err)
	}
	var ie *Error
	if _, err := ReadFile(path, 9999); !errors.As(err, &ie) || !strings.Contains(ie.Msg, "over the 9999-byte limit") {
		t.Errorf("a file one byte over the limit: %v", err)
	}
	if _, err := ReadText(path, 9999); !errors.As(err, &ie) || !strings.Contains(ie.Msg, "over the 9999-byte limit") {
		t.Errorf("ReadText, a file one byte over the limit: %v", err)
	}
	dir := t.TempDir()
	if _, err := ReadText(dir, 10000); !errors.As(err, &ie) || !strings.Contains(ie.Msg, "is a folder") {
		t.Errorf("ReadText of a folder: %v", err)
	}
}
