package source

import (
	"errors"
	"fmt"
	"io"
	"path"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/mcp-contract/mcp-contract/contract"
)

// LoadGitRef reads the snapshot folder as it is at ref (a branch, tag, commit
// or expression like HEAD~1) in the git repository holding repoDir. It needs
// no git binary: the action image has none. snapshotDir is relative to
// repoDir. Tools are positioned in the files as they are at ref, and files are
// named "git:REF:path" (path from the repository root) in findings and errors.
// Catalogs get the names LoadDir would give the same folder in the work tree,
// so CompareAll pairs them. A folder absent at ref gives no catalogs.
func LoadGitRef(repoDir, ref, snapshotDir string) ([]*contract.Catalog, error) {
	repo, err := git.PlainOpenWithOptions(repoDir, &git.PlainOpenOptions{DetectDotGit: true, EnableDotGitCommonDir: true})
	if err != nil {
		return nil, &contract.InputError{File: repoDir, Msg: "cannot read a git repository here (" + err.Error() + "); --against git:REF needs the project's git checkout"}
	}
	rel, err := repoPath(repo, repoDir, snapshotDir)
	if err != nil {
		return nil, err
	}
	commit, err := commitAt(repo, ref)
	if err != nil {
		return nil, err
	}
	tree, err := commit.Tree()
	if err != nil {
		return nil, missingHistory(repo, ref, err)
	}
	if rel != "." {
		tree, err = tree.Tree(rel)
		if err != nil {
			// The pull request that adds the first snapshots compares
			// against a base without them: every server is new, not an error.
			return nil, nil
		}
	}
	var docs []*document
	for _, e := range tree.Entries {
		ext := path.Ext(e.Name)
		if (ext != ".json" && ext != ".snap") || !(e.Mode == filemode.Regular || e.Mode == filemode.Executable) {
			continue
		}
		name := path.Join(rel, e.Name)
		if rel == "." {
			name = e.Name
		}
		data, err := readBlob(repo, e.Hash, gitName(ref, name))
		if err != nil {
			return nil, err
		}
		doc, err := parseDoc(data, gitName(ref, name))
		if err != nil {
			return nil, err
		}
		doc.base = e.Name
		docs = append(docs, doc)
	}
	if len(docs) == 0 {
		return nil, &contract.InputError{File: gitName(ref, rel), Msg: "no *.json or *.snap tool files in this folder at " + ref}
	}
	return catalogsOf(docs, folderName(filepath.Join(repoDir, snapshotDir)), "git:"+ref+":"+rel, "")
}

func gitName(ref, p string) string { return "git:" + ref + ":" + p }

// repoPath returns snapshotDir relative to the repository root, slash-separated.
func repoPath(repo *git.Repository, repoDir, snapshotDir string) (string, error) {
	wt, err := repo.Worktree()
	if err != nil {
		return "", &contract.InputError{File: repoDir, Msg: "the repository has no work tree: " + err.Error()}
	}
	root := realPath(wt.Filesystem.Root())
	dir := snapshotDir
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(repoDir, dir)
	}
	rel, err := filepath.Rel(root, realPath(dir))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", &contract.InputError{File: snapshotDir, Msg: "the snapshot folder is outside the git repository at " + root}
	}
	return filepath.ToSlash(rel), nil
}

// realPath resolves symlinks (macOS's /tmp is /private/tmp) so that the
// repository root and the folder compare; a path that does not exist yet
// (deleted in the work tree, present at REF) is only made absolute.
func realPath(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	dir, base := abs, ""
	for dir != filepath.Dir(dir) {
		if real, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(real, base)
		}
		dir, base = filepath.Dir(dir), filepath.Join(filepath.Base(dir), base)
	}
	return abs
}

// commitAt resolves ref to a commit, peeling annotated tags.
func commitAt(repo *git.Repository, ref string) (*object.Commit, error) {
	hash, err := repo.ResolveRevision(plumbing.Revision(ref))
	if err != nil {
		return nil, missingHistory(repo, ref, err)
	}
	commit, err := repo.CommitObject(*hash)
	if err == nil {
		return commit, nil
	}
	if tag, tagErr := repo.TagObject(*hash); tagErr == nil {
		if commit, err = tag.Commit(); err == nil {
			return commit, nil
		}
	}
	return nil, missingHistory(repo, ref, err)
}

// missingHistory explains a ref that cannot be read. In a shallow clone (the
// default of actions/checkout) the base branch's commit is usually simply not
// there, and the fix is to fetch it.
func missingHistory(repo *git.Repository, ref string, cause error) error {
	if shallow, err := repo.Storer.Shallow(); err == nil && len(shallow) > 0 {
		return &contract.InputError{Msg: fmt.Sprintf(
			"git ref %q is not in this clone, which is shallow (%d commit(s) deep at the cut); fetch the history it needs: "+
				"actions/checkout with fetch-depth: 0, or git fetch --unshallow (%v)", ref, len(shallow), cause)}
	}
	if errors.Is(cause, plumbing.ErrReferenceNotFound) {
		return &contract.InputError{Msg: fmt.Sprintf("git ref %q not found: name a branch, tag or commit of this repository "+
			"(a remote branch as origin/NAME); if the clone is partial, fetch it first (fetch-depth: 0)", ref)}
	}
	return &contract.InputError{Msg: fmt.Sprintf("git ref %q cannot be read: %v (if the clone is partial, fetch the full history: fetch-depth: 0)", ref, cause)}
}

func readBlob(repo *git.Repository, hash plumbing.Hash, name string) ([]byte, error) {
	blob, err := repo.BlobObject(hash)
	if err != nil {
		return nil, &contract.InputError{File: name, Msg: "cannot read the file from git: " + err.Error()}
	}
	if blob.Size > MaxFileSize {
		return nil, &contract.InputError{File: name, Msg: fmt.Sprintf("file is %d bytes, over the %d-byte limit for a tool list", blob.Size, MaxFileSize)}
	}
	r, err := blob.Reader()
	if err != nil {
		return nil, &contract.InputError{File: name, Msg: "cannot read the file from git: " + err.Error()}
	}
	defer r.Close()
	data, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return nil, &contract.InputError{File: name, Msg: "cannot read the file from git: " + err.Error()}
	}
	return data, nil
}
