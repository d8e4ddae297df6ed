//go:build linux

package procs

import (
	"os"
	"os/exec"
	"syscall"
	"testing"
)

// What confinement costs per server start, against the start we had: a
// short-lived process (/bin/true) started in its own group, waited for
// and swept. The difference is the jail's folder and id, no_new_privs'
// thread and the /proc sweeps.
//
//	go test ./internal/procs -run '^$' -bench Start -benchtime 200x
func BenchmarkStart(b *testing.B) {
	if os.Geteuid() != 0 {
		b.Skip("the jail needs root")
	}
	b.Run("group-only", func(b *testing.B) {
		for b.Loop() {
			cmd := exec.Command("/bin/true")
			cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
			if err := cmd.Start(); err != nil {
				b.Fatal(err)
			}
			cmd.Wait()
		}
	})
	b.Run("confined", func(b *testing.B) {
		for b.Loop() {
			j, err := New()
			if err != nil {
				b.Fatal(err)
			}
			cmd := exec.Command("/bin/true")
			if err := Start(cmd, j); err != nil {
				b.Fatal(err)
			}
			cmd.Wait()
			Kill(cmd.Process.Pid, j)
		}
	})
}
