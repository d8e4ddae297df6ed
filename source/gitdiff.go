package source

import (
	"strings"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing/format/diff"
)

// LineRange is lines First to Last of a file, both included.
type LineRange struct{ First, Last int }

// ChangedLines maps each file HEAD changed since base (repository-relative,
// slash-separated) to the line ranges of HEAD's file that the change added
// or rewrote: the "+" side of each hunk, where GitHub shows annotations in a
// pull request's diff. A removed file is left out. It returns nil and no
// error when base is not in the clone (a shallow checkout): the caller then
// has no preference, which is no reason to fail.
func ChangedLines(repoDir, base string) (map[string][]LineRange, error) {
	repo, err := git.PlainOpenWithOptions(repoDir, &git.PlainOpenOptions{DetectDotGit: true, EnableDotGitCommonDir: true})
	if err != nil {
		return nil, nil
	}
	from, err := commitAt(repo, base)
	if err != nil {
		return nil, nil
	}
	head, err := commitAt(repo, "HEAD")
	if err != nil {
		return nil, nil
	}
	patch, err := from.Patch(head)
	if err != nil {
		return nil, err
	}
	out := map[string][]LineRange{}
	for _, fp := range patch.FilePatches() {
		_, to := fp.Files()
		if to == nil || fp.IsBinary() {
			continue
		}
		var ranges []LineRange
		line := 1
		for _, ch := range fp.Chunks() {
			n := lineCount(ch.Content())
			switch ch.Type() {
			case diff.Equal:
				line += n
			case diff.Add:
				if n > 0 {
					ranges = append(ranges, LineRange{First: line, Last: line + n - 1})
				}
				line += n
			}
		}
		out[to.Path()] = ranges
	}
	return out, nil
}

// lineCount counts the lines of a chunk; its last line may lack a newline.
func lineCount(s string) int {
	n := strings.Count(s, "\n")
	if s != "" && !strings.HasSuffix(s, "\n") {
		n++
	}
	return n
}
