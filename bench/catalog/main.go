// Command catalog builds large tool catalogs from the corpus for the bench/
// scripts, and times the baseline they are measured against: a plain
// encoding/json decode of the same file.
//
//	go run ./bench/catalog gen -n 10000 -o big.json [-mutate 0.05 -o2 big-changed.json]
//	go run ./bench/catalog decode big.json [more.json]
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
)

func main() {
	if len(os.Args) < 2 {
		fail("usage: catalog gen|decode ...")
	}
	switch os.Args[1] {
	case "gen":
		gen(os.Args[2:])
	case "decode":
		for _, path := range os.Args[2:] {
			decode(path)
		}
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

func gen(args []string) {
	fs := flag.NewFlagSet("gen", flag.ExitOnError)
	n := fs.Int("n", 10000, "number of tools")
	out := fs.String("o", "catalog.json", "output file")
	corpus := fs.String("corpus", "testdata/corpus/servers", "folder of tools/list files")
	mutate := fs.Float64("mutate", 0, "fraction of tools to change in a second file")
	out2 := fs.String("o2", "", "second file with -mutate applied")
	fs.Parse(args)

	files, _ := filepath.Glob(filepath.Join(*corpus, "*.json"))
	sort.Strings(files)
	var base []map[string]any
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			fail(err.Error())
		}
		var list struct {
			Tools []map[string]any `json:"tools"`
		}
		if err := json.Unmarshal(data, &list); err != nil {
			fail(f + ": " + err.Error())
		}
		base = append(base, list.Tools...)
	}
	if len(base) == 0 {
		fail("no corpus tools in " + *corpus)
	}
	tools := make([]map[string]any, *n)
	for i := range tools {
		t := clone(base[i%len(base)])
		t["name"] = fmt.Sprintf("%s_%d", t["name"], i)
		tools[i] = t
	}
	write(*out, tools)
	if *out2 == "" {
		return
	}
	// A fixed seed keeps runs comparable.
	rng := rand.New(rand.NewPCG(1, 2))
	changed := make([]map[string]any, len(tools))
	for i, t := range tools {
		changed[i] = clone(t)
	}
	for _, i := range rng.Perm(len(changed))[:int(float64(len(changed))**mutate)] {
		t := changed[i]
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
	}
	write(*out2, changed)
}

func clone(t map[string]any) map[string]any {
	data, _ := json.Marshal(t)
	var c map[string]any
	json.Unmarshal(data, &c)
	return c
}

func write(path string, tools []map[string]any) {
	data, err := json.MarshalIndent(map[string]any{"tools": tools}, "", "  ")
	if err != nil {
		fail(err.Error())
	}
	if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
		fail(err.Error())
	}
}
