package contract

// DefaultMaxFindingsPerRule is --max-findings-per-rule's default: enough to
// see every pattern a rule finds, few enough that a file with millions of
// findings does not hold them all in memory (issue 32).
const DefaultMaxFindingsPerRule = 1000

// Omitted counts the findings of one rule on one server that a run counted
// but did not list, past its cap per rule per server. The counts keep the
// totals and the exit code exact.
type Omitted struct {
	Rule     string   `json:"rule"`
	Server   string   `json:"server,omitempty"`
	Severity Severity `json:"severity"`
	Count    int      `json:"count"`
	// Existing is how many of them the base already had (Finding.Existing).
	Existing int `json:"existing,omitempty"`
	// AllowedBy names the label that let them through, as on Finding.
	AllowedBy string `json:"allowedBy,omitempty"`
}

type capKey struct {
	rule, server string
	sev          Severity
}

// Capper keeps the first Max findings of each rule on each server and
// counts the rest; Max 0 keeps every finding. Not safe for concurrent use.
type Capper struct {
	Max   int
	kept  map[capKey]int
	extra map[capKey]*Omitted
	order []*Omitted
}

// NewCapper returns a Capper keeping max findings per rule per server.
func NewCapper(max int) *Capper {
	return &Capper{Max: max, kept: map[capKey]int{}, extra: map[capKey]*Omitted{}}
}

// Keep says whether f is listed; when it is not, f is counted instead.
func (c *Capper) Keep(f *Finding) bool {
	if c.Max <= 0 {
		return true
	}
	k := capKey{f.Rule, f.Server, f.Severity}
	if c.kept[k] < c.Max {
		c.kept[k]++
		return true
	}
	c.Count(f.Rule, f.Server, f.Severity, 1, f.Existing())
	return false
}

// Count adds n findings not listed, all existing or all not.
func (c *Capper) Count(rule, server string, sev Severity, n int, existing bool) {
	k := capKey{rule, server, sev}
	o := c.extra[k]
	if o == nil {
		o = &Omitted{Rule: rule, Server: server, Severity: sev}
		c.extra[k] = o
		c.order = append(c.order, o)
	}
	o.Count += n
	if existing {
		o.Existing += n
	}
}

// Filter keeps the findings Keep lists, in place.
func (c *Capper) Filter(findings []Finding) []Finding {
	out := findings[:0]
	for i := range findings {
		if c.Keep(&findings[i]) {
			out = append(out, findings[i])
		}
	}
	clear(findings[len(out):])
	return out
}

// Omitted lists what was counted and not listed, in the order first met.
func (c *Capper) Omitted() []Omitted {
	out := make([]Omitted, 0, len(c.order))
	for _, o := range c.order {
		out = append(out, *o)
	}
	return out
}

// OmittedCount is how many findings the result counted but did not list.
func (r *Result) OmittedCount() int {
	n := 0
	for _, o := range r.Omitted {
		n += o.Count
	}
	return n
}
