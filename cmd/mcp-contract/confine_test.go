//go:build linux

package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/mcp-contract/mcp-contract/internal/testenv"
)

// The servers we start are hostile (issue 27): as root each must run as a
// uid of its own with no groups and no_new_privs, in a private HOME that
// is removed afterwards, unable to read another server's /proc files, with
// no descriptor of ours but stdin, stdout and stderr, and with nothing it
// started left running. Each check is run again against a binary built
// without the mechanism it checks, and must fail there.

// confineProbe is what the fixture server's -probe-self writes
// (internal/fixtureserver/cmd/fixtureserver/probe.go).
type confineProbe struct {
	Uid, Gid    int
	Groups      []int
	NoNewPrivs  string
	Home        string
	Tmpdir      string
	HomeMode    string
	HomeOwner   int
	Fds         []string
	PeerEnviron string
	Read        string
	Orphan      int
}

const victimKey = "victimServerKey0123456789"

// runProbe runs bin's lint on two servers started side by side: a prober,
// which reports what it reaches, and a victim holding a secret in its
// environment, which announces its pid and keeps serving for a while. The
// binary gets an extra descriptor, as a runner or a shell may leak one.
// asUser runs the binary as that user (nil: as we are).
func runProbe(t *testing.T, bin string, asUser *syscall.Credential) (confineProbe, string) {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	fixture := fixtureServer(t, root)
	dir := openDir(t)
	tools, err := os.ReadFile(filepath.Join(root, "testdata", "corpus", "servers", "npm-server-memory.json"))
	if err != nil {
		t.Fatal(err)
	}
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	toolsPath := write("tools.json", string(tools))
	workspaceFile := write("workspace.txt", "a file of the workspace")
	marker := write("inherited-descriptor-marker", "")
	probe, peer := filepath.Join(dir, "probe.json"), filepath.Join(dir, "victim.pid")
	write(".mcp-contract.yaml", "version: 1\nservers:\n"+
		"  prober:\n    command: ["+fixture+", -tools, "+toolsPath+", -probe-self, "+probe+", -peer, "+peer+", -read, "+workspaceFile+"]\n"+
		"  victim:\n    command: ["+fixture+", -tools, "+toolsPath+", -announce, "+peer+", -page-delay, 2s]\n"+
		"    env: {VICTIM_KEY: "+victimKey+"}\n")
	leaked, err := os.Open(marker)
	if err != nil {
		t.Fatal(err)
	}
	defer leaked.Close()
	cmd := exec.Command(bin, "lint", "--fail-on", "never")
	cmd.Dir = dir
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir}
	cmd.ExtraFiles = []*os.File{leaked}
	if asUser != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: asUser}
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("lint: %v\n%s", err, out)
	}
	data, err := os.ReadFile(probe)
	if err != nil {
		t.Fatalf("the prober wrote nothing: %v\n%s", err, out)
	}
	var p confineProbe
	if err := json.Unmarshal(data, &p); err != nil {
		t.Fatal(err)
	}
	return p, marker
}

// confinementFaults lists every way the probe shows a server that is not
// confined; jailed says we ran as root, so a jail was due.
func confinementFaults(p confineProbe, marker string, jailed bool) []string {
	var faults []string
	fault := func(format string, ok bool) {
		if !ok {
			faults = append(faults, format)
		}
	}
	for _, fd := range p.Fds {
		fault("the server inherited our descriptor: "+fd, !strings.HasSuffix(fd, marker))
	}
	fault("the server's setsid child outlived the run", !running(p.Orphan))
	fault("the server could not read the workspace: "+p.Read, p.Read == "a file of the workspace")
	fault("the server read its peer's environment", !strings.Contains(p.PeerEnviron, victimKey))
	if !jailed {
		return faults
	}
	fault("the server ran as root", p.Uid != 0 && p.Gid != 0)
	fault("the server kept supplementary groups", len(p.Groups) == 0)
	fault("the server ran without no_new_privs: "+p.NoNewPrivs, p.NoNewPrivs == "1")
	fault("the server's HOME is not its own 0700 folder: "+p.Home+" "+p.HomeMode, p.HomeOwner == p.Uid && p.HomeMode == "-rwx------" && strings.HasPrefix(p.Home, os.TempDir()))
	fault("the server's TMPDIR is not in its HOME: "+p.Tmpdir, p.Home != "" && strings.HasPrefix(p.Tmpdir, p.Home+"/"))
	_, err := os.Stat(p.Home)
	fault("the server's HOME was left behind", p.Home != "" && os.IsNotExist(err))
	return faults
}

// running says whether pid is a live process (not a zombie).
func running(pid int) bool {
	if pid <= 0 {
		return false
	}
	status, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	return err == nil && !strings.Contains(string(status), "State:\tZ")
}

func TestServersRunUnprivilegedAndApart(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("as root only: a non-root client runs its servers as itself (TestServersOfANonRootClientKeepNoDescriptorOrOrphan)")
	}
	p, marker := runProbe(t, builtBinary(t), nil)
	for _, f := range confinementFaults(p, marker, true) {
		t.Error(f)
	}
	t.Logf("the server ran as %d:%d in %s", p.Uid, p.Gid, p.Home)
}

