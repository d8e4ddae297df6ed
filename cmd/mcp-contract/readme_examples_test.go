package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var outputBlock = regexp.MustCompile("(?s)```\n(\\$ .*?)```")

// The README's example outputs are the binary's: each `$ [cd DIR &&]
// mcp-contract ...` block is run again from the repository root, and every
// line it shows must begin a line of the output, in order ("..." alone
// stands for lines left out, at a line's end for the rest of the line).
func TestREADMEExamples(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	blocks := outputBlock.FindAllStringSubmatch(string(readme), -1)
	if len(blocks) < 4 {
		t.Fatalf("found %d example outputs in README.md; it shows more", len(blocks))
	}
	for _, b := range blocks {
		lines := strings.Split(strings.TrimSuffix(b[1], "\n"), "\n")
		command := strings.TrimPrefix(lines[0], "$ ")
		dir := root
		if cd, rest, ok := strings.Cut(command, " && "); ok && strings.HasPrefix(cd, "cd ") {
			dir, command = filepath.Join(root, strings.TrimPrefix(cd, "cd ")), rest
		}
		args := strings.Fields(command)
		if len(args) == 0 || args[0] != "mcp-contract" {
			t.Errorf("README.md example %q does not run mcp-contract", lines[0])
			continue
		}
		t.Run(args[1], func(t *testing.T) {
			t.Chdir(dir)
			out, errOut, _ := mcpContract(t, args[1:]...)
			got := strings.Split(out+errOut, "\n")
			at := 0
			for _, want := range lines[1:] {
				if strings.TrimSpace(want) == "..." {
					continue
				}
				// A line cut short ends in "...": its start must match.
				want = strings.TrimSuffix(want, "...")
				found := false
				for ; at < len(got); at++ {
					if strings.HasPrefix(got[at], want) {
						found, at = true, at+1
						break
					}
				}
				if !found {
					t.Errorf("%s: the README shows %q, which the binary no longer prints (in that order):\n%s", lines[0], want, out+errOut)
					return
				}
			}
		})
	}
}
