package github

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"

	"github.com/mcp-contract/mcp-contract/internal/fileio"
	"github.com/mcp-contract/mcp-contract/internal/safetext"
	"github.com/sethvargo/go-githubactions"
)

// actions/checkout persists its token (persist-credentials, on by default)
// as an http.<url>.extraheader "AUTHORIZATION: basic <base64 of
// x-access-token:TOKEN>" in .git/config, or since v6 in a file that
// .git/config includes. Any process that reads the clone reads it, the
// servers we start among them (design §7).

// maxIncludes bounds how deep includes are followed, as git itself does (10).
const maxIncludes = 10

// PersistedCredential returns the git config file holding an
// http.*.extraheader with an AUTHORIZATION header for the clone holding
// dir (dir or the nearest folder above it, up to stop, with a .git), and
// "" when there is none. Files it cannot read are skipped: a server that
// cannot read them cannot read the token either.
func PersistedCredential(dir, stop string) string {
	dir, stop = filepath.Clean(dir), filepath.Clean(stop)
	for {
		if gitDir := gitDirOf(dir); gitDir != "" {
			return credentialIn(filepath.Join(gitDir, "config"), 0)
		}
		if dir == stop || dir == filepath.Dir(dir) {
			return ""
		}
		dir = filepath.Dir(dir)
	}
}

// gitDirOf is dir's .git folder, or the one a .git file (a worktree, a
// submodule) points to with "gitdir: PATH".
func gitDirOf(dir string) string {
	p := filepath.Join(dir, ".git")
	st, err := os.Stat(p)
	switch {
	case err != nil:
		return ""
	case st.IsDir():
		return p
	}
	data, err := fileio.ReadFile(p, 64<<10)
	if err != nil {
		return ""
	}
	target, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "gitdir:")
	if !ok {
		return ""
	}
	target = strings.TrimSpace(target)
	if !filepath.IsAbs(target) {
		target = filepath.Join(dir, target)
	}
	return target
}

// credentialIn reads one git config file and the files it includes
// (include.path and includeIf.*.path, whatever their condition).
func credentialIn(file string, depth int) string {
	if depth > maxIncludes {
		return ""
	}
	data, err := fileio.ReadFile(file, 1<<20)
	if err != nil {
		return ""
	}
	section := ""
	var includes []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "[") {
			// [http "https://github.com/"], [http.https://github.com/] and
			// [includeIf "gitdir:..."]: the section is the name before the
			// subsection, which git compares case-insensitively.
			name, _, _ := strings.Cut(strings.Trim(line, "[]"), " ")
			name, _, _ = strings.Cut(name, ".")
			section = strings.ToLower(strings.TrimSpace(name))
			// A key may follow the header on the same line.
			_, line, _ = strings.Cut(line, "]")
			line = strings.TrimSpace(line)
		}
		key, value, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		key, value = strings.ToLower(strings.TrimSpace(key)), strings.Trim(strings.TrimSpace(value), `"`)
		switch {
		case section == "http" && key == "extraheader" && strings.HasPrefix(strings.ToLower(value), "authorization"):
			return file
		case (section == "include" || section == "includeif") && key == "path":
			includes = append(includes, value)
		}
	}
	for _, inc := range includes {
		if rest, ok := strings.CutPrefix(inc, "~/"); ok {
			home, _ := os.UserHomeDir()
			inc = filepath.Join(home, rest)
		} else if !filepath.IsAbs(inc) {
			inc = filepath.Join(filepath.Dir(file), inc)
		}
		if found := credentialIn(inc, depth+1); found != "" {
			return found
		}
	}
	return ""
}

// WarnPersistedCredential warns, once, when the clone holding dir keeps the
// job token where a server about to start can read it. The caller calls it
// after the masks are announced, before the first server starts.
func WarnPersistedCredential(a *githubactions.Action, dir, workspace string) {
	file := PersistedCredential(dir, workspace)
	if file == "" {
		return
	}
	if rel, err := filepath.Rel(workspace, file); err == nil && !strings.HasPrefix(rel, "..") {
		file = rel
	}
	a.WithFieldsMap(map[string]string{"title": "mcp-contract"}).Warningf("%s", safetext.Line(file)+" holds a persisted git credential (http.*.extraheader AUTHORIZATION, the job token actions/checkout leaves by default), and the MCP servers this step starts can read it; set persist-credentials: false on actions/checkout")
}