func TestServersOfANonRootClientKeepNoDescriptorOrOrphan(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to run the client as another user")
	}
	for _, d := range []string{binDir} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	p, marker := runProbe(t, builtBinary(t), &syscall.Credential{Uid: 65534, Gid: 65534})
	// Both servers run as nobody, so each reads the other's environment:
	// that is the non-root model (design §7), not a fault here.
	var faults []string
	for _, f := range confinementFaults(p, marker, false) {
		if !strings.Contains(f, "peer's environment") {
			faults = append(faults, f)
		}
	}
	for _, f := range faults {
		t.Error(f)
	}
	if p.Uid != 65534 {
		t.Errorf("the server ran as %d, want nobody's 65534", p.Uid)
	}
}

// Each mechanism off in turn (a binary built with procs.disabled): the
// check that covers it must fail, so no check above passes by accident.
func TestConfinementChecksFailWithoutTheirMechanism(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("as root only")
	}
	if testing.Short() {
		t.Skip("builds two more binaries")
	}
	jailFaults := []string{"ran as root", "HOME is not its own", "read its peer's environment"}
	if groups, _ := os.Getgroups(); len(groups) > 0 {
		jailFaults = append(jailFaults, "supplementary groups")
	}
	for _, tc := range []struct {
		name, disabled string
		want           []string
	}{
		{"without-nnp-cloexec-sweep", "nnp,cloexec,sweep", []string{"no_new_privs", "inherited our descriptor", "setsid child outlived"}},
		{"without-jail", "jail", jailFaults},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bin := filepath.Join(binDir, "mcp-contract-"+tc.name)
			build := exec.Command("go", "build", "-ldflags=-X github.com/mcp-contract/mcp-contract/internal/procs.disabled="+tc.disabled, "-o", bin, ".")
			if out, err := build.CombinedOutput(); err != nil {
				t.Fatalf("build: %v\n%s", err, out)
			}
			p, marker := runProbe(t, bin, nil)
			if p.Orphan > 0 {
				defer syscall.Kill(p.Orphan, syscall.SIGKILL)
			}
			faults := strings.Join(confinementFaults(p, marker, true), "\n")
			for _, w := range tc.want {
				if !strings.Contains(faults, w) {
					t.Errorf("without %s, no fault says %q; faults:\n%s", tc.disabled, w, faults)
				}
			}
		})
	}
}

// A server kept in a folder private to root (a clone under mktemp -d, a
// tool in /root) cannot be run by the user we give it: it is not started,
// and the error names the folder and the two ways out.
func TestServerInAFolderItsUserCannotEnter(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("as root only: only root gives servers another user")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	private := t.TempDir()
	if err := os.Chmod(private, 0o700); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(private, "bin", "server.sh")
	os.MkdirAll(filepath.Dir(script), 0o755)
	tools := filepath.Join(root, "testdata", "corpus", "servers", "npm-server-memory.json")
	if err := os.WriteFile(script, []byte("#!/bin/sh\nexec "+fixtureServer(t, root)+" -tools "+tools+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	ws := openDir(t)
	os.WriteFile(filepath.Join(ws, ".mcp-contract.yaml"), []byte("version: 1\nservers:\n  private: {command: ["+script+"]}\n"), 0o644)
	cmd := exec.Command(builtBinary(t), "lint", "--fail-on", "never")
	cmd.Dir = ws
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + ws}
	out, _ := cmd.CombinedOutput()
	if code := cmd.ProcessState.ExitCode(); code != 3 {
		t.Fatalf("exit %d, want 3\n%s", code, out)
	}
	for _, want := range []string{`server "private"`, "cannot enter " + private + " (mode 0700), so it cannot run " + script, "chmod o+x " + private + "`", "run mcp-contract as a non-root user"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the error does not say %q:\n%s", want, out)
		}
	}
	if strings.Count(strings.TrimSpace(string(out)), "\n") > 1 {
		t.Errorf("want a one-line error (and the summary line):\n%s", out)
	}
}

// npx still starts a server when we are not root: the server runs as we
// do, with our HOME.
func TestNpxServerStartsForANonRootClient(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to run the client as another user")
	}
	testenv.NpmServer(t, checkoutDir, "server-everything")
	if _, err := exec.LookPath("npx"); err != nil {
		t.Skip("no npx on this machine")
	}
	if err := os.Chmod(binDir, 0o755); err != nil {
		t.Fatal(err)
	}
	ws, home := openDir(t), openDir(t)
	os.Symlink(filepath.Join(checkoutDir, "testdata", "npm", "node_modules"), filepath.Join(ws, "node_modules"))
	os.WriteFile(filepath.Join(ws, ".mcp-contract.yaml"), []byte("version: 1\nservers:\n  everything: {command: [npx, --no-install, mcp-server-everything], timeout: 5m}\n"), 0o644)
	cmd := exec.Command(builtBinary(t), "snapshot")
	cmd.Dir = ws
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if snapshot, err := os.ReadFile(filepath.Join(ws, "mcp-snapshots", "everything.json")); err != nil || !strings.Contains(string(snapshot), `"name": "echo"`) {
		t.Fatalf("no snapshot with the echo tool (%v)", err)
	}
}
