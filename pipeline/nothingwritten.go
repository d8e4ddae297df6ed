package pipeline

import (
	"errors"

	"github.com/mcp-contract/mcp-contract/contract"
)

// NothingWritten is the error of a snapshot into dir that stopped at
// unreachable servers (err, from Fetch): it says that no file was written
// (or with check, checked) and how to write the others.
func NothingWritten(o *Options, err error, catalogs []*contract.Catalog, dir string, check bool) error {
	var us *UnreachableServers
	if !errors.As(err, &us) {
		var se *contract.ServerError
		if errors.As(err, &se) && !check {
			return &contract.ServerError{Server: se.Server, Msg: se.Msg + "; nothing was written"}
		}
		return err
	}
	var others []string
	for _, c := range catalogs {
		if c.Error == "" {
			others = append(others, c.Server)
		}
	}
	if check {
		us.After = "nothing was checked; add --keep-going to check the servers that answered and report these"
		return us
	}
	us.After = "nothing was written; add --keep-going to snapshot the servers that answered and report these"
	if len(others) > 0 && o.Stdio == "" && o.URL == "" {
		us.After += ", or skip them: " + SnapshotCommandLine(o, dir, others...)
	}
	return us
}
