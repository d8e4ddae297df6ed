package source

import (
	"errors"
	"fmt"
	"io"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/english"
	"github.com/mcp-contract/mcp-contract/internal/fileio"
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
	if ref == "HEAD" && unbornHead(repo) {
		// The first commit of a repository (the pre-commit drift hook runs
		// --against git:HEAD before it exists): nothing came before, so
		// every server is new, as for a folder absent at ref.
		return nil, nil
	}
	commit, err := commitAt(repo, ref)
	if err != nil {
		return nil, err
	}
	root, err := commit.Tree()
	if err != nil {
		return nil, missingHistory(repo, ref, err)
	}
	tree := root
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
		if ext != ".json" && ext != ".snap" {
			continue
		}
		name := path.Join(rel, e.Name)
		hash := e.Hash
		switch e.Mode {
		case filemode.Regular, filemode.Executable:
		case filemode.Symlink:
			// Skipping it would drop a server from the comparison without a
			// word; it is followed inside the commit's tree or refused.
			if hash, err = followLink(repo, root, ref, name, e.Hash); err != nil {
				return nil, err
			}
		default:
			continue
		}
		text, err := readBlob(repo, hash, gitName(ref, name))
		if err != nil {
			return nil, err
		}
		doc, err := parseDoc(text, gitName(ref, name))
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

// LoadGitFile reads one tool file as it is at ref: a `file:` server of the
// config, whose lint findings check --against compares with the ones it had
// at the base. file is relative to repoDir; the catalog is named server and
// the file "git:REF:path". A file absent at ref (a server the change adds)
// gives nil and no error.
func LoadGitFile(repoDir, ref, file, server string) (*contract.Catalog, error) {
	text, name, err := ReadGitFile(repoDir, ref, file)
	if err != nil || name == "" {
		return nil, err
	}
	doc, err := parseDoc(text, name)
	if err != nil {
		return nil, err
	}
	return doc.catalog(server, name)
}

// ReadGitFile returns one file's text as it is at ref, and its name
// "git:REF:path" for messages. file is relative to repoDir. A file absent at
// ref gives an empty name and no error.
func ReadGitFile(repoDir, ref, file string) (text, name string, err error) {
	repo, err := git.PlainOpenWithOptions(repoDir, &git.PlainOpenOptions{DetectDotGit: true, EnableDotGitCommonDir: true})
	if err != nil {
		return "", "", &contract.InputError{File: repoDir, Msg: "cannot read a git repository here (" + err.Error() + "); --against git:REF needs the project's git checkout"}
	}
	rel, err := repoPath(repo, repoDir, file)
	if err != nil {
		return "", "", err
	}
	if ref == "HEAD" && unbornHead(repo) {
		return "", "", nil
	}
	commit, err := commitAt(repo, ref)
	if err != nil {
		return "", "", err
	}
	root, err := commit.Tree()
	if err != nil {
		return "", "", missingHistory(repo, ref, err)
	}
	entry, err := root.FindEntry(rel)
	if err != nil {
		return "", "", nil
	}
	hash := entry.Hash
	switch entry.Mode {
	case filemode.Regular, filemode.Executable:
	case filemode.Symlink:
		if hash, err = followLink(repo, root, ref, rel, entry.Hash); err != nil {
			return "", "", err
		}
	default:
		return "", "", &contract.InputError{File: gitName(ref, rel), Msg: "is not a file at " + ref}
	}
	name = gitName(ref, rel)
	text, err = readBlob(repo, hash, name)
	if err != nil {
		return "", "", err
	}
	return text, name, nil
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

// maxLinkHops bounds a chain of symlinks (and so a loop of them).
const maxLinkHops = 8

// followLink resolves the symlink at name (slash-separated, from the
// repository root) in the tree of a commit, through chains of links, to a
// regular file's blob. A target outside the repository (an absolute path, or
// one climbing above the root), a missing target, a loop or a non-file is an
// error naming the link: git stores the link, not the file, and the file a
// link points to outside the repository is not part of REF.
func followLink(repo *git.Repository, root *object.Tree, ref, name string, link plumbing.Hash) (plumbing.Hash, error) {
	at := name
	for range maxLinkHops {
		target, err := readBlob(repo, link, gitName(ref, at))
		if err != nil {
			return plumbing.ZeroHash, err
		}
		dest := target
		next := path.Clean(path.Join(path.Dir(at), dest))
		if path.IsAbs(dest) || next == ".." || strings.HasPrefix(next, "../") {
			return plumbing.ZeroHash, &contract.InputError{File: gitName(ref, name), Msg: fmt.Sprintf(
				"is a symlink to %q, outside the repository; at %s only files inside it can be read, so commit the snapshot itself", dest, ref)}
		}
		entry, err := root.FindEntry(next)
		if err != nil {
			return plumbing.ZeroHash, &contract.InputError{File: gitName(ref, name), Msg: fmt.Sprintf(
				"is a symlink to %q, which does not exist at %s", dest, ref)}
		}
		switch entry.Mode {
		case filemode.Regular, filemode.Executable:
			return entry.Hash, nil
		case filemode.Symlink:
			at, link = next, entry.Hash
		default:
			return plumbing.ZeroHash, &contract.InputError{File: gitName(ref, name), Msg: fmt.Sprintf(
				"is a symlink to %q, which is not a file at %s", dest, ref)}
		}
	}
	return plumbing.ZeroHash, &contract.InputError{File: gitName(ref, name), Msg: fmt.Sprintf(
		"is a chain of more than %d symlinks (a loop?) at %s", maxLinkHops, ref)}
}

// commitAt resolves ref to a commit, peeling annotated tags.
// unbornHead reports a HEAD that names a branch with no commit yet.
func unbornHead(repo *git.Repository) bool {
	head, err := repo.Reference(plumbing.HEAD, false)
	if err != nil || head.Type() != plumbing.SymbolicReference {
		return false
	}
	_, err = repo.Reference(head.Target(), true)
	return errors.Is(err, plumbing.ErrReferenceNotFound)
}

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
			"git ref %q is not in this clone, which is shallow (its history is cut at %s); fetch the history it needs: "+
				"actions/checkout with fetch-depth: 0, or git fetch --unshallow (%v)", ref, english.Plural(len(shallow), "commit"), cause)}
	}
	if msg := tooShort(repo, ref); msg != "" {
		return &contract.InputError{Msg: msg}
	}
	if errors.Is(cause, plumbing.ErrReferenceNotFound) {
		return &contract.InputError{Msg: fmt.Sprintf("git ref %q not found: name a branch, tag or commit of this repository "+
			"(a remote branch as origin/NAME); if the clone is partial, fetch it first (fetch-depth: 0)", ref)}
	}
	return &contract.InputError{Msg: fmt.Sprintf("git ref %q cannot be read: %v (if the clone is partial, fetch the full history: fetch-depth: 0)", ref, cause)}
}

