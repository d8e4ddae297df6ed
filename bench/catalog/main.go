// Command catalog builds large catalogs of distinct tools from the corpus for
// the bench/ scripts, times the baseline they are measured against (a plain
// encoding/json decode of the same file), and measures a command's wall time,
// CPU time and peak memory.
//
//	go run ./bench/catalog gen -n 10000 -o big.json [-mutate 0.05 -o2 big-changed.json]
//	go run ./bench/catalog decode big.json [more.json]
//	go run ./bench/catalog measure [-exit N] -- CMD ARGS...
//	go run ./bench/catalog counts report.json
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"
)

func main() {
	if len(os.Args) < 2 {
		fail("usage: catalog gen|decode|measure|counts ...")
	}
	switch os.Args[1] {
	case "gen":
		gen(os.Args[2:])
	case "decode":
		for _, path := range os.Args[2:] {
			decode(path)
		}
	case "measure":
		measure(os.Args[2:])
	case "counts":
		if len(os.Args) != 3 {
			fail("usage: catalog counts report.json")
		}
		data, err := os.ReadFile(os.Args[2])
		if err != nil {
			fail(err.Error())
		}
		counts, err := ruleCounts(data)
		if err != nil {
			fail(err.Error())
		}
		os.Stdout.WriteString(counts)
	default:
		fail("unknown subcommand " + os.Args[1])
	}
}

func fail(msg string) {
	fmt.Fprintln(os.Stderr, "catalog:", msg)
	os.Exit(2)
}

