package pipeline

import (
	"fmt"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestZZProf(t *testing.T) {
	shape := os.Getenv("ZZSHAPE")
	if shape == "" {
		t.Skip()
	}
	var data string
	switch shape {
	case "enum":
		data = `{"tools":[{"name":"e","description":"Pick one.","inputSchema":{"type":"object","properties":{"v":{"type":"integer","description":"A value.","enum":[` + strings.Repeat("0,", 2<<20) + `0]}}}}]}`
	case "props":
		var b strings.Builder
		for i := range 400000 {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, "\"%x\":{}", i)
		}
		data = `{"tools":[{"name":"p","description":"Many.","inputSchema":{"type":"object","properties":{` + b.String() + `}}}]}`
	case "tiny":
		var b strings.Builder
		for i := range 80000 {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `{"name":"t%07d","inputSchema":{"type":"object"}}`, i)
		}
		data = `{"tools":[` + b.String() + `]}`
	}
	path := filepath.Join(t.TempDir(), "x.json")
	os.WriteFile(path, []byte(data), 0o644)
	res, err := Run(context.Background(), &Options{Sources: []string{path}, MaxFindingsPerRule: 1000})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(len(res.Findings), res.OmittedCount())
}
