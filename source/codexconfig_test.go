package source

import (
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mcp-contract/mcp-contract/contract"
)

func TestCodexConfig(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	write(t, path, `model = "o3"

[mcp_servers.github]
command = "npx"
args = ["-y", "@modelcontextprotocol/server-github"]
env = { GITHUB_PERSONAL_ACCESS_TOKEN = "${GITHUB_TOKEN}" }

[mcp_servers.docs]
url = "https://docs.example.com/mcp"

[mcp_servers.broken]
args = ["x"]

[mcp_servers.off]
command = "off-server"
enabled = false

[mcp_servers."../escape"]
command = "x"
`)
	cf, err := ReadClientConfigAsWritten(path)
	if err != nil {
		t.Fatal(err)
	}
	want := []*ServerConfig{
		{Name: "github", Command: []string{"npx"}, Args: []string{"-y", "@modelcontextprotocol/server-github"}, Env: map[string]string{"GITHUB_PERSONAL_ACCESS_TOKEN": "${GITHUB_TOKEN}"}},
		{Name: "docs", URL: "https://docs.example.com/mcp"},
	}
	if !reflect.DeepEqual(cf.Servers, want) {
		t.Errorf("servers %+v\nwant %+v", cf.Servers, want)
	}
	if len(cf.Notes) != 2 || !strings.Contains(cf.Notes[0], `server "broken" has neither command nor url; skipped`) || !strings.Contains(cf.Notes[1], "mcp_servers: ") {
		t.Errorf("notes %q", cf.Notes)
	}

	write(t, path, "[mcp_servers.a]\ncommand = \n")
	_, err = ReadClientConfigAsWritten(path)
	var ie *contract.InputError
	if !errors.As(err, &ie) || ie.Line != 2 || !strings.HasPrefix(ie.Msg, "malformed TOML") {
		t.Errorf("malformed file: %v", err)
	}
}
