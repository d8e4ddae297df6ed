package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/mcp-contract/mcp-contract/internal/fileio"
	"github.com/mcp-contract/mcp-contract/source"
)

// forceAfter is how long a run may take to wind down after SIGINT or
// SIGTERM (stopping a server takes up to two seconds: SIGTERM, a grace
// second, SIGKILL) before it is ended without waiting.
const forceAfter = 10 * time.Second

// interrupted is the cause a signal gives the run's context.
type interrupted struct{ sig os.Signal }

func (e interrupted) Error() string { return "interrupted by " + signalName(e.sig) }

// code is the shell's convention: 128 + the signal number (130, 143).
func (e interrupted) code() int {
	if s, ok := e.sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 128 + int(syscall.SIGINT)
}

func signalName(sig os.Signal) string {
	switch sig {
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return sig.String()
}

// withSignals returns a context cancelled, with an interrupted cause, by the
// first SIGINT or SIGTERM. The run then winds down by itself: each live
// fetch stops its server's process group, each write finishes or removes
// its temp file, and exitCode turns the cause into 130 or 143. A second
// signal, or a run still going after forceAfter, ends the process here:
// every server group still running is killed and every temp file removed,
// so even then no process or half-written file is left. stop releases the
// handler once the run has returned.
func withSignals(stderr io.Writer) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	signals := make(chan os.Signal, 2)
	signal.Notify(signals, syscall.SIGINT, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		var first os.Signal
		select {
		case first = <-signals:
		case <-done:
			return
		}
		cancel(interrupted{first})
		select {
		case <-signals:
		case <-time.After(forceAfter):
		case <-done:
			return
		}
		source.KillAll()
		fileio.RemoveTemps()
		fmt.Fprintf(stderr, "mcp-contract: %s; the run did not wind down, so every server it started was killed\n", interrupted{first}.Error())
		os.Exit(interrupted{first}.code())
	}()
	return ctx, func() {
		signal.Stop(signals)
		close(done)
		cancel(nil)
	}
}

// interruption returns the signal that cancelled ctx, if one did.
func interruption(ctx context.Context) (interrupted, bool) {
	var in interrupted
	ok := ctx != nil && errors.As(context.Cause(ctx), &in)
	return in, ok
}