var backSteps = regexp.MustCompile(`^(.+)~(\d+)$`)

// tooShort explains BASE~N when BASE resolves but its history holds fewer
// than N commits before it (a new repository, HEAD~1 on the first commit),
// which go-git reports only as a reference not found.
func tooShort(repo *git.Repository, ref string) string {
	m := backSteps.FindStringSubmatch(ref)
	if m == nil {
		return ""
	}
	want, err := strconv.Atoi(m[2])
	if err != nil {
		return ""
	}
	hash, err := repo.ResolveRevision(plumbing.Revision(m[1]))
	if err != nil {
		return ""
	}
	commit, err := repo.CommitObject(*hash)
	if err != nil {
		return ""
	}
	depth := 0
	for ; depth < want && commit.NumParents() > 0; depth++ {
		if commit, err = commit.Parent(0); err != nil {
			return ""
		}
	}
	if depth >= want {
		return ""
	}
	oldest := m[1]
	if depth > 0 {
		oldest = fmt.Sprintf("%s~%d", m[1], depth)
	}
	return fmt.Sprintf("git ref %q goes %s back from %s, but the history there has only %s before it (the first is %s); "+
		"compare against a commit that exists, at most git:%s", ref, english.Plural(want, "commit"), m[1], english.Plural(depth, "commit"), commit.Hash.String()[:12], oldest)
}

func readBlob(repo *git.Repository, hash plumbing.Hash, name string) (string, error) {
	blob, err := repo.BlobObject(hash)
	if err != nil {
		return "", &contract.InputError{File: name, Msg: "cannot read the file from git: " + err.Error()}
	}
	if blob.Size > MaxFileSize {
		return "", &contract.InputError{File: name, Msg: fmt.Sprintf("file is %d bytes, over the %d-byte limit for a tool list", blob.Size, MaxFileSize)}
	}
	r, err := blob.Reader()
	if err != nil {
		return "", &contract.InputError{File: name, Msg: "cannot read the file from git: " + err.Error()}
	}
	defer r.Close()
	text, err := fileio.ReadAllString(io.LimitReader(r, MaxFileSize+1), blob.Size)
	if err != nil {
		return "", &contract.InputError{File: name, Msg: "cannot read the file from git: " + err.Error()}
	}
	return text, nil
}
