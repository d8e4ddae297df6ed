package source

// Stage is a step of one server's fetch, as FetchOptions.Progress hears it.
type Stage int

const (
	// Starting: the process is being started, or the URL dialled.
	Starting Stage = iota
	// Handshake: waiting for the answer to initialize, which a server
	// installed on first use (npx, uvx) gives only once installed.
	Handshake
	// ListingTools: tools/list, page after page.
	ListingTools
	// Done: the detail is what was listed.
	Done
	// Failed: the detail is the error.
	Failed
)

var stageNames = [...]string{"starting", "handshake", "tools/list", "done", "failed"}

func (s Stage) String() string { return stageNames[s] }
