package collisions

import "github.com/mcp-contract/mcp-contract/contract"

var similarName = register(&Rule{
	ID:       "collision/similar-name",
	Severity: contract.Warning,
	Summary:  "two tool names differ only in case or in _ - . :",
	Help: "get_file and get-file, or list.issues and list_issues, read as one name to a model choosing a tool, so it calls " +
		"the wrong one; and a client that rewrites names for a provider (. and : to _, see collision/after-rewrite) can " +
		"make them one. MCP names are case-sensitive (server/tools.mdx §Tool Names), so nothing else catches this. " +
		"What is checked: within each group (one server's own tools included), names that are equal once case is folded and " +
		"_ - . : are removed, and that collision/after-rewrite has not already reported. " +
		"Fix: rename one so the two differ in a word, not in punctuation (the finding proposes a server-prefixed name), or drop one if they do the same.",
})

// Registered after collision/after-rewrite (files initialise in name order),
// so the names that rule found merged are known here.
var _ = addGroupCheck(similarName, func(k *checker, g *groupIndex) {
	type slot struct {
		name string
		r    ref
	}
	byKey := make(map[string][]slot, len(g.refs))
	listed := make(map[string]bool, len(g.refs)) // names already in a cluster
	var order []string
	for _, r := range g.refs {
		if listed[r.t.Name] {
			continue
		}
		listed[r.t.Name] = true
		key := normalise(r.t.Name)
		list := byKey[key]
		if len(list) == 0 {
			order = append(order, key)
		}
		byKey[key] = append(list, slot{r.t.Name, r})
	}
	for _, key := range order {
		list := byKey[key]
		if len(list) < 2 {
			continue
		}
		covered := true
		for _, s := range list[1:] {
			covered = covered && g.root(s.name) == g.root(list[0].name)
		}
		if covered {
			continue
		}
		at, others := list[1].r, []ref{list[0].r}
		for _, s := range list[2:] {
			others = append(others, s.r)
		}
		k.report(similarName, at, others, k.renameFix(g, at),
			"tool %q differs from %s%s only in case or in _ - . :, so a model may call the wrong one",
			at.t.Name, toolsOf(others), g.in)
	}
})
