package openapi

import (
	"fmt"
	"strings"

	"github.com/pb33f/go-yaml"

	"github.com/mcp-contract/mcp-contract/contract"
	"github.com/mcp-contract/mcp-contract/internal/jsontree"
)

// MaxNodes is the node budget of one spec: every YAML node of every file
// its $refs reach, each alias counted as the whole of what it names, and
// again every JSON node of the tools one Generate builds. An alias costs
// nothing to parse and everything to expand: a 669-byte document of nested
// aliases (the "billion laughs") names 9^9 nodes, and our translator would
// expand them. GitHub's REST description, the largest public spec we know
// (13 MB), is about 1.3 million nodes.
const MaxNodes = 4_000_000

// nodeCounter counts expanded YAML nodes: each node once per place it is
// reached, an alias as the size of its target, which is counted once and
// remembered, so the count takes time linear in the parsed tree however
// large the expansion.
type nodeCounter struct {
	limit  int
	sizes  map[*yaml.Node]int
	active map[*yaml.Node]bool
	// alias is the first alias whose expansion took the count past the
	// limit.
	alias *yaml.Node
}

// size is n's expanded node count, saturated at limit+1.
func (c *nodeCounter) size(n *yaml.Node) int {
	if n == nil {
		return 0
	}
	if n.Kind == yaml.AliasNode {
		s := 1 + c.size(n.Alias)
		if s > c.limit {
			s = c.limit + 1
			if c.alias == nil {
				c.alias = n
			}
		}
		return s
	}
	if s, ok := c.sizes[n]; ok {
		return s
	}
	if c.active[n] {
		// An anchor inside itself: its expansion never ends.
		if c.alias == nil {
			c.alias = n
		}
		return c.limit + 1
	}
	c.active[n] = true
	s := 1
	for _, ch := range n.Content {
		if s += c.size(ch); s > c.limit {
			s = c.limit + 1
			if ch.Kind == yaml.AliasNode && c.alias == nil {
				c.alias = ch
			}
			break
		}
	}
	delete(c.active, n)
	c.sizes[n] = s
	return s
}

// charge counts file's parsed tree against what is left of the spec's
// budget, refusing it (on the alias that passed the budget, when one did)
// once the budget is spent.
func (s *Spec) charge(file string, n *yaml.Node) error {
	c := &nodeCounter{limit: s.nodesLeft, sizes: map[*yaml.Node]int{}, active: map[*yaml.Node]bool{}}
	size := c.size(n)
	if size <= s.nodesLeft {
		s.nodesLeft -= size
		return nil
	}
	if c.alias != nil {
		return at(s.display(file), c.alias, "", fmt.Sprintf("YAML aliases here expand past %d nodes, the node budget of a spec (and its $ref files)", MaxNodes))
	}
	return &contract.InputError{File: s.display(file), Msg: fmt.Sprintf("more than %d YAML nodes, the node budget of a spec (and its $ref files)", MaxNodes)}
}

// jsonNodes counts the nodes of a translated tree, a subtree shared by
// several parents once per parent (as it is written out), and stops past
// limit.
func jsonNodes(n *jsontree.Node, limit int) int {
	if n == nil {
		return 0
	}
	count := 1
	for _, m := range n.Members() {
		if count += jsonNodes(m.Value, limit-count); count > limit {
			return count
		}
	}
	for _, it := range n.Items() {
		if count += jsonNodes(it, limit-count); count > limit {
			return count
		}
	}
	return count
}

// maxEstimate bounds estimateNodes before a document is parsed: parsing
// holds about 330 bytes per node (a 36 MB spec of 4.2 million nodes peaked
// at 1.36 GB), so a 64 MB spec of ever smaller nodes must be refused
// before it is parsed, not after. The estimate may run over the true
// count by a little, hence the margin over MaxNodes.
const maxEstimate = MaxNodes + MaxNodes/4