// decode is the baseline: what any Go program pays to read the file at all.
func decode(path string) {
	data, err := os.ReadFile(path)
	if err != nil {
		fail(err.Error())
	}
	var v struct {
		Tools []map[string]any `json:"tools"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		fail(err.Error())
	}
}

// measure runs a command with its output discarded and prints its wall
// time, CPU time (user + system) in milliseconds to a tenth and peak RSS in KB, from
// the kernel's accounting of the child. The command must exit with -exit
// (default 0; lint and drift exit 1 on what the bench catalogs hold): a
// timing of a run that failed, or that found nothing, measures something
// else than what the bench claims.
func measure(args []string) {
	fs := flag.NewFlagSet("measure", flag.ExitOnError)
	want := fs.Int("exit", 0, "the exit code the command must return")
	fs.Parse(args)
	args = fs.Args()
	if len(args) == 0 {
		fail("usage: catalog measure [-exit N] -- CMD ARGS...")
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stderr = os.Stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if cmd.ProcessState == nil {
		fail(err.Error())
	}
	if code := cmd.ProcessState.ExitCode(); code != *want {
		fail(fmt.Sprintf("%s exited %d, want %d: not timing a run that did something else", strings.Join(args, " "), code, *want))
	}
	cpu := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	var rss int64
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		rss = int64(ru.Maxrss) // KB on Linux
	}
	fmt.Printf("%.1f %.1f %d\n", float64(wall.Microseconds())/1000, float64(cpu.Microseconds())/1000, rss)
}

// ruleCounts turns a JSON report into "rule count" lines sorted by rule:
// the golden that every optimisation must leave unchanged.
func ruleCounts(report []byte) (string, error) {
	var r struct {
		Findings []struct {
			Rule string `json:"rule"`
		} `json:"findings"`
	}
	if err := json.Unmarshal(report, &r); err != nil {
		return "", err
	}
	rules := make([]string, len(r.Findings))
	for i, f := range r.Findings {
		rules[i] = f.Rule
	}
	return formatCounts(rules), nil
}

// formatCounts is the golden's format: the total, then "rule count" lines.
func formatCounts(findingRules []string) string {
	counts := map[string]int{}
	for _, id := range findingRules {
		counts[id]++
	}
	rules := make([]string, 0, len(counts))
	for id := range counts {
		rules = append(rules, id)
	}
	sort.Strings(rules)
	var b strings.Builder
	fmt.Fprintf(&b, "total %d\n", len(findingRules))
	for _, id := range rules {
		fmt.Fprintf(&b, "%s %d\n", id, counts[id])
	}
	return b.String()
}

func gen(args []string) {
	fs := flag.NewFlagSet("gen", flag.ExitOnError)
	n := fs.Int("n", 10000, "number of tools")
	out := fs.String("o", "catalog.json", "output file")
	corpus := fs.String("corpus", "testdata/corpus/servers", "folder of tools/list files")
	mutate := fs.Float64("mutate", 0, "fraction of tools to change in a second file")
	out2 := fs.String("o2", "", "second file with -mutate applied")
	fs.Parse(args)

	base, err := corpusTools(*corpus)
	if err != nil {
		fail(err.Error())
	}
	if err := writeCatalogs(base, *n, *mutate, *out, *out2); err != nil {
		fail(err.Error())
	}
}

// corpusTools reads every tool of the corpus, in file order.
func corpusTools(dir string) ([]map[string]any, error) {
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	sort.Strings(files)
	var base []map[string]any
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var list struct {
			Tools []map[string]any `json:"tools"`
		}
		if err := json.Unmarshal(data, &list); err != nil {
			return nil, fmt.Errorf("%s: %v", f, err)
		}
		base = append(base, list.Tools...)
	}
	if len(base) == 0 {
		return nil, fmt.Errorf("no corpus tools in %s", dir)
	}
	return base, nil
}

// writeCatalogs streams n distinct tools to out (and, with out2, the same
// tools with a fraction changed), one tool at a time, so 100,000 tools do not
// need them all in memory.
func writeCatalogs(base []map[string]any, n int, mutate float64, out, out2 string) error {
	vocab := vocabulary(base)
	w1, close1, err := create(out)
	if err != nil {
		return err
	}
	var w2 *bufio.Writer
	close2 := func() error { return nil }
	if out2 != "" {
		if w2, close2, err = create(out2); err != nil {
			return err
		}
	}
	for i := range n {
		t := distinct(base[i%len(base)], i, vocab)
		if err := writeTool(w1, t, i, n); err != nil {
			return err
		}
		if w2 == nil {
			continue
		}
		// A fixed seed per tool keeps runs comparable.
		rng := rand.New(rand.NewPCG(uint64(i), 2))
		if rng.Float64() < mutate {
			t = change(t, i)
		}
		if err := writeTool(w2, t, i, n); err != nil {
			return err
		}
	}
	if err := close1(); err != nil {
		return err
	}
	return close2()
}

func create(path string) (*bufio.Writer, func() error, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, nil, err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	w.WriteString("{\n  \"tools\": [\n")
	return w, func() error {
		w.WriteString("  ]\n}\n")
		if err := w.Flush(); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	}, nil
}

func writeTool(w *bufio.Writer, t map[string]any, i, n int) error {
	data, err := json.MarshalIndent(t, "    ", "  ")
	if err != nil {
		return err
	}
	w.WriteString("    ")
	w.Write(data)
	if i < n-1 {
		w.WriteByte(',')
	}
	_, err = w.WriteString("\n")
	return err
}

// vocabulary is every distinct word of the corpus's descriptions, sorted, so
// replaced words are real English of the kind tool descriptions use (random
// letters would cost the tokenizer more than real text does).
func vocabulary(base []map[string]any) []string {
	seen := map[string]bool{}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, c := range v {
				if s, ok := c.(string); ok && k == "description" {
					for _, w := range strings.Fields(s) {
						if isWord(w) {
							seen[w] = true
						}
					}
				}
				walk(c)
			}
		case []any:
			for _, c := range v {
				walk(c)
			}
		}
	}
	for _, t := range base {
		walk(t)
	}
	words := make([]string, 0, len(seen))
	for w := range seen {
		words = append(words, w)
	}
	sort.Strings(words)
	return words
}

func isWord(w string) bool {
	for _, r := range w {
		if (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') {
			return false
		}
	}
	return len(w) > 2
}

// distinct makes copy i of a corpus tool its own: its own name, about a
// quarter of the words of every description replaced by other corpus words
// (at least one), and, for every odd i, its own property names (and the
// required entries naming them) and enum values. Caches keyed by text
// (token segments, poisoning verdicts) then see no more repetition than a
// catalog of different servers would give them.
func distinct(tool map[string]any, i int, vocab []string) map[string]any {
	t := clone(tool)
	rng := rand.New(rand.NewPCG(uint64(i), 1))
	t["name"] = fmt.Sprintf("%s_%d", t["name"], i)
	var rename map[string]string
	suffix := fmt.Sprintf("_%d", i)
	if i%2 == 1 {
		rename = map[string]string{}
		for _, key := range []string{"inputSchema", "outputSchema"} {
			collectProperties(t[key], rename, suffix)
		}
	}
	var walk func(v any, inSchema bool) any
	walk = func(v any, inSchema bool) any {
		switch v := v.(type) {
		case map[string]any:
			// Sorted keys: the words drawn must not depend on map order.
			for _, k := range sortedKeys(v) {
				c := v[k]
				switch {
				case k == "description":
					if s, ok := c.(string); ok {
						v[k] = reword(s, rng, vocab)
						continue
					}
				case inSchema && k == "properties" && rename != nil:
					if props, ok := c.(map[string]any); ok {
						renamed := map[string]any{}
						for _, name := range sortedKeys(props) {
							renamed[rename[name]] = walk(props[name], true)
						}
						v[k] = renamed
						continue
					}
				case inSchema && k == "required" && rename != nil:
					if list, ok := c.([]any); ok {
						for j, s := range list {
							if name, ok := s.(string); ok && rename[name] != "" {
								list[j] = rename[name]
							}
						}
						continue
					}
				case inSchema && k == "enum" && rename != nil:
					if list, ok := c.([]any); ok {
						for j, s := range list {
							if s, ok := s.(string); ok && s != "" {
								list[j] = s + suffix
							}
						}
						continue
					}
				}
				v[k] = walk(c, inSchema || k == "inputSchema" || k == "outputSchema")
			}
		case []any:
			for j, c := range v {
				v[j] = walk(c, inSchema)
			}
		}
		return v
	}
	return walk(t, false).(map[string]any)
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func collectProperties(v any, rename map[string]string, suffix string) {
	switch v := v.(type) {
	case map[string]any:
		if props, ok := v["properties"].(map[string]any); ok {
			for name := range props {
				rename[name] = name + suffix
			}
		}
		for _, c := range v {
			collectProperties(c, rename, suffix)
		}
	case []any:
		for _, c := range v {
			collectProperties(c, rename, suffix)
		}
	}
}

// reword replaces about one word in four (at least one) with a corpus word.
func reword(s string, rng *rand.Rand, vocab []string) string {
	words := strings.Split(s, " ")
	var candidates []int
	for j, w := range words {
		if isWord(w) {
			candidates = append(candidates, j)
		}
	}
	if len(candidates) == 0 {
		return s
	}
	replaced := false
	for _, j := range candidates {
		if rng.IntN(4) == 0 {
			words[j] = vocab[rng.IntN(len(vocab))]
			replaced = true
		}
	}
	if !replaced {
		j := candidates[rng.IntN(len(candidates))]
		words[j] = vocab[rng.IntN(len(vocab))]
	}
	return strings.Join(words, " ")
}

// change applies one of three changes drift must find: a reworded
// description, a new required parameter, or a rename (a removal plus an
// addition).
func change(t map[string]any, i int) map[string]any {
	t = clone(t)
	switch i % 3 {
	case 0:
		t["description"] = fmt.Sprintf("%v (changed)", t["description"])
	case 1:
		if in, ok := t["inputSchema"].(map[string]any); ok {
			props, _ := in["properties"].(map[string]any)
			if props == nil {
				props = map[string]any{}
				in["properties"] = props
			}
			props["added_required"] = map[string]any{"type": "string"}
			req, _ := in["required"].([]any)
			in["required"] = append(req, "added_required")
		}
	default:
		t["name"] = fmt.Sprintf("%v_renamed", t["name"])
	}
	return t
}

func clone(t map[string]any) map[string]any {
	data, _ := json.Marshal(t)
	var c map[string]any
	json.Unmarshal(data, &c)
	return c
}
