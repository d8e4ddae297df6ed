package main

import (
	"bytes"
	"testing"
)

// A secret split across two writes, as a buffered reporter may split it, is
// still masked; a value too short to be a credential is left alone.
func TestLineMasker(t *testing.T) {
	var out bytes.Buffer
	m := &lineMasker{w: &out, secrets: []string{"s3cr3t-token", "ab"}}
	for _, chunk := range []string{"url: https://h/?k=s3cr", "3t-token\nab and ", "s3cr3t-token"} {
		if _, err := m.Write([]byte(chunk)); err != nil {
			t.Fatal(err)
		}
	}
	if err := m.Flush(); err != nil {
		t.Fatal(err)
	}
	if got, want := out.String(), "url: https://h/?k=***\nab and ***"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