// estimateNodes counts, without parsing, about as many nodes as data's
// YAML (or JSON) tree has: each scalar, quoted or not, each flow "[" and
// "{", and each key whose value starts on a later line (a block mapping or
// sequence). Comments and the insides of quoted scalars count nothing.
func estimateNodes(data []byte) int {
	n := 1
	boundary, closed := true, false
	space := func(i int) bool { return i >= len(data) || strings.IndexByte(" \t\r\n", data[i]) >= 0 }
	for i := 0; i < len(data); i++ {
		c := data[i]
		wasClosed := closed
		closed = false
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			boundary = true
		case c == '#' && boundary:
			for i+1 < len(data) && data[i+1] != '\n' {
				i++
			}
		case c == '[' || c == '{':
			n++
			boundary = true
		case c == ',':
			boundary = true
		case c == ']' || c == '}':
			boundary = false
		case c == ':' && (space(i+1) || wasClosed):
			j := i + 1
			for j < len(data) && (data[j] == ' ' || data[j] == '\t' || data[j] == '\r') {
				j++
			}
			if j >= len(data) || data[j] == '\n' || data[j] == '#' {
				n++
			}
			boundary = true
		case c == '-' && boundary && space(i+1):
		case boundary && (c == '"' || c == '\''):
			n++
			i = closeQuote(data, i)
			closed, boundary = true, false
		default:
			if boundary {
				n++
			}
			boundary = false
		}
	}
	return n
}

// closeQuote returns the index of the quote that ends the scalar opened at
// data[open] (YAML escapes ” inside single quotes, JSON and YAML \" inside
// double ones), or the last index when it never ends.
func closeQuote(data []byte, open int) int {
	q := data[open]
	for i := open + 1; i < len(data); i++ {
		switch {
		case q == '"' && data[i] == '\\':
			i++
		case data[i] == q && q == '\'' && i+1 < len(data) && data[i+1] == '\'':
			i++
		case data[i] == q:
			return i
		}
	}
	return len(data) - 1
}

// MaxMappingKeys bounds the keys of one YAML block mapping: libopenapi
// checks a YAML document's mappings for duplicate keys pairwise, so a
// mapping of 50,000 keys took 19 s and one of 1.24 million more than ten
// minutes. GitHub's REST description's widest mapping has under 2,000.
// JSON goes another way through libopenapi and is not bounded so.
const MaxMappingKeys = 10_000

// widestMapping finds, without parsing, the block mapping of a YAML text
// with the most keys, and the line of its first key past MaxMappingKeys;
// JSON (a text starting with "{") is 0. Lines more indented than a key
// are its value's; a "- " item starts a mapping of its own.
func widestMapping(data []byte) (keys, line int) {
	if t := strings.TrimLeft(string(data[:min(len(data), 64)]), " \t\r\n\ufeff"); strings.HasPrefix(t, "{") {
		return 0, 0
	}
	type level struct{ indent, keys int }
	var stack []level
	n := 0
	for i, text := range strings.Split(string(data), "\n") {
		content := strings.TrimLeft(text, " ")
		indent := len(text) - len(content)
		content = strings.TrimRight(content, " \r")
		if content == "" || strings.HasPrefix(content, "#") {
			continue
		}
		for strings.HasPrefix(content, "- ") {
			for len(stack) > 0 && stack[len(stack)-1].indent > indent {
				stack = stack[:len(stack)-1]
			}
			trimmed := strings.TrimLeft(content[2:], " ")
			indent += len(content) - len(trimmed)
			content = trimmed
			// The item's mapping is new: no key before it counts.
			for len(stack) > 0 && stack[len(stack)-1].indent >= indent {
				stack = stack[:len(stack)-1]
			}
		}
		if !isKeyLine(content) {
			continue
		}
		for len(stack) > 0 && stack[len(stack)-1].indent > indent {
			stack = stack[:len(stack)-1]
		}
		if len(stack) == 0 || stack[len(stack)-1].indent < indent {
			stack = append(stack, level{indent: indent})
		}
		top := &stack[len(stack)-1]
		top.keys++
		if top.keys > n {
			n = top.keys
			if n == MaxMappingKeys+1 {
				line = i + 1
			}
		}
	}
	return n, line
}

// isKeyLine reports a line that starts a block mapping entry: a plain or
// quoted key, then ":" and a blank or the line's end.
func isKeyLine(s string) bool {
	if s == "" || strings.ContainsRune("[{&*!|>%@`", rune(s[0])) {
		return false
	}
	if s[0] == '"' || s[0] == '\'' {
		end := strings.IndexByte(s[1:], s[0])
		return end >= 0 && strings.HasPrefix(s[end+2:], ":")
	}
	i := strings.Index(s, ":")
	return i > 0 && (i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\t') && !strings.Contains(s[:i], " #")
}
