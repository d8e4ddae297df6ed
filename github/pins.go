package github

import (
	"bytes"
	"path"
	"regexp"
	"strings"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/report"
)

// PinnedServer is a stdio server of the config, as Pins reads it.
type PinnedServer struct {
	Name string
	// Argv is the command and its arguments.
	Argv []string
}

// Pins finds, for each live stdio server, the line the pull request changed
// that pins the package it runs: an `npx pkg@version` (or `uvx
// pkg==version`) in the config, the
// package's entry in package.json, or its version in package-lock.json
// (each looked for in the config's folder, then at the repository root). A
// breaking change that arrived with a dependency bump is annotated there,
// on a line the pull request shows, rather than on an unchanged snapshot.
// config is the config file's repository-relative path; read returns a
// repository-relative file's bytes. A server whose pin the pull request did
// not change has no entry.
func Pins(servers []PinnedServer, config string, diff report.Diff, read func(string) ([]byte, error)) map[string]contract.Location {
	if len(diff) == 0 {
		return nil
	}
	dirs := []string{path.Dir(config)}
	if dirs[0] != "." {
		dirs = append(dirs, ".")
	}
	lines := func(file string) []string {
		data, err := read(file)
		if err != nil || len(data) > 8<<20 {
			return nil
		}
		return strings.Split(string(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))), "\n")
	}
	pins := map[string]contract.Location{}
	for _, s := range servers {
		pkg, spec := packageOf(s.Argv)
		if pkg == "" {
			continue
		}
		at := func(file string, match func(i int, lines []string) bool) bool {
			if _, changed := diff[file]; !changed {
				return false
			}
			ls := lines(file)
			for i := range ls {
				if match(i, ls) && diff.Contains(file, i+1) {
					pins[s.Name] = contract.Location{Server: s.Name, File: file, Line: i + 1}
					return true
				}
			}
			return false
		}
		if spec != pkg && config != "" && at(config, func(i int, ls []string) bool { return strings.Contains(ls[i], spec) }) {
			continue
		}
		key := regexp.MustCompile(`"` + regexp.QuoteMeta(pkg) + `"\s*:`)
		lockKey := `"node_modules/` + pkg + `"`
		for _, dir := range dirs {
			if at(path.Join(dir, "package.json"), func(i int, ls []string) bool { return key.MatchString(ls[i]) }) {
				break
			}
			if at(path.Join(dir, "package-lock.json"), func(i int, ls []string) bool {
				// The version line of the package's entry.
				for j := i - 1; j >= 0 && j >= i-6; j-- {
					if strings.Contains(ls[j], lockKey) {
						return strings.Contains(ls[i], `"version"`)
					}
				}
				return false
			}) {
				break
			}
		}
	}
	return pins
}

// packageOf names the npm package a command runs, and how the command
// names it: `npx -y pkg@1.2.3` gives pkg and "pkg@1.2.3" (`uvx pkg==1.2.3`
// the same); `node
// node_modules/@scope/pkg/dist/index.js` gives @scope/pkg twice.
func packageOf(argv []string) (pkg, spec string) {
	for i, a := range argv {
		switch path.Base(a) {
		case "npx", "pnpx", "bunx", "uvx":
			for _, b := range argv[i+1:] {
				if strings.HasPrefix(b, "-") {
					continue
				}
				if name, _, ok := strings.Cut(b, "=="); ok {
					return name, b // uvx pkg==1.2.3
				}
				return specName(b), b
			}
			return "", ""
		}
		if _, rest, ok := strings.Cut(a, "node_modules/"); ok {
			for strings.Contains(rest, "node_modules/") {
				_, rest, _ = strings.Cut(rest, "node_modules/")
			}
			segs := strings.Split(rest, "/")
			n := 1
			if strings.HasPrefix(segs[0], "@") {
				n = 2
			}
			if len(segs) >= n {
				p := strings.Join(segs[:n], "/")
				return p, p
			}
		}
	}
	return "", ""
}

// specName is the package of an npm spec: "@scope/pkg@1" is "@scope/pkg".
func specName(spec string) string {
	at := strings.LastIndexByte(spec, '@')
	if at <= 0 {
		return spec
	}
	return spec[:at]
}
