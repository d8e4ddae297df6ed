package github

import (
	"context"
	"fmt"
	"path"
	"sort"

	gh "github.com/google/go-github/v60/github"
)

// File is one file read at a commit.
type File struct {
	Path string
	Data []byte
}

// maxFolderFiles bounds how many files FolderAt reads.
const maxFolderFiles = 1000

// FolderAt reads the *.json and *.snap files directly in dir at commit sha
// through the contents API: the base branch's snapshots when the clone is too
// shallow to hold that commit. A folder absent at sha gives no files.
func (c *Client) FolderAt(ctx context.Context, repo Repo, dir, sha string) ([]File, error) {
	opts := &gh.RepositoryContentGetOptions{Ref: sha}
	listCtx, cancel := context.WithTimeout(ctx, requestTimeout)
	_, entries, resp, err := c.rest.Repositories.GetContents(listCtx, repo.Owner, repo.Name, dir, opts)
	cancel()
	if err != nil {
		if resp != nil && resp.StatusCode == 404 {
			return nil, nil
		}
		return nil, apiError(fmt.Sprintf("reading %s at %s", dir, sha), err)
	}
	var files []File
	for _, e := range entries {
		ext := path.Ext(e.GetName())
		if e.GetType() != "file" || (ext != ".json" && ext != ".snap") {
			continue
		}
		if len(files) == maxFolderFiles {
			return nil, fmt.Errorf("reading %s at %s: more than %d files", dir, sha, maxFolderFiles)
		}
		fileCtx, cancel := context.WithTimeout(ctx, requestTimeout)
		content, _, _, err := c.rest.Repositories.GetContents(fileCtx, repo.Owner, repo.Name, e.GetPath(), opts)
		cancel()
		if err != nil {
			return nil, apiError(fmt.Sprintf("reading %s at %s", e.GetPath(), sha), err)
		}
		text, err := content.GetContent()
		if err != nil || content.GetEncoding() == "none" {
			return nil, fmt.Errorf("reading %s at %s: the contents API does not return files over 1 MB; fetch the base commit instead (actions/checkout fetch-depth: 0)", e.GetPath(), sha)
		}
		files = append(files, File{Path: e.GetPath(), Data: []byte(text)})
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files, nil
}
