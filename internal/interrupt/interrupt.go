// Package interrupt turns SIGINT and SIGTERM into the cancellation of a
// run's context, and ends the process when the run does not wind down.
package interrupt

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// forceAfter is how long a run may take to wind down after SIGINT or
// SIGTERM (stopping a server takes up to two seconds: SIGTERM, a grace
// second, SIGKILL) before it is ended without waiting.
const forceAfter = 10 * time.Second

// Interrupted is the cause a signal gives the run's context.
type Interrupted struct{ sig os.Signal }

func (e Interrupted) Error() string { return "interrupted by " + signalName(e.sig) }

// Code is the shell's convention: 128 + the signal number (130, 143).
func (e Interrupted) Code() int {
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

// Watch returns a context cancelled, with an Interrupted cause, by the
// first SIGINT or SIGTERM. The run then winds down by itself: each live
// fetch stops its server's process group, each write finishes or removes
// its temp file, and the caller turns the cause into 130 or 143. A second
// signal, or a run still going after forceAfter, ends the process here:
// kill stops every server group still running and removes every temp
// file, so even then no process or half-written file is left. stop
// releases the handler once the run has returned.
func Watch(stderr io.Writer, kill func()) (ctx context.Context, stop func()) {
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
		cancel(Interrupted{first})
		select {
		case <-signals:
		case <-time.After(forceAfter):
		case <-done:
			return
		}
		kill()
		fmt.Fprintf(stderr, "mcp-contract: %s; the run did not wind down, so every server it started was killed\n", Interrupted{first}.Error())
		os.Exit(Interrupted{first}.Code())
	}()
	return ctx, func() {
		signal.Stop(signals)
		close(done)
		cancel(nil)
	}
}

// Cause returns the signal that cancelled ctx, if one did.
func Cause(ctx context.Context) (Interrupted, bool) {
	var in Interrupted
	ok := ctx != nil && errors.As(context.Cause(ctx), &in)
	return in, ok
}
