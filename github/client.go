// Package github puts a run's result where GitHub shows it: the Action's
// inputs and outputs, the job summary, one sticky PR comment. It renders
// through report/ and posts; it never decides a finding.
//
// Files: client.go is the REST layer (go-github pointed at GITHUB_API_URL),
// comment.go the sticky comment, action.go the Action's inputs, event,
// outputs and summary, contents.go files read at a commit through the API.
package github

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	gh "github.com/google/go-github/v60/github"
)

// Repo is an owner/name pair.
type Repo struct{ Owner, Name string }

func (r Repo) String() string { return r.Owner + "/" + r.Name }

// ParseRepo reads "owner/name" (GITHUB_REPOSITORY).
func ParseRepo(s string) (Repo, error) {
	owner, name, ok := strings.Cut(s, "/")
	if !ok || owner == "" || name == "" || strings.Contains(name, "/") {
		return Repo{}, fmt.Errorf("repository %q: want owner/name", s)
	}
	return Repo{owner, name}, nil
}

// Client calls the REST API of github.com or a GitHub Enterprise Server.
type Client struct {
	rest *gh.Client
	// login is who the token writes as, asked once (Login).
	loginMu sync.Mutex
	login   string
}

// requestTimeout bounds every call: a hung API must not hang the job.
const requestTimeout = 30 * time.Second

// NewClient returns a client for apiURL (GITHUB_API_URL: https://api.github.com,
// or https://HOST/api/v3 on Enterprise Server) authenticated with token.
// httpClient may be nil.
func NewClient(apiURL, token string, httpClient *http.Client) (*Client, error) {
	if apiURL == "" {
		apiURL = "https://api.github.com"
	}
	// GITHUB_API_URL already ends in /api/v3 on Enterprise Server, so it is
	// used as given rather than through WithEnterpriseURLs, which would add
	// the suffix to any host not starting with "api.".
	base, err := url.Parse(strings.TrimSuffix(apiURL, "/") + "/")
	if err != nil || base.Scheme == "" || base.Host == "" {
		return nil, fmt.Errorf("GITHUB_API_URL %q is not an absolute URL", apiURL)
	}
	if httpClient == nil {
		httpClient = &http.Client{Timeout: requestTimeout}
	}
	rest := gh.NewClient(httpClient)
	if token != "" {
		rest = rest.WithAuthToken(token)
	}
	rest.BaseURL = base
	rest.UploadURL = base
	return &Client{rest: rest}, nil
}

// IsForbidden reports whether err is the API refusing the token: 403 (a
// read-only token, as on a pull request from a fork, or missing
// permissions), 401, or 404 (a token that cannot see the repository).
func IsForbidden(err error) bool {
	var er *gh.ErrorResponse
	if errors.As(err, &er) && er.Response != nil {
		switch er.Response.StatusCode {
		case http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound:
			return true
		}
	}
	return false
}

// apiError shortens an API error to one line without the request URL,
// keeping the original for IsForbidden.
func apiError(what string, err error) error {
	var er *gh.ErrorResponse
	if errors.As(err, &er) && er.Response != nil {
		return &shortError{msg: fmt.Sprintf("%s: %d %s", what, er.Response.StatusCode, er.Message), err: err}
	}
	return fmt.Errorf("%s: %w", what, err)
}

type shortError struct {
	msg string
	err error
}

func (e *shortError) Error() string { return e.msg }
func (e *shortError) Unwrap() error { return e.err }
