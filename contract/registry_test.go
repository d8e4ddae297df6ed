package contract

import (
	"strings"
	"testing"
)

type testRule struct{ id string }

func (r *testRule) Info() RuleInfo { return RuleInfo{ID: r.id} }

func TestRegistry(t *testing.T) {
	g := Registry[*testRule]{Group: "demo"}
	b := g.Register(&testRule{"demo/b"})
	g.Register(&testRule{"demo/a"})
	if got, ok := g.Lookup("demo/b"); !ok || got != b {
		t.Errorf("Lookup(demo/b) = %v, %v", got, ok)
	}
	if _, ok := g.Lookup("demo/c"); ok {
		t.Error("Lookup found a rule never registered")
	}
	var ids []string
	for _, info := range g.Rules() {
		ids = append(ids, info.ID)
	}
	if strings.Join(ids, " ") != "demo/a demo/b" {
		t.Errorf("Rules() = %v, want sorted by id", ids)
	}
	for _, id := range []string{"demo/a", "other/x"} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("registering %s did not panic", id)
				}
			}()
			g.Register(&testRule{id})
		}()
	}
}
