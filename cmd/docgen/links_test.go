package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var (
	mdLink  = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	fence   = regexp.MustCompile("(?s)```.*?```")
	codeRun = regexp.MustCompile("`[^`\n]*`")
)

// slug is the anchor GitHub gives a heading: lower case, punctuation
// dropped, spaces to hyphens.
func slug(heading string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '_':
			return r
		case r == ' ':
			return '-'
		}
		return -1
	}, strings.ToLower(strings.TrimSpace(heading)))
}

func anchors(t *testing.T, path string) map[string]bool {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, line := range strings.Split(fence.ReplaceAllString(string(data), ""), "\n") {
		if strings.HasPrefix(line, "#") {
			out[slug(strings.TrimLeft(line, "#"))] = true
		}
	}
	return out
}

// Every link of the README and docs/ into the repository names a file that
// exists and, with #anchor, a heading that page has: moving a section
// cannot leave a link pointing at nothing.
func TestDocsLinksResolve(t *testing.T) {
	root := filepath.Join("..", "..")
	pages, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	pages = append(pages, filepath.Join(root, "README.md"))
	checked := 0
	for _, page := range pages {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		text := codeRun.ReplaceAllString(fence.ReplaceAllString(string(data), ""), "")
		rel, _ := filepath.Rel(root, page)
		for _, m := range mdLink.FindAllStringSubmatch(text, -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, anchor, _ := strings.Cut(target, "#")
			path := page
			if file != "" {
				path = filepath.Join(filepath.Dir(page), file)
			}
			if _, err := os.Stat(path); err != nil {
				t.Errorf("%s links to %s, which does not exist", rel, target)
				continue
			}
			checked++
			if anchor != "" && strings.HasSuffix(path, ".md") && !anchors(t, path)[anchor] {
				t.Errorf("%s links to %s, whose page has no heading with that anchor", rel, target)
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d links checked; the pattern no longer finds them", checked)
	}
}
