package main

import (
	"os"

	"github.com/mcp-contract/mcp-contract/internal/progress"
	"github.com/mcp-contract/mcp-contract/source"
)

// progress is the pipeline's progress hook: a view of the servers' fetch
// on stderr, where there is one to show.
func (c *cli) progress(servers []*source.ServerConfig) (func(string, source.Stage, string), func()) {
	names := make([]string, len(servers))
	for i, s := range servers {
		names[i] = s.Name
	}
	view := progress.New(c.stderr, c.line, names, os.Getenv("GITHUB_ACTIONS") == "true")
	if view == nil {
		return nil, func() {}
	}
	report := func(server string, stage source.Stage, detail string) {
		end := progress.Running
		switch stage {
		case source.Done:
			end = progress.Done
		case source.Failed:
			end = progress.Failed
		}
		view.Report(server, stage, end, detail)
	}
	return report, view.Close
}
