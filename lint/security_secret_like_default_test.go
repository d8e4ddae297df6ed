package lint

import (
	"strings"
	"testing"
)

// Credential-shaped values are assembled at run time so that this file does
// not itself trip secret scanners (GitHub push protection, gitleaks). None of
// them is a real credential.
var (
	fakeAWSKey    = "AK" + "IA" + "Z7QW3PLM2KD9TX4B"
	fakeGitHubPAT = "gh" + "p_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
	fakeFineGrain = "github" + "_pat_" + "11ABCDEFG0123456789abc_defghijklmnopqrstuvwxyz0123456789ABCDEF"
	fakeOpenAIKey = "sk" + "-proj-" + "Q9x2Lm7Rt4Vb8Nw1Zk5Hc3Jd6Fg0Sp"
	fakeJWT       = "ey" + "JhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + "ey" + "JzdWIiOiIxMjM0NTY3ODkwIn0." + "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"
	fakePEM       = "-----BEGIN " + "RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEAu3Jk9\n-----END RSA PRIVATE KEY-----"
)

func TestSecretLikeDefault(t *testing.T) {
	const id = "security/secret-like-default"
	cases := []struct {
		name string
		tool string
		want []string
		msg  string
	}{{
		name: "corpus defaults are plain words and URLs",
		// npm tavily-mcp (search_depth "basic", country ""), server-everything
		// (a README URL) and heroku (size "standard-1x"), from testdata/corpus/servers.
		tool: `{"name":"tavily-search","inputSchema":{"type":"object","properties":{
		  "search_depth":{"type":"string","enum":["basic","advanced"],"default":"basic"},
		  "country":{"type":"string","default":""},
		  "url":{"type":"string","default":"https://raw.githubusercontent.com/modelcontextprotocol/servers/refs/heads/main/README.md"},
		  "size":{"type":"string","default":"standard-1x"}}}}`,
	}, {
		name: "provider key shapes in default, examples and const",
		tool: `{"name":"deploy","inputSchema":{"type":"object","properties":{
		  "aws_access_key_id":{"type":"string","default":"` + fakeAWSKey + `"},
		  "github":{"type":"string","examples":["` + fakeGitHubPAT + `","` + fakeFineGrain + `"]},
		  "model_key":{"const":"` + fakeOpenAIKey + `"}}},
		  "outputSchema":{"type":"object","properties":{"session":{"type":"string","default":"` + fakeJWT + `"}}}}`,
		want: []string{
			"/inputSchema/properties/aws_access_key_id/default",
			"/inputSchema/properties/github/examples/0",
			"/inputSchema/properties/github/examples/1",
			"/inputSchema/properties/model_key/const",
			"/outputSchema/properties/session/default",
		},
		msg: "default of aws_access_key_id looks like an AWS access key id (AKIA…4B, 20 characters)",
	}, {
		name: "a private key block nested in an object default",
		tool: `{"name":"ssh","inputSchema":{"type":"object","properties":{"conn":{"type":"object","default":{"host":"example.org","key":` + quoteJSON(fakePEM) + `}}}}}`,
		want: []string{"/inputSchema/properties/conn/default/key"},
		msg:  "default of key looks like a private key block",
	}, {
		name: "a random string in a property named like a credential",
		tool: `{"name":"db","inputSchema":{"type":"object","properties":{
		  "dbPassword":{"type":"string","default":"q7X9vL2mR4tZ8wK1"},
		  "api_key":{"type":"string","examples":["9f8a7b6c5d4e3f2a1b0c"]},
		  "max_tokens":{"type":"string","default":"4096abcdef123456"},
		  "token":{"type":"string","default":"Bearer"}}}}`,
		want: []string{"/inputSchema/properties/dbPassword/default", "/inputSchema/properties/api_key/examples/0"},
		msg:  "q7X9…K1",
	}, {
		name: "documented placeholders and key-shaped descriptions are not defaults",
		tool: `{"name":"aws","description":"Uses a key such as ` + fakeAWSKey + ` from the environment.","inputSchema":{"type":"object","properties":{
		  "access_key":{"type":"string","default":"AKIAIOSFODNN7EXAMPLE"},
		  "openai":{"type":"string","default":"sk-your-openai-api-key-here"},
		  "gh":{"type":"string","examples":["ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"]},
		  "password":{"type":"string","default":"${DB_PASSWORD}"},
		  "default":{"type":"string","description":"a property named default is not the keyword"}}}}`,
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fs := expectPointers(t, id, c.tool, c.want...)
			all := strings.Join(findingMessages(fs), "\n")
			if c.msg != "" && !strings.Contains(all, c.msg) {
				t.Errorf("messages %s do not contain %q", all, c.msg)
			}
			for _, secret := range []string{fakeAWSKey, fakeGitHubPAT, fakeOpenAIKey, fakeJWT} {
				if strings.Contains(all, secret) {
					t.Errorf("message republishes a credential: %s", all)
				}
			}
		})
	}
}
